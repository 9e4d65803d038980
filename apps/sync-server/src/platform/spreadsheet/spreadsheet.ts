import { type CellValue, spreadsheetValue } from '@simvisit/schema';
import ExcelJS from 'exceljs';

/**
 * Report files made on the server (issue 20, decision 0078): workbooks of one or more sheets where every text cell
 * passes the shared formula rule (HTML-03), numbers stay numbers, and money and hours carry a number format so a
 * sheet sums and sorts them. The API's amounts are dollar text; a money column reads them as numbers here.
 */

/** How a column's cells are written: text as given; number, hours and money as numbers (money from '12.50'). */
export type SpreadsheetColumnKind = 'text' | 'number' | 'hours' | 'money' | 'date';

export interface SpreadsheetColumn<Row> {
  header: string;
  kind: SpreadsheetColumnKind;
  value: (row: Row) => CellValue;
  /** characters; a width from the header's length when left out */
  width?: number;
}

export interface SpreadsheetSheet<Row> {
  /** the tab's name (31 characters at most in Excel) */
  name: string;
  columns: readonly SpreadsheetColumn<Row>[];
  rows: readonly Row[];
  /** a last bold row (grand totals), written like the others */
  footer?: Row;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const NUMBER_FORMATS: Record<SpreadsheetColumnKind, string | undefined> = {
  text: undefined,
  number: '0',
  hours: '0.00',
  money: '"$"#,##0.00',
  date: 'yyyy-mm-dd',
};

/** A cell's value: money and hours given as text ('12.50') become numbers; anything else passes the formula rule. */
function cellValue(kind: SpreadsheetColumnKind, raw: CellValue): string | number | boolean | Date | null {
  if ((kind === 'money' || kind === 'hours' || kind === 'number') && typeof raw === 'string' && raw.trim() !== '') {
    const n = Number(raw);
    if (Number.isFinite(n)) return n;
  }
  return spreadsheetValue(raw);
}

function addSheet<Row>(workbook: ExcelJS.Workbook, sheet: SpreadsheetSheet<Row>): void {
  const ws = workbook.addWorksheet(sheet.name.slice(0, 31));
  ws.columns = sheet.columns.map((c) => ({
    header: spreadsheetValue(c.header) as string,
    width: c.width ?? Math.min(60, Math.max(10, c.header.length + 2)),
  }));
  ws.getRow(1).font = { bold: true };
  const write = (row: Row) => {
    const added = ws.addRow(sheet.columns.map((c) => cellValue(c.kind, c.value(row))));
    sheet.columns.forEach((c, i) => {
      const format = NUMBER_FORMATS[c.kind];
      if (format) added.getCell(i + 1).numFmt = format;
    });
    return added;
  };
  for (const row of sheet.rows) write(row);
  if (sheet.footer !== undefined) write(sheet.footer).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

/** The .xlsx file's bytes for one or more sheets. */
// biome-ignore lint/suspicious/noExplicitAny: each sheet has its own row type
export async function writeWorkbook(sheets: readonly SpreadsheetSheet<any>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  for (const sheet of sheets) addSheet(workbook, sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
