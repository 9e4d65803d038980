/*
 * What a spreadsheet cell may hold, one rule for every export (the PWA's table exports in packages/ui and the
 * server's report files in platform/spreadsheet): SECURITY.md HTML-03, ASVS 1.2.10.
 */

/** A plain value a cell holds: text, a number, a date, a yes/no or nothing. */
export type CellValue = string | number | boolean | Date | null | undefined;

/** Text a spreadsheet program could read as a formula or a control character (SECURITY.md HTML-03). */
const FORMULA_START = /^[=+\-@\t\r\0]/;
/** Characters an XML 1.0 document cannot hold: a cell keeping one would make the file unreadable. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are exactly what is removed
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * A value as a spreadsheet cell may hold it: text starting with = + - @ tab, carriage return or NUL gets a
 * leading apostrophe, so no program runs it as a formula (ASVS 1.2.10), and loses the control characters XML
 * cannot carry; numbers, dates and booleans stay what they are, so they sum and sort in the sheet.
 */
export function spreadsheetValue(value: CellValue): string | number | boolean | Date | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return (FORMULA_START.test(value) ? `'${value}` : value).replace(NOT_IN_XML, '');
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}
