import { FINANCIAL_MESSAGES as M, ROLE } from '@simvisit/schema';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, json, signedIn } from './support/client';
import { authoredScenario, financialPartner, paidVisit, payee, signedInAt } from './support/financial-fixtures';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Who reaches which figures (AUTHZ-02, AUTHZ-09, AUTHZ-12), the spreadsheet of the financial report (HTML-03) and
 * malformed queries, through HTTP (docs/decisions/0078).
 */
let server: TestServer;
let partner: Awaited<ReturnType<typeof financialPartner>>;
let elsewhere: Awaited<ReturnType<typeof financialPartner>>;
let sp: { id: number; email: string };
let evil: { id: number; email: string };
const QUERY = () => `month=3&year=2025&partner=${partner.id}`;

beforeAll(async () => {
  server = await startTestServer();
  partner = await financialPartner(server);
  elsewhere = await financialPartner(server);
  sp = await payee(server, [[ROLE.standardized_patient, partner.id, 40]]);
  evil = await payee(server, [[ROLE.standardized_patient, partner.id, 30]], { name: '=HYPERLINK("http://evil")' });
  const excluded = await payee(server, [
    [ROLE.standardized_patient, partner.id, 30],
    [ROLE.exclude_from_reports, partner.id],
  ]);
  const learner = (await payee(server, [[ROLE.learner, partner.id]])).id;
  const author = (await payee(server, [[ROLE.author, partner.id]])).id;
  const scenario = (await authoredScenario(server, author, { isSim: false, partnerId: partner.id, jobNumber: 'J-1' })).id;
  const visit = (who: number, day: number) =>
    paidVisit(server, { partner: partner.id, scenario, learner, sp: who, start: new Date(`2025-03-${day}T15:00:00Z`), complete: true });
  await visit(sp.id, 10);
  await visit(evil.id, 11);
  await visit(excluded.id, 12);
});
afterAll(async () => {
  await server.close();
});

