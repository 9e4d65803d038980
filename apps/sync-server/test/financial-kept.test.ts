import { ROLE, TRAINING_SESSION_TYPE } from '@simvisit/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetTestClock, setTestTime } from '../src/platform/clock';
import { json, signedIn } from './support/client';
import { authoredScenario, financialPartner, paidTraining, paidVisit, payee, signedInAt } from './support/financial-fixtures';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The kept figures (decision 0096): every change that alters a figure shows in the next read, after a first read
 * has computed and kept the month. Each test reads, changes one thing (as the database sees any path's write), and
 * reads again. The months are of 2026 at partners of their own, so no other test's work reaches them.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  resetTestClock();
});

const at = (iso: string) => new Date(iso);
// biome-ignore lint/suspicious/noExplicitAny: the answer, read loosely
type Body = any;
async function report(query: string): Promise<Body> {
  const res = await (await signedIn(server, 'finance@demo.test')).get(`/api/reports/financial?${query}`);
  expect(res.status).toBe(200);
  return json(res);
}
const recordOf = (body: Body, userId: number) => body.user_records.find((r: { user_id: number }) => r.user_id === userId);

/** A partner with an SP (rate 40), a learner and a scenario (job J-1) of its own, on the simulation brand when `sim` (its author paid 100 a visit). */
async function setting(timeZone = 'America/New_York', sim = false) {
  const partner = await financialPartner(server, timeZone);
  const sp = await payee(server, [[ROLE.standardized_patient, partner.id, 40]]);
  const learner = (await payee(server, [[ROLE.learner, partner.id]])).id;
  const author = await payee(server, [[ROLE.author, 28, 100]]);
  const scenario = await authoredScenario(server, author.id, { isSim: sim, partnerId: partner.id, jobNumber: 'J-1' });
  const visit = (start: string, extra: Partial<Parameters<typeof paidVisit>[1]> = {}) =>
    paidVisit(server, { partner: partner.id, scenario: scenario.id, learner, sp: sp.id, start: at(start), ...extra });
  const month = (m: number, extra = '') => report(`month=${m}&year=2026&partner=${partner.id}${extra}`);
  return { partner, sp, learner, author, scenario, visit, month };
}

const updateVisit = (id: number, set: Record<string, unknown>) => server.db.updateTable('visits').set(set).where('id', '=', id).execute();

describe('a visit changed after the month was read', () => {
  it('completed: its hours appear, in the report and in the SP’s own overview', async () => {
    const s = await setting();
    const id = await s.visit('2026-03-10T15:00:00Z');
    expect(recordOf(await s.month(3), s.sp.id)).toBeUndefined();
    const own = await signedInAt(server, s.sp.email, s.partner.slug);
    expect((await json(await own.post('/api/financial/overview', { month: 3, year: 2026 }))).completed_total).toBe('0.00');
    await updateVisit(id, { is_complete: true });
    expect(recordOf(await s.month(3), s.sp.id).categories.sp).toEqual({ hours: 1, rates: ['40.00'], total: '40.00' });
    expect((await json(await own.post('/api/financial/overview', { month: 3, year: 2026 }))).completed_total).toBe('40.00');
  });

  it('cancelled late, marked a no-show, then a technical issue: each moves it to its category', async () => {
    const s = await setting();
    const id = await s.visit('2026-03-11T15:00:00Z', { complete: true });
    expect((await s.month(3)).grand_total_sp).toBe('40.00');
    await updateVisit(id, { is_complete: false, is_canceled: true, canceled_at: at('2026-03-11T05:00:00Z') });
    expect(await s.month(3)).toMatchObject({ grand_total_sp: '0.00', grand_total_late_canc: '40.00' });
    await updateVisit(id, { is_canceled: false, canceled_at: null, is_complete: true, no_show: true });
    expect(await s.month(3)).toMatchObject({ grand_total_late_canc: '0.00', grand_total_no_show: '40.00' });
    await updateVisit(id, { no_show: false, learner_technical_issue: true, is_canceled: true, canceled_at: at('2026-03-11T15:05:00Z') });
    expect(await s.month(3)).toMatchObject({ grand_total_no_show: '0.00', grand_total_learner_tech: '40.00' });
    // cancelled by the SP: paid nothing
    await updateVisit(id, { learner_technical_issue: false, is_sp_cancellation: true });
    expect(await s.month(3)).toMatchObject({ grand_total: '0.00', user_records: [] });
  });

  it('moved to the next month: it leaves the first month and its chart, and joins the next', async () => {
    const s = await setting();
    const id = await s.visit('2026-03-12T15:00:00Z', { complete: true });
    expect((await s.month(3)).grand_total).toBe('40.00');
    expect((await s.month(4)).months.at(-2)).toEqual({ year: 2026, month: 3, hours: 1, total: '40.00' });
    await updateVisit(id, { start_at: at('2026-04-02T15:00:00Z'), end_at: at('2026-04-02T16:00:00Z') });
    expect((await s.month(3)).grand_total).toBe('0.00');
    const april = await s.month(4);
    expect(april.grand_total).toBe('40.00');
    expect(april.months.slice(-2)).toEqual([
      { year: 2026, month: 3, hours: 0, total: '0.00' },
      { year: 2026, month: 4, hours: 1, total: '40.00' },
    ]);
  });
});

