import { spreadsheetValue } from '@simvisit/schema';
import type { Workbook } from 'exceljs';
import type { DataColumn } from './data-columns';

export { spreadsheetValue };

/** The columns a spreadsheet has: those with a plain value, unless they opt out. */
export function exportedColumns<Row>(columns: readonly DataColumn<Row>[]) {
  return columns.flatMap((column) => {
    if (column.exportValue === false) return [];
    const read = column.exportValue ?? column.value;
    return read ? [{ header: column.header, read }] : [];
  });
}

export interface XlsxOptions {
  /** The worksheet's tab (31 characters at most in Excel). */
  sheetName: string;
}

/**
 * A workbook of one sheet built from a table's own column definitions: a bold header row, one row a record,
 * each cell the column's export value. exceljs is loaded on first use only, so screens that never export do
 * not download it.
 */
export async function buildXlsx<Row>(columns: readonly DataColumn<Row>[], rows: readonly Row[], options: XlsxOptions): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31));
  const exported = exportedColumns(columns);
  sheet.columns = exported.map((column) => ({
    header: spreadsheetValue(column.header) as string,
    width: Math.min(60, Math.max(10, column.header.length + 2)),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(exported.map((column) => spreadsheetValue(column.read(row))));
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'yyyy-mm-dd';
    });
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return workbook;
}

/** The .xlsx file's bytes. */
export async function xlsxBuffer<Row>(
  columns: readonly DataColumn<Row>[],
  rows: readonly Row[],
  options: XlsxOptions,
): Promise<ArrayBuffer> {
  const workbook = await buildXlsx(columns, rows, options);
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Saves the rows as `fileName` (.xlsx) in the browser. */
export async function downloadXlsx<Row>(
  fileName: string,
  columns: readonly DataColumn<Row>[],
  rows: readonly Row[],
  options: XlsxOptions,
): Promise<void> {
  const blob = new Blob([await xlsxBuffer(columns, rows, options)], { type: XLSX_TYPE });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`;
  link.click();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
