import { decodePDFRawStream, PDFArray, PDFDocument, type PDFObject, PDFRawStream, PDFRef } from 'pdf-lib';

/**
 * The text drawn on a PDF's pages, one string per text-showing operator, page by page: a small pdf-parse stand-in
 * for what our renderer writes (content streams, Flate or not, with hex or literal strings and the standard fonts'
 * WinAnsi bytes). pdf-lib reads the file (a malformed PDF fails here) and decodes each page's content streams by
 * their declared length and filters; cutting streams out of the bytes with a pattern lost a stream whose
 * compressed data happened to end in a carriage return.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await PDFDocument.load(bytes);
  const streamsOf = (value: PDFObject | undefined): PDFRawStream[] => {
    const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
    if (resolved instanceof PDFRawStream) return [resolved];
    if (resolved instanceof PDFArray) return resolved.asArray().flatMap(streamsOf);
    return [];
  };
  const out: string[] = [];
  for (const page of doc.getPages()) {
    for (const stream of streamsOf(page.node.Contents())) {
      const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      const shown = /(<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\))\s*Tj/g;
      for (let t = shown.exec(content); t; t = shown.exec(content)) {
        if (t[2] !== undefined) out.push(Buffer.from(t[2].replace(/\s/g, ''), 'hex').toString('latin1'));
        else out.push(t[3]!.replace(/\\([()\\])/g, '$1'));
      }
    }
  }
  return { pages: doc.getPageCount(), text: out.join('\n') };
}
