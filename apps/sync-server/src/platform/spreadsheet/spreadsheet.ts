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

/** A sheet being written: rows are added as they come (a large report page after page), the footer last. */
export interface SheetWriter<Row> {
  add(rows: readonly Row[]): void;
  footer(row: Row): void;
}

function openSheet<Row>(workbook: ExcelJS.Workbook, name: string, columns: readonly SpreadsheetColumn<Row>[]): SheetWriter<Row> {
  const ws = workbook.addWorksheet(name.slice(0, 31));
  ws.columns = columns.map((c) => ({
    header: spreadsheetValue(c.header) as string,
    width: c.width ?? Math.min(60, Math.max(10, c.header.length + 2)),
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const write = (row: Row) => {
    const added = ws.addRow(columns.map((c) => cellValue(c.kind, c.value(row))));
    columns.forEach((c, i) => {
      const format = NUMBER_FORMATS[c.kind];
      if (format) added.getCell(i + 1).numFmt = format;
    });
    return added;
  };
  return {
    add: (rows) => {
      for (const row of rows) write(row);
    },
    footer: (row) => {
      write(row).font = { bold: true };
    },
  };
}

/** A workbook written sheet by sheet and row by row; `bytes()` gives the .xlsx file. */
export function workbookWriter() {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  return {
    sheet: <Row>(name: string, columns: readonly SpreadsheetColumn<Row>[]) => openSheet(workbook, name, columns),
    bytes: async () => Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

/** The .xlsx file's bytes for one or more sheets. */
// biome-ignore lint/suspicious/noExplicitAny: each sheet has its own row type
export async function writeWorkbook(sheets: readonly SpreadsheetSheet<any>[]): Promise<Buffer> {
  const book = workbookWriter();
  for (const sheet of sheets) {
    const writer = book.sheet(sheet.name, sheet.columns);
    writer.add(sheet.rows);
    if (sheet.footer !== undefined) writer.footer(sheet.footer);
  }
  return book.bytes();
}