describe('the other kinds of work', () => {
  it('a scorecard submitted pays its observer', async () => {
    const s = await setting();
    const observer = await payee(server, [[ROLE.observer, s.partner.id, 25]]);
    const id = await s.visit('2026-03-13T15:00:00Z', { complete: true, observers: [[observer.id, false]] });
    expect(recordOf(await s.month(3), observer.id)).toBeUndefined();
    await server.db.updateTable('visit_observers').set({ is_complete: true }).where('visit_id', '=', id).execute();
    expect(recordOf(await s.month(3), observer.id).categories.scorecard).toEqual({ hours: 1, rates: ['25.00'], total: '25.00' });
  });

  it('a training session completed pays its trainer and its SP', async () => {
    const s = await setting();
    const trainer = await payee(server, [[ROLE.trainer, s.partner.id, 35]]);
    const id = await paidTraining(server, {
      partner: s.partner.id,
      trainer: trainer.id,
      sps: [s.sp.id],
      start: at('2026-03-14T15:00:00Z'),
      typeId: TRAINING_SESSION_TYPE.grouped,
      jobNumber: 'TR-9',
      complete: false,
    });
    expect((await s.month(3)).grand_total).toBe('0.00');
    await server.db.updateTable('training_sessions').set({ is_complete: true }).where('id', '=', id).execute();
    const body = await s.month(3);
    expect(recordOf(body, trainer.id).categories.trainer).toEqual({ hours: 3, rates: ['35.00'], total: '105.00' });
    expect(recordOf(body, s.sp.id).categories.training).toEqual({ hours: 3, rates: ['40.00'], total: '120.00' });
  });

  it('an interview completed pays its head trainer', async () => {
    const s = await setting();
    const head = await payee(server, [[ROLE.head_trainer, s.partner.id, 45]]);
    const app = await server.db
      .insertInto('applications')
      .values({ user_id: s.learner, partner_id: s.partner.id, status: 'approved', note: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const interview = await server.db
      .insertInto('interviews')
      .values({ application_id: app.id, applicant_user_id: s.learner, trainer_user_id: head.id, start_at: at('2026-03-15T15:00:00Z') })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(recordOf(await s.month(3), head.id)).toBeUndefined();
    await server.db.updateTable('interviews').set({ is_complete: true }).where('id', '=', interview.id).execute();
    expect(recordOf(await s.month(3), head.id).categories.interview).toEqual({ hours: 1, rates: ['45.00'], total: '45.00' });
  });

  it("an author's scenario visit counts on the author card, and a new author takes it over", async () => {
    const s = await setting('America/New_York', true);
    await s.visit('2026-03-16T15:00:00Z', { complete: true });
    const card = async (email: string) => {
      const client = await signedInAt(server, email, 'simclusive');
      return json(await client.post('/api/financial/overview', { month: 3, year: 2026, partner_id: 28, is_author: 1 }));
    };
    expect((await card(s.author.email)).authoring_scenarios).toMatchObject([{ count: 1, total: '100.00' }]);
    await s.visit('2026-03-17T15:00:00Z', { complete: true });
    expect((await card(s.author.email)).authoring_scenarios).toMatchObject([{ count: 2, total: '200.00' }]);
    const next = await payee(server, [[ROLE.author, 28, 120]]);
    await server.db.updateTable('scenarios').set({ author_user_id: next.id }).where('id', '=', s.scenario.id).execute();
    expect((await card(s.author.email)).authoring_scenarios).toEqual([]);
    expect((await card(next.email)).authoring_scenarios).toMatchObject([{ count: 2, rate: '120.00', total: '240.00' }]);
  });
});

describe('what the figures are priced and placed by', () => {
  it('a rate changed through the role editor reprices the work from then on', async () => {
    const s = await setting();
    await s.visit('2026-03-05T15:00:00Z', { complete: true });
    await s.visit('2026-03-25T15:00:00Z', { complete: true });
    expect(recordOf(await s.month(3), s.sp.id).categories.sp).toEqual({ hours: 2, rates: ['40.00'], total: '80.00' });
    const partnerAdmin = await payee(server, [[ROLE.admin, s.partner.id]]);
    setTestTime(at('2026-03-15T12:00:00Z'));
    const admin = await signedInAt(server, partnerAdmin.email, s.partner.slug);
    const res = await admin.post('/api/user/update-roles', {
      user_id: s.sp.id,
      standardized_patient_role: true,
      standardized_patient_rate: 50,
    });
    expect(res.status).toBe(200);
    resetTestClock();
    expect(recordOf(await s.month(3), s.sp.id).categories.sp).toEqual({ hours: 2, rates: ['40.00', '50.00'], total: '90.00' });
  });

  it('a first rate recorded after the work prices the work before it (and none means 0)', async () => {
    const s = await setting();
    const observer = await payee(server, [[ROLE.observer, s.partner.id]]);
    await s.visit('2026-03-06T15:00:00Z', { complete: true, observers: [[observer.id, true]] });
    expect(recordOf(await s.month(3), observer.id).categories.scorecard).toEqual({ hours: 1, rates: ['0.00'], total: '0.00' });
    await server.db
      .updateTable('user_roles')
      .set({ pay_rate: 30, updated_at: at('2026-05-01T00:00:00Z') })
      .where('user_id', '=', observer.id)
      .where('role_id', '=', ROLE.observer)
      .execute();
    expect(recordOf(await s.month(3), observer.id).categories.scorecard).toEqual({ hours: 1, rates: ['30.00'], total: '30.00' });
  });

  it("a partner's time zone moves a visit near midnight to the other month", async () => {
    const s = await setting('America/New_York');
    // 02:30 on 1 February in New York, 23:30 on 31 January in Los Angeles
    await s.visit('2026-02-01T07:30:00Z', { complete: true });
    expect((await s.month(2)).grand_total).toBe('40.00');
    expect((await s.month(1)).grand_total).toBe('0.00');
    await server.db.updateTable('partners').set({ time_zone: 'America/Los_Angeles' }).where('id', '=', s.partner.id).execute();
    expect((await s.month(2)).grand_total).toBe('0.00');
    const january = await s.month(1);
    expect(january).toMatchObject({ grand_total: '40.00', time_zone: 'America/Los_Angeles' });
  });

  it("a scenario's job number at the partner renames the work's job", async () => {
    const s = await setting();
    await s.visit('2026-03-18T15:00:00Z', { complete: true });
    expect(recordOf(await s.month(3), s.sp.id).jobs.map((j: { job_number: string }) => j.job_number)).toEqual(['J-1']);
    await server.db
      .updateTable('scenario_partners')
      .set({ job_number: 'J-2' })
      .where('scenario_id', '=', s.scenario.id)
      .where('partner_id', '=', s.partner.id)
      .execute();
    const body = await s.month(3);
    expect(recordOf(body, s.sp.id).jobs.map((j: { job_number: string }) => j.job_number)).toEqual(['J-2']);
    expect((await s.month(3, '&job_number=J-2')).grand_total).toBe('40.00');
    expect((await s.month(3, '&job_number=J-1')).grand_total).toBe('0.00');
  });

  it('a person given the exclude-from-reports role leaves the report and its totals, and comes back without it', async () => {
    const s = await setting();
    const other = await payee(server, [[ROLE.standardized_patient, s.partner.id, 10]]);
    await s.visit('2026-03-19T15:00:00Z', { complete: true });
    await paidVisit(server, {
      partner: s.partner.id,
      scenario: s.scenario.id,
      learner: s.learner,
      sp: other.id,
      start: at('2026-03-20T15:00:00Z'),
      complete: true,
    });
    expect((await s.month(3)).grand_total).toBe('50.00');
    await server.db
      .insertInto('user_roles')
      .values({ user_id: s.sp.id, role_id: ROLE.exclude_from_reports, partner_id: s.partner.id, is_approved: true })
      .execute();
    const without = await s.month(3);
    expect(without).toMatchObject({ grand_total: '10.00', grand_total_sp: '10.00' });
    expect(without.user_records.map((r: { user_id: number }) => r.user_id)).toEqual([other.id]);
    expect(without.months.at(-1)).toMatchObject({ total: '10.00' });
    await server.db.deleteFrom('user_roles').where('user_id', '=', s.sp.id).where('role_id', '=', ROLE.exclude_from_reports).execute();
    expect((await s.month(3)).grand_total).toBe('50.00');
  });
});

describe('the report pages its people', () => {
  it('by name, with cursors both ways, the grand figures over all of them on every page; a rename moves a person', async () => {
    const partner = await financialPartner(server);
    const learner = (await payee(server, [[ROLE.learner, partner.id]])).id;
    const scenario = await authoredScenario(server, learner, { isSim: false, partnerId: partner.id, jobNumber: 'P-1' });
    const names = ['Erin', 'alice', 'Dan', 'Bob', 'Cleo'];
    const people: Record<string, number> = {};
    for (const [i, name] of names.entries()) {
      people[name] = (await payee(server, [[ROLE.standardized_patient, partner.id, 10]], { name })).id;
      await paidVisit(server, {
        partner: partner.id,
        scenario: scenario.id,
        learner,
        sp: people[name]!,
        start: at(`2026-03-0${i + 1}T15:00:00Z`),
        complete: true,
      });
    }
    const page = (cursor?: string) =>
      report(`month=3&year=2026&partner=${partner.id}&page_size=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    const namesOf = (body: Body) => body.user_records.map((r: { name: string }) => r.name);
    const first = await page();
    expect(namesOf(first)).toEqual(['alice', 'Bob']);
    expect(first).toMatchObject({ previous_cursor: null, grand_total: '50.00', grand_hours: 5 });
    const second = await page(first.next_cursor);
    expect(namesOf(second)).toEqual(['Cleo', 'Dan']);
    expect(second.grand_total).toBe('50.00');
    const third = await page(second.next_cursor);
    expect(namesOf(third)).toEqual(['Erin']);
    expect(third.next_cursor).toBeNull();
    expect(namesOf(await page(third.previous_cursor))).toEqual(['Cleo', 'Dan']);
    expect(namesOf(await page(second.previous_cursor))).toEqual(['alice', 'Bob']);
    // a garbled cursor reads the first page, as none would
    expect(namesOf(await page('not-a-cursor'))).toEqual(['alice', 'Bob']);
    await server.db.updateTable('users').set({ first_name: 'Aaron' }).where('id', '=', people.Erin!).execute();
    expect(namesOf(await page())).toEqual(['Aaron', 'alice']);
  });

  it('the export holds every person of the month, whatever the page size of the screen', async () => {
    const s = await setting();
    await s.visit('2026-03-21T15:00:00Z', { complete: true });
    const res = await (await signedIn(server, 'finance@demo.test')).get(
      `/api/reports/financial/export?month=3&year=2026&partner=${s.partner.id}`,
    );
    expect(res.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const sheet = book.getWorksheet('Report')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(3).getCell(1).value).toBe('Grand Total');
  });
});

describe('the payment report', () => {
  it('a payment made, and refunded, in a month already read shows at the next read', async () => {
    const s = await setting();
    const query = 'month=6&year=2031';
    const finance = await signedIn(server, 'finance@demo.test');
    const before = await json(await finance.get(`/api/reports/payment?${query}`));
    const request = await server.db
      .insertInto('requests')
      .values({ request_type_id: 1, user_id: s.learner, partner_id: s.partner.id, scenario_id: s.scenario.id, status: 'accepted' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payment = await server.db
      .insertInto('payments')
      .values({
        user_id: s.learner,
        scenario_id: s.scenario.id,
        idempotency_key: `kept-${Date.now()}`,
        provider: 'demo',
        provider_intent_id: null,
        fee_cents: 5000,
        processing_fee_cents: 300,
        amount_cents: 5300,
        status: 'succeeded',
        name_on_card: 'Pat',
        error_message: null,
        visit_request_id: request.id,
        created_at: at('2031-06-10T15:00:00Z'),
        updated_at: at('2031-06-10T15:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (body: Body) => body.results.find((r: { job_number: string }) => r.job_number === 'J-1');
    expect(row(before)).toBeUndefined();
    expect(row(await json(await finance.get(`/api/reports/payment?${query}`)))).toMatchObject({ payments: 1, amount: '53.00' });
    await server.db.updateTable('payments').set({ amount_refunded_cents: 5300 }).where('id', '=', payment.id).execute();
    expect(row(await json(await finance.get(`/api/reports/payment?${query}`)))).toMatchObject({ refunds: '53.00', amount: '0.00' });
  });
});
