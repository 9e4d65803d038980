import { FINANCIAL_MESSAGES as M, ROLE } from '@simvisit/schema';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPartner } from '../src/seed/test-factories';
import { Client, DEMO_PASSWORD, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson, insertScenario, userIdOf } from './support/visit-fixtures';

/**
 * GET api/reports/payment and its export (spec 002 §2.7, §7, §9; docs/decisions/0078) through HTTP. Every payment
 * is in March 2030, a month no other data reaches, bounded in partner 1's zone (America/New_York).
 */
let server: TestServer;
let seq = 0;
const PATH = '/api/reports/payment';
const MARCH = 'month=3&year=2030';
const JOB_A = `JOB-PAY-${Date.now().toString(36)}`;
const JOB_FORMULA = '=HYPERLINK("http://evil.test","x")';
const AGREEMENT_FORMULA = '=cmd|calc!A1';

let other: { id: number; slug: string };
let elsewhere: { id: number; slug: string };

/** A draft scenario with its job number at each partner given. */
const scenario = (title: string, jobs: [partnerId: number, jobNumber: string][]) =>
  insertScenario(server, { title, patient: 'Pat', status: 1, jobs });

/** A visit payment of a learner's request at a partner, made at `at` (UTC). */
async function visitPayment(p: {
  learner: number;
  partner: number;
  scenarioId: string;
  fee: number;
  processing: number;
  refunded?: number;
  status?: 'succeeded' | 'failed';
  at: string;
}) {
  const at = new Date(p.at);
  const request = await server.db
    .insertInto('requests')
    .values({
      request_type_id: 1,
      user_id: p.learner,
      partner_id: p.partner,
      scenario_id: p.scenarioId,
      status: 'accepted',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('payments')
    .values({
      user_id: p.learner,
      scenario_id: p.scenarioId,
      idempotency_key: `pay-${++seq}`,
      provider: 'demo',
      provider_intent_id: null,
      fee_cents: p.fee,
      processing_fee_cents: p.processing,
      amount_cents: p.fee + p.processing,
      amount_refunded_cents: p.refunded ?? 0,
      status: p.status ?? 'succeeded',
      name_on_card: 'Pat Payer',
      error_message: null,
      visit_request_id: request.id,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** An agreement (quote) of a partner (null: not yet one) paid by card at `at`. */
async function agreementPayment(p: {
  title: string;
  company: string;
  partner: number | null;
  amount: number;
  processing: number;
  at: string;
}) {
  const at = new Date(p.at);
  const requester = await userIdOf(server, 'superadmin@demo.test');
  const request = await server.db
    .insertInto('quote_requests')
    .values({ user_id: requester, partner_id: null, title: 'asked for', company_name: p.company, created_at: at } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const quote = await server.db
    .insertInto('quotes')
    .values({
      quote_request_id: request.id,
      title: p.title,
      partner_id: p.partner,
      target_start_date: null,
      created_at: at,
      updated_at: at,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('payments')
    .values({
      user_id: requester,
      scenario_id: null,
      quote_id: quote.id,
      idempotency_key: `agreement-${++seq}`,
      provider: 'demo',
      provider_intent_id: null,
      fee_cents: p.amount - p.processing,
      processing_fee_cents: p.processing,
      amount_cents: p.amount,
      status: 'succeeded',
      name_on_card: 'Acme Buyer',
      error_message: null,
      visit_request_id: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return quote.id;
}

/** Someone holding the roles given, signed in at `slug`. */
async function person(grants: [number, number][], slug = 'sp') {
  const email = `payment-${++seq}-${Date.now().toString(36)}@payments.test`;
  await createPerson(server, email, grants);
  const client = new Client(server);
  expect((await client.login(email, DEMO_PASSWORD, slug)).status).toBe(200);
  return client;
}

// biome-ignore lint/suspicious/noExplicitAny: rows of the answer, read loosely
const rowOf = (body: any, job: string | null) => body.results.find((r: { job_number: string | null }) => r.job_number === job);

let otherAgreement = 0;

beforeAll(async () => {
  server = await startTestServer();
  other = await createTestPartner(server.db, { slug_prefix: 'pay', is_sim: false, seats: 10, used_seats: 0, passcode: null });
  elsewhere = await createTestPartner(server.db, { slug_prefix: 'pay', is_sim: false, seats: 10, used_seats: 0, passcode: null });
  const withJob = await scenario('Payment report A', [
    [1, JOB_A],
    [other.id, JOB_FORMULA],
  ]);
  const withoutJob = await scenario('Payment report B', []);
  const learner = await createPerson(server, `payer-${Date.now().toString(36)}@payments.test`, [[ROLE.learner, 1]]);
  const otherLearner = await createPerson(server, `other-payer-${Date.now().toString(36)}@payments.test`, [[ROLE.learner, other.id]]);
  const main = { learner, partner: 1 };
  await visitPayment({ ...main, scenarioId: withJob, fee: 10000, processing: 320, at: '2030-03-10T15:00:00Z' });
  // 23:30 on 31 March in New York (EDT) is 1 April in UTC: March's.
  await visitPayment({ ...main, scenarioId: withJob, fee: 10000, processing: 320, refunded: 5000, at: '2030-04-01T03:30:00Z' });
  // 23:30 on 28 February in New York (EST) is 1 March in UTC: February's, left out.
  await visitPayment({ ...main, scenarioId: withJob, fee: 10000, processing: 320, at: '2030-03-01T04:30:00Z' });
  // A failed payment is no money: left out.
  await visitPayment({ ...main, scenarioId: withJob, fee: 10000, processing: 320, status: 'failed', at: '2030-03-11T15:00:00Z' });
  await visitPayment({ ...main, scenarioId: withoutJob, fee: 5000, processing: 175, at: '2030-03-15T15:00:00Z' });
  await visitPayment({
    learner: otherLearner,
    partner: other.id,
    scenarioId: withJob,
    fee: 8000,
    processing: 262,
    at: '2030-03-20T15:00:00Z',
  });
  await agreementPayment({
    title: AGREEMENT_FORMULA,
    company: 'Acme Health',
    partner: null,
    amount: 100000,
    processing: 3000,
    at: '2030-03-05T15:00:00Z',
  });
  otherAgreement = await agreementPayment({
    title: 'Other partner seats',
    company: 'Other Co',
    partner: other.id,
    amount: 50000,
    processing: 1500,
    at: '2030-03-06T15:00:00Z',
  });
  // An agreement paid in April: left out of March.
  await agreementPayment({
    title: 'April seats',
    company: 'Later Co',
    partner: null,
    amount: 20000,
    processing: 600,
    at: '2030-04-02T15:00:00Z',
  });
});
afterAll(async () => {
  await server.close();
});

describe('a holder at partner 1 (every partner)', () => {
  it("sums March's succeeded visit payments per job number, less refunds, and lists its agreement payments", async () => {
    const finance = await signedIn(server, 'finance@demo.test');
    const res = await finance.get(`${PATH}?${MARCH}`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.time_zone).toBe('America/New_York');
    expect(body.results).toHaveLength(3);
    expect(rowOf(body, JOB_A)).toEqual({
      job_number: JOB_A,
      payments: 2,
      visit_fees: '200.00',
      processing_fees: '6.40',
      refunds: '50.00',
      amount: '156.40',
    });
    expect(rowOf(body, JOB_FORMULA)).toEqual({
      job_number: JOB_FORMULA,
      payments: 1,
      visit_fees: '80.00',
      processing_fees: '2.62',
      refunds: '0.00',
      amount: '82.62',
    });
    // No job number at the learner's partner: the null row, last.
    expect(body.results[2]).toEqual({
      job_number: null,
      payments: 1,
      visit_fees: '50.00',
      processing_fees: '1.75',
      refunds: '0.00',
      amount: '51.75',
    });
    expect(body.agreement_payments).toEqual([
      expect.objectContaining({
        title: AGREEMENT_FORMULA,
        company_name: 'Acme Health',
        amount: '1000.00',
        processing_fee: '30.00',
        paid_at: '2030-03-05T15:00:00.000Z',
      }),
      expect.objectContaining({ quote_id: otherAgreement, title: 'Other partner seats', company_name: 'Other Co', amount: '500.00' }),
    ]);
    expect(body).toMatchObject({ total_visit_payments: '290.77', total_agreement_payments: '1500.00', total: '1790.77' });
    expect(body.job_numbers).toEqual(expect.arrayContaining([JOB_A, JOB_FORMULA]));
    expect(body.job_numbers).not.toContain('');
  });

  it('narrows to one job number, or to none with -1, without the agreements', async () => {
    const superadmin = await signedIn(server, 'superadmin@demo.test');
    const one = await json(await superadmin.get(`${PATH}?${MARCH}&job_number=${encodeURIComponent(JOB_A)}`));
    expect(one.results.map((r: { job_number: string }) => r.job_number)).toEqual([JOB_A]);
    expect(one).toMatchObject({ agreement_payments: [], total_visit_payments: '156.40', total: '156.40' });
    const none = await json(await superadmin.get(`${PATH}?${MARCH}&job_number=-1`));
    expect(none.results).toEqual([expect.objectContaining({ job_number: null, amount: '51.75' })]);
    expect(none.agreement_payments).toEqual([]);
  });

  it('answers an empty month with zeros', async () => {
    const finance = await signedIn(server, 'finance@demo.test');
    const body = await json(await finance.get(`${PATH}?month=6&year=2031`));
    expect(body).toMatchObject({ results: [], agreement_payments: [], total_visit_payments: '0.00', total: '0.00' });
  });
});

describe('another partner (AUTHZ-12)', () => {
  it("gives a holder there only its learners' payments, its job numbers and its own agreements", async () => {
    const manager = await person([[ROLE.report_manager, other.id]], other.slug);
    const body = await json(await manager.get(`${PATH}?${MARCH}`));
    expect(body.results).toEqual([expect.objectContaining({ job_number: JOB_FORMULA, payments: 1, amount: '82.62' })]);
    expect(body.agreement_payments).toEqual([expect.objectContaining({ quote_id: otherAgreement })]);
    expect(body.job_numbers).toEqual([JOB_FORMULA]);
    expect(body.total).toBe('582.62');
  });

  it('gives a holder at a partner with no payments nothing of the others', async () => {
    const manager = await person([[ROLE.financial_admin, elsewhere.id]], elsewhere.slug);
    for (const query of [MARCH, `${MARCH}&job_number=-1`, `${MARCH}&job_number=${encodeURIComponent(JOB_A)}`]) {
      const body = await json(await manager.get(`${PATH}?${query}`));
      expect(body).toMatchObject({ job_numbers: [], results: [], agreement_payments: [], total: '0.00' });
    }
    const file = await manager.get(`${PATH}/export?${MARCH}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file.arrayBuffer()) as ArrayBuffer);
    expect(workbook.getWorksheet('By job number')!.rowCount).toBe(2); // the header and the total
  });
});

describe('the export', () => {
  it('answers payment_report_{month}_{year}.xlsx holding the rows shown, numbers as numbers, formulas neutralised, audited', async () => {
    const finance = await signedIn(server, 'finance@demo.test');
    const res = await finance.get(`${PATH}/export?${MARCH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="payment_report_3_2030.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);

    const jobs = workbook.getWorksheet('By job number')!;
    const values = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as ExcelJS.CellValue[]).slice(1);
    expect(values(jobs, 1)).toEqual(['Job Number', 'Payments', 'Visit Fees', 'Processing Fees', 'Refunds', 'Amount']);
    const rows = [2, 3, 4].map((n) => values(jobs, n));
    expect(rows).toContainEqual([JOB_A, 2, 200, 6.4, 50, 156.4]);
    expect(rows).toContainEqual([`'${JOB_FORMULA}`, 1, 80, 2.62, 0, 82.62]);
    expect(rows).toContainEqual(['None', 1, 50, 1.75, 0, 51.75]);
    expect(values(jobs, 5)).toEqual(['Total', 4, 330, 10.77, 50, 290.77]);
    expect(jobs.getRow(5).font?.bold).toBe(true);
    expect(jobs.getCell('F2').numFmt).toContain('0.00');
    for (let n = 1; n <= jobs.rowCount; n++) jobs.getRow(n).eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));

    const agreements = workbook.getWorksheet('Agreements')!;
    expect(values(agreements, 2)).toEqual([`'${AGREEMENT_FORMULA}`, 'Acme Health', '2030-03-05T15:00:00.000Z', 30, 1000]);
    expect(values(agreements, 4)).toEqual(['Total', '', '', 45, 1500]);
    expect(agreements.getRow(4).font?.bold).toBe(true);

    const audit = await server.db.selectFrom('audit_log').selectAll().where('action', '=', 'report.exported').execute();
    expect(audit.at(-1)).toMatchObject({ actor_user_id: await userIdOf(server, 'finance@demo.test'), target_type: 'payment_report' });
    expect(audit.at(-1)!.details).toMatchObject({ month: 3, year: 2030, job_number: null });
  });
});

describe('refusals', () => {
  it('answers 401 without a session and 403 without financial_report.access (AUTHZ-02), changing nothing', async () => {
    const before = (await server.db.selectFrom('audit_log').select('id').where('action', '=', 'report.exported').execute()).length;
    const anonymous = new Client(server);
    await anonymous.csrf();
    for (const path of [PATH, `${PATH}/export`]) expect((await anonymous.get(`${path}?${MARCH}`)).status).toBe(401);
    const learner = await signedIn(server, 'learner@demo.test');
    const admin = await person([[ROLE.admin, 1]]);
    for (const client of [learner, admin]) {
      for (const path of [PATH, `${PATH}/export`]) {
        const res = await client.get(`${path}?${MARCH}`);
        expect(res.status).toBe(403);
        expect((await json(res)).message).toEqual(expect.any(String));
      }
    }
    const after = (await server.db.selectFrom('audit_log').select('id').where('action', '=', 'report.exported').execute()).length;
    expect(after).toBe(before);
  });

  it("answers bad filters with 422 and the spec's words, never a 5xx", async () => {
    const finance = await signedIn(server, 'finance@demo.test');
    const cases: [string, string][] = [
      ['month=13&year=2030', M.monthInvalid],
      ['month=x&year=2030', M.monthInvalid],
      ['year=2030', M.monthInvalid],
      ['month=3&year=2023', M.yearInvalid],
      ['month=3&year=2101', M.yearInvalid],
      ['month=3&year=abc', M.yearInvalid],
      [`month=3&year=2030&job_number=${'J'.repeat(256)}`, M.jobNumberInvalid],
      ['month=3&year=2030&job_number=a%00b', 'The job number field must not contain control characters.'],
      ['month=3&year=2030&job_number=a%1Fb', 'The job number field must not contain control characters.'],
    ];
    for (const [query, message] of cases) {
      for (const path of [PATH, `${PATH}/export`]) {
        const res = await finance.get(`${path}?${query}`);
        expect(res.status, query).toBe(422);
        expect(JSON.stringify(await json(res)), query).toContain(message);
      }
    }
  });
});
