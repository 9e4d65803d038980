/** The public entry of platform/pdf: documents rendered on the server with the standard fonts only (HTML-04). */
export { type PdfBlock, type PdfDocumentSpec, renderPdf, sha256Hex } from './pdf';
