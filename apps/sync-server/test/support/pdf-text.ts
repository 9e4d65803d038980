import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

/**
 * The text drawn on a PDF's pages, one string per text-showing operator, in order: a small pdf-parse stand-in for
 * what our renderer writes (content streams, Flate or not, with hex or literal strings and the standard fonts'
 * WinAnsi bytes). It also loads the file with pdf-lib, so a malformed PDF fails here.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await PDFDocument.load(bytes);
  const raw = Buffer.from(bytes).toString('latin1');
  const out: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const data = Buffer.from(m[1]!, 'latin1');
    let content: string;
    try {
      content = inflateSync(data).toString('latin1');
    } catch {
      content = data.toString('latin1');
    }
    const shown = /(<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\))\s*Tj/g;
    for (let t = shown.exec(content); t; t = shown.exec(content)) {
      if (t[2] !== undefined) out.push(Buffer.from(t[2].replace(/\s/g, ''), 'hex').toString('latin1'));
      else out.push(t[3]!.replace(/\\([()\\])/g, '$1'));
    }
  }
  return { pages: doc.getPageCount(), text: out.join('\n') };
}
