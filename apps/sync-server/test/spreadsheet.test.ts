import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type SpreadsheetColumn, writeWorkbook } from '../src/platform/spreadsheet';

/** platform/spreadsheet (decision 0078): the report files, read back with exceljs. */
interface Row {
  name: string;
  count: number;
  hours: string;
  money: string;
}
const columns: SpreadsheetColumn<Row>[] = [
  { header: 'Name', kind: 'text', value: (r) => r.name },
  { header: 'Count', kind: 'number', value: (r) => r.count },
  { header: 'Hours', kind: 'hours', value: (r) => r.hours },
  { header: 'Money', kind: 'money', value: (r) => r.money },
];

async function read(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}
const values = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as ExcelJS.CellValue[]).slice(1);

describe('writeWorkbook', () => {
  it('neutralises text that a spreadsheet would run as a formula (HTML-03), in cells and headers', async () => {
    const dangerous = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '=HYPERLINK("http://evil.test")'];
    const bytes = await writeWorkbook([
      {
        name: 'Sheet',
        columns: [{ header: '=header', kind: 'text', value: (r: { v: string }) => r.v }],
        rows: dangerous.map((v) => ({ v })),
      },
    ]);
    const ws = (await read(bytes)).getWorksheet('Sheet')!;
    expect(ws.getCell('A1').value).toBe("'=header");
    dangerous.forEach((v, i) => {
      const cell = ws.getCell(`A${i + 2}`);
      expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
      expect(cell.value).toBe(`'${v}`);
    });
  });

  it('writes money and hours given as dollar text as numbers with a number format, and leaves plain text alone', async () => {
    const bytes = await writeWorkbook([{ name: 'Figures', columns, rows: [{ name: 'Pat', count: 3, hours: '1.50', money: '1234.56' }] }]);
    const ws = (await read(bytes)).getWorksheet('Figures')!;
    expect(values(ws, 1)).toEqual(['Name', 'Count', 'Hours', 'Money']);
    expect(values(ws, 2)).toEqual(['Pat', 3, 1.5, 1234.56]);
    expect(ws.getCell('C2').numFmt).toBe('0.00');
    expect(ws.getCell('D2').numFmt).toBe('"$"#,##0.00');
    expect(ws.getCell('A2').numFmt).toBeUndefined();
  });

  it('ends a sheet with a bold footer, the header bold too, and keeps each sheet of the workbook by name', async () => {
    const bytes = await writeWorkbook([
      {
        name: 'With footer',
        columns,
        rows: [
          { name: 'A', count: 1, hours: '2.00', money: '10.00' },
          { name: 'B', count: 2, hours: '0.25', money: '5.05' },
        ],
        footer: { name: 'Total', count: 3, hours: '2.25', money: '15.05' },
      },
      { name: 'A name longer than thirty-one characters', columns, rows: [] },
    ]);
    const workbook = await read(bytes);
    const ws = workbook.getWorksheet('With footer')!;
    expect(ws.rowCount).toBe(4);
    expect(values(ws, 4)).toEqual(['Total', 3, 2.25, 15.05]);
    expect(ws.getRow(4).font?.bold).toBe(true);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getRow(2).font?.bold).not.toBe(true);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['With footer', 'A name longer than thirty-one c']);
  });
});