describe('the financial report and its export (AUTHZ-02)', () => {
  it('answers 401 to anyone signed out and 403 without financial_report.access', async () => {
    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await anonymous.get(`/api/reports/financial?${QUERY()}`)).status).toBe(401);
    expect((await anonymous.get(`/api/reports/financial/export?${QUERY()}`)).status).toBe(401);
    for (const email of ['learner@demo.test', 'admin@demo.test', sp.email]) {
      const client = email === sp.email ? await signedInAt(server, email, partner.slug) : await signedIn(server, email);
      expect((await client.get(`/api/reports/financial?${QUERY()}`)).status, email).toBe(403);
      expect((await client.get(`/api/reports/financial/export?${QUERY()}`)).status, email).toBe(403);
    }
    expect(await server.services.audit.list('report.exported')).toEqual([]);
  });

  it('leaves out people holding the exclude-from-reports role', async () => {
    const finance = await signedIn(server, 'finance@demo.test');
    const body = await json(await finance.get(`/api/reports/financial?${QUERY()}`));
    expect(body.user_records.map((r: { user_id: number }) => r.user_id).sort()).toEqual([sp.id, evil.id].sort());
    expect(body.grand_total).toBe('70.00');
  });

  it('a holder at another partner asking for one outside their reach gets an empty report (AUTHZ-12)', async () => {
    const holder = await payee(server, [[ROLE.financial_admin, elsewhere.id]]);
    const client = await signedInAt(server, holder.email, elsewhere.slug);
    const res = await client.get(`/api/reports/financial?${QUERY()}&get_menu_items=1`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body).toMatchObject({ user_records: [], report_job_numbers: [], grand_total: '0.00', grand_hours: 0 });
    expect(body.partners.map((p: { id: number }) => p.id)).toEqual([elsewhere.id]);
    expect(body.job_numbers).not.toContain('J-1');
    expect(text).not.toContain(sp.email);
    expect(body.months.every((m: { total: string }) => m.total === '0.00')).toBe(true);
    // its own partner (every partner it reaches) holds nothing of the other either
    const own = await json(await client.get('/api/reports/financial?month=3&year=2025'));
    expect(own.user_records).toEqual([]);
  });

  it('exports the rows shown as financial_report_3_2025.xlsx, numbers as numbers, no live formula (HTML-03), audited', async () => {
    const finance = await signedIn(server, 'finance@demo.test');
    const shown = await json(await finance.get(`/api/reports/financial?${QUERY()}`));
    const res = await finance.get(`/api/reports/financial/export?${QUERY()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="financial_report_3_2025.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Report')!;
    const header = sheet.getRow(1).values as unknown[];
    const column = (name: string) => header.indexOf(name);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push(row.values as unknown[]);
      row.eachCell((cell) => expect(cell.type, `row ${n}`).not.toBe(ExcelJS.ValueType.Formula));
    });
    expect(rows).toHaveLength(shown.user_records.length + 1);
    for (const record of shown.user_records) {
      const row = rows.find((r) => r[column('Email')] === record.email)!;
      expect(row[column('SP Hours')]).toBe(record.categories.sp.hours);
      expect(row[column('Total')]).toBe(Number(record.total));
    }
    const names = rows.map((r) => r[column('Name')]);
    expect(names).toContain('\'=HYPERLINK("http://evil")');
    expect(names.at(-1)).toBe('Grand Total');
    expect(rows.at(-1)![column('Total')]).toBe(70);
    expect(sheet.getRow(rows.length + 1).font?.bold).toBe(true);
    const jobs = workbook.getWorksheet('By job number')!;
    expect(jobs.getRow(2).values).toEqual(expect.arrayContaining(['J-1']));
    const audits = await server.services.audit.list('report.exported');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ details: expect.objectContaining({ month: 3, year: 2025, partner: partner.id }) });
  });

  it('answers malformed queries with 422 and the words of the form', async () => {
    const finance = await signedIn(server, 'finance@demo.test');
    const cases: [string, string, string][] = [
      ['month=13&year=2025', 'month', M.monthInvalid],
      ['month=3&year=2020', 'year', M.yearInvalid],
      [`month=3&year=2025&job_number=${'x'.repeat(256)}`, 'job_number', M.jobNumberInvalid],
      ['month=3&year=2025&is_sim=2', 'is_sim', M.platformInvalid],
    ];
    for (const [query, field, message] of cases) {
      for (const path of ['/api/reports/financial', '/api/reports/financial/export']) {
        const res = await finance.get(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(422);
        expect((await json(res)).errors[field], `${path}?${query}`).toEqual([message]);
      }
    }
  });
});

describe('the overview (AUTHZ-09)', () => {
  it('a non-admin gets their own figures whoever and wherever they ask for', async () => {
    const client = await signedInAt(server, sp.email, partner.slug);
    for (const body of [
      { month: 3, year: 2025 },
      { month: 3, year: 2025, user_id: evil.id, partner_id: 1 },
      { month: 3, year: 2025, user_id: evil.id, partner_id: elsewhere.id },
    ]) {
      const res = await client.post('/api/financial/overview', body);
      expect(res.status).toBe(200);
      expect(await json(res)).toMatchObject({ user_id: sp.id, partner_id: partner.id, completed_total: '40.00', total: '40.00' });
    }
  });

  it('an admin gets everyone at the partner, or one person, with the sub-rows', async () => {
    const admin = await payee(server, [[ROLE.admin, partner.id]]);
    const client = await signedInAt(server, admin.email, partner.slug);
    const everyone = await json(await client.post('/api/financial/overview', { month: 3, year: 2025 }));
    expect(everyone).toMatchObject({ user_id: null, completed_total: '100.00', show_sub_rows: true });
    const one = await json(await client.post('/api/financial/overview', { month: 3, year: 2025, user_id: evil.id }));
    expect(one).toMatchObject({ user_id: evil.id, completed_total: '30.00' });
    // partner 1 is not theirs: forced back to their partner, nothing of partner 1 added
    const home = await json(await client.post('/api/financial/overview', { month: 3, year: 2025, partner_id: 1 }));
    expect(home).toMatchObject({ partner_id: partner.id, completed_total: '100.00' });
  });

  it('answers 401 signed out and 422 to a malformed body', async () => {
    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await anonymous.post('/api/financial/overview', { month: 3, year: 2025 })).status).toBe(401);
    const client = await signedInAt(server, sp.email, partner.slug);
    const res = await client.post('/api/financial/overview', { month: 0, year: 2025 });
    expect(res.status).toBe(422);
    expect((await json(res)).errors.month).toEqual([M.monthInvalid]);
  });
});
