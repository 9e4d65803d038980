import ExcelJS from 'exceljs';

/** One row's first cell as text. */
export interface SheetCell {
  row: number;
  text: string;
}

/**
 * A cell's text as the file holds it. A formula is never evaluated and its cached result is never trusted: the
 * formula itself is the text (so it is reported as an invalid row). Excel turns typed emails into hyperlinks and
 * rich text; their shown text is the value.
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value) {
    const f = value as { formula?: string; sharedFormula?: string };
    return `=${f.formula ?? f.sharedFormula ?? ''}`;
  }
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) {
    const text = (value as { text: unknown }).text;
    if (typeof text === 'string') return text;
    if (text && typeof text === 'object' && 'richText' in text)
      return (text as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('');
    return '';
  }
  if ('error' in value) return String(value.error);
  return '';
}

/**
 * The first column of the first sheet. Only called on bytes that passed inspectXlsx, so the parse is bounded;
 * `maxRows` is checked again on the parsed sheet. Answers null when exceljs cannot read the file.
 */
export async function readFirstColumn(buf: Buffer, maxRows: number): Promise<SheetCell[] | 'too-many-rows' | null> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > maxRows) return 'too-many-rows';
  const cells: SheetCell[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    cells.push({ row: number, text: cellText(row.getCell(1).value) });
  });
  return cells;
}
