import { createHash } from 'node:crypto';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * A document as the renderer takes it: plain text only. Nothing in it is ever a resource to load: a text that
 * looks like a URL is printed as text (HTML-04), and only the PDF standard fonts are used, so rendering never
 * reads a file or the network.
 */
export interface PdfDocumentSpec {
  title: string;
  /** the document's dates come from the data (e.g. the approval time), so the same input gives the same bytes */
  createdAt: Date;
  blocks: PdfBlock[];
}

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** label: value pairs, one a line */
  | { kind: 'fields'; rows: [label: string, value: string][] }
  /** a table with a header row; the last columns are right aligned when `numeric` says so */
  | { kind: 'table'; columns: string[]; widths: number[]; rows: string[][]; numeric?: boolean[] }
  | { kind: 'space' };

const PAGE = { width: 612, height: 792, margin: 54 } as const;
const SIZE = { title: 18, heading: 13, body: 10 } as const;
const LINE = 14;

/** Characters Helvetica (WinAnsi) cannot draw become '?', and control characters a space: never a render error. */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) out += ' ';
    else out += supported.has(code) ? ch : '?';
  }
  return out;
}

/** Breaks a text into lines no wider than `width` (long words are cut). */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let w = word;
    while (!fits(w)) {
      let cut = w.length - 1;
      while (cut > 1 && !fits(w.slice(0, cut))) cut--;
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(w.slice(0, cut));
      w = w.slice(cut);
    }
    const candidate = line ? `${line} ${w}` : w;
    if (fits(candidate)) line = candidate;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** Renders a document to PDF bytes; deterministic for the same spec (no random ids, fixed dates and producer). */
export async function renderPdf(spec: PdfDocumentSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(drawable(regular, spec.title));
  doc.setCreationDate(spec.createdAt);
  doc.setModificationDate(spec.createdAt);
  doc.setProducer('SimVisit');
  doc.setCreator('SimVisit');
  const usable = PAGE.width - 2 * PAGE.margin;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const ensure = (height: number) => {
    if (y - height >= PAGE.margin) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  const text = (s: string, x: number, font: PDFFont, size: number, width = usable) => {
    for (const line of wrap(font, size, drawable(font, s), width)) {
      ensure(LINE);
      page.drawText(line, { x, y, size, font, color: rgb(0, 0, 0) });
      y -= size + 4;
    }
  };

  text(spec.title, PAGE.margin, bold, SIZE.title);
  y -= 8;
  for (const block of spec.blocks) {
    switch (block.kind) {
      case 'heading':
        y -= 6;
        text(block.text, PAGE.margin, bold, SIZE.heading);
        break;
      case 'paragraph':
        text(block.text, PAGE.margin, regular, SIZE.body);
        break;
      case 'space':
        y -= LINE / 2;
        break;
      case 'fields': {
        const labelWidth = Math.max(...block.rows.map(([l]) => bold.widthOfTextAtSize(drawable(bold, l), SIZE.body))) + 12;
        for (const [label, value] of block.rows) {
          ensure(LINE);
          const top = y;
          page.drawText(drawable(bold, label), { x: PAGE.margin, y, size: SIZE.body, font: bold });
          text(value, PAGE.margin + labelWidth, regular, SIZE.body, usable - labelWidth);
          if (y === top) y -= LINE;
        }
        break;
      }
      case 'table': {
        const total = block.widths.reduce((a, b) => a + b, 0);
        const widths = block.widths.map((w) => (w / total) * usable);
        const row = (cells: string[], font: PDFFont) => {
          ensure(LINE);
          let x = PAGE.margin;
          cells.forEach((cell, i) => {
            const w = widths[i]!;
            const [first = ''] = wrap(font, SIZE.body, drawable(font, cell), w - 6);
            const right = block.numeric?.[i] ? w - 6 - font.widthOfTextAtSize(first, SIZE.body) : 0;
            page.drawText(first, { x: x + right, y, size: SIZE.body, font });
            x += w;
          });
          y -= LINE;
        };
        row(block.columns, bold);
        for (const cells of block.rows) row(cells, regular);
        break;
      }
    }
  }
  return doc.save({ useObjectStreams: false });
}

/** The SHA-256 (hex) of exact bytes, e.g. the PDF a signer was shown. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
