import { buildXlsx, defineColumns, spreadsheetValue, xlsxBuffer } from '@simvisit/ui';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

interface Payment {
  id: number;
  payer: string;
  amount: number;
  paidOn: Date;
}

const columns = defineColumns<Payment>([
  { id: 'payer', header: 'Payer', value: (p) => p.payer },
  { id: 'amount', header: 'Amount', value: (p) => p.amount, cell: (p) => `$${p.amount.toFixed(2)}`, align: 'end' },
  { id: 'paid', header: 'Paid On', value: (p) => p.paidOn.toISOString().slice(0, 10), exportValue: (p) => p.paidOn },
  { id: 'photo', header: 'Photo', headerHidden: true, cell: () => 'an image' },
  { id: 'secret', header: 'Internal', value: (p) => p.id, exportValue: false },
]);

const rows: Payment[] = [
  { id: 1, payer: 'Pat Doe', amount: 125.5, paidOn: new Date(Date.UTC(2026, 10, 2)) },
  { id: 2, payer: '=HYPERLINK("http://evil.test","click")', amount: -20, paidOn: new Date(Date.UTC(2026, 10, 3)) },
  { id: 3, payer: '+1 555 0100', amount: 0, paidOn: new Date(Date.UTC(2026, 10, 4)) },
  { id: 4, payer: '-2+3', amount: 7, paidOn: new Date(Date.UTC(2026, 10, 5)) },
  { id: 5, payer: '@SUM(A1:A2)', amount: 8, paidOn: new Date(Date.UTC(2026, 10, 6)) },
  { id: 6, payer: '\tTabbed', amount: 9, paidOn: new Date(Date.UTC(2026, 10, 7)) },
  { id: 7, payer: '\0Nul', amount: 10, paidOn: new Date(Date.UTC(2026, 10, 8)) },
];

async function readBack(buffer: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer);
  return workbook;
}

describe('xlsx export from the column definitions', () => {
  it('writes the header and the export values, numbers as numbers and dates as dates', async () => {
    const workbook = await readBack(await xlsxBuffer(columns, rows, { sheetName: 'Payments' }));
    const sheet = workbook.getWorksheet('Payments');
    if (!sheet) throw new Error('no Payments sheet');
    // Columns without a plain value (Photo) and those that opt out (Internal) are not exported.
    expect(sheet.getRow(1).values).toEqual([undefined, 'Payer', 'Amount', 'Paid On']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(8);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('Pat Doe');
    expect(first.getCell(2).value).toBe(125.5);
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 2)));
    // A negative amount is a number, not text to neutralise.
    expect(sheet.getRow(3).getCell(2).value).toBe(-20);
    expect(sheet.getRow(4).getCell(2).value).toBe(0);
  });

  it('neutralises text that would run as a formula: = + - @ tab and NUL get an apostrophe', async () => {
    const workbook = await readBack(await xlsxBuffer(columns, rows, { sheetName: 'Payments' }));
    const sheet = workbook.getWorksheet('Payments');
    if (!sheet) throw new Error('no Payments sheet');
    const payers = [3, 4, 5, 6, 7, 8].map((r) => sheet.getRow(r).getCell(1));
    expect(payers.map((c) => c.value)).toEqual([
      `'=HYPERLINK("http://evil.test","click")`,
      `'+1 555 0100`,
      `'-2+3`,
      `'@SUM(A1:A2)`,
      `'\tTabbed`,
      // NUL cannot stand in an XML file: the apostrophe stays, the NUL goes.
      `'Nul`,
    ]);
    // Read back as text: none is a formula cell.
    expect(payers.every((c) => c.type === ExcelJS.ValueType.String)).toBe(true);
  });

  it('keeps plain text, booleans and blanks as they are', () => {
    expect(spreadsheetValue('Plain = text')).toBe('Plain = text');
    expect(spreadsheetValue(true)).toBe(true);
    expect(spreadsheetValue(undefined)).toBeNull();
    expect(spreadsheetValue(Number.NaN)).toBeNull();
    expect(spreadsheetValue('\rCarriage')).toBe(`'\rCarriage`);
    expect(spreadsheetValue('\0=1+1')).toBe(`'=1+1`);
    expect(spreadsheetValue('Bell\u0007 inside')).toBe('Bell inside');
  });

  it('names the sheet within Excel’s 31 characters', async () => {
    const workbook = await buildXlsx(columns, [], { sheetName: 'Payments of the whole partner network' });
    expect(workbook.worksheets[0]?.name).toBe('Payments of the whole partner n');
  });
});
