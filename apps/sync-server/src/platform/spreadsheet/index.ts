/** The public entry of platform/spreadsheet: report files (.xlsx) made on the server, formulas neutralised (HTML-03). */
export {
  type SheetWriter,
  type SpreadsheetColumn,
  type SpreadsheetColumnKind,
  type SpreadsheetSheet,
  workbookWriter,
  writeWorkbook,
  XLSX_CONTENT_TYPE,
} from './spreadsheet';
