import { QUOTE_MESSAGES as M, plainTextMessage, processingFeeCents, QUOTE_SESSIONS_MAX, ROLE } from '@simvisit/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetTestClock, setTestTime } from '../src/platform/clock';
import { createTestUser } from '../src/seed/test-factories';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let admin: Client;
let scenarioIds: string[];
const NOW = new Date('2026-11-28T12:00:00Z');
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, 'superadmin@demo.test');
  scenarioIds = (await server.db.selectFrom('scenarios').select('id').orderBy('id').limit(2).execute()).map((r) => String(r.id));
  setTestTime(NOW);
});
afterEach(() => setTestTime(NOW));
afterAll(async () => {
  resetTestClock();
  await server.close();
});

let counter = 0;
/** A requester (a learner of partner 1) with a quote request for two scenarios (3 and 2 sessions asked). */
async function quoteRequest(prefix = 'quote') {
  const user = await createTestUser(server.db, {
    email_prefix: `${prefix}${++counter}`,
    first_name: 'Quinn',
    last_name: 'Buyer',
    roles: [{ role_id: ROLE.learner, partner_id: 1 }],
  });
  const req = await server.db
    .insertInto('quote_requests')
    .values({ user_id: user.id, partner_id: 1, title: 'Acme Health', company_name: 'Acme Health', city: 'Austin', created_at: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('quote_request_scenarios')
    .values(scenarioIds.map((scenario_id, i) => ({ quote_request_id: req.id, scenario_id, scenario_count: 3 - i })))
    .execute();
  return { user, requestId: req.id };
}

/** A consistent body: 4 and 6 sessions sold at $125.50 = $1,255.00 + its processing fee. */
function body(requestId: number, over: Record<string, unknown> = {}) {
  const payment = 12_550 * 10;
  const fee = processingFeeCents(payment);
  return {
    request_id: requestId,
    title: 'Acme Health Simulation',
    subdomain: `acme${requestId}`,
    session_rate: '125.50',
    agreement_duration: 12,
    target_start_date: '2026-12-01',
    number_of_sessions: 10,
    payment_amount: (payment / 100).toFixed(2),
    processing_fee: (fee / 100).toFixed(2),
    total_amount: ((payment + fee) / 100).toFixed(2),
    scenarios: [
      { scenario_id: scenarioIds[0], scenario_count_invoice: 4 },
      { scenario_id: scenarioIds[1], scenario_count_invoice: 6 },
    ],
    ...over,
  };
}
const quoteRow = (requestId: number) =>
  server.db.selectFrom('quotes').selectAll().where('quote_request_id', '=', requestId).executeTakeFirst();
async function mailTo(email: string) {
  await server.services.mail.idle();
  return (await server.services.mail.latest(200)).filter((m) => m.recipient === email);
}
async function expectRefused(res: Response, status: number, message: string) {
  expect(res.status).toBe(status);
  const b = await json(res);
  expect([b.message, ...Object.values(b.errors ?? {}).flat()]).toContain(message);
}

describe('quote management access', () => {
  it('anonymous callers get 401 and non-super-admins 403 on every call, and nothing changes', async () => {
    const { user, requestId } = await quoteRequest();
    const anon = new Client(server);
    await anon.csrf();
    const learner = new Client(server);
    expect((await learner.login(user.email, user.password)).status).toBe(200);
    for (const [client, status] of [
      [anon, 401],
      [learner, 403],
    ] as const) {
      expect((await client.get('/api/request/quotes')).status).toBe(status);
      expect((await client.get(`/api/request/quote?request_id=${requestId}`)).status).toBe(status);
      expect((await client.post('/api/request/save-quote', body(requestId))).status).toBe(status);
      expect((await client.post('/api/request/approve-partner', body(requestId))).status).toBe(status);
      expect((await client.post('/api/request/reject-partner', { request_id: requestId })).status).toBe(status);
    }
    expect(await quoteRow(requestId)).toBeUndefined();
  });
});

describe('the quote builder', () => {
  it('saves the server-computed amounts in cents and shows them back', async () => {
    const { requestId } = await quoteRequest();
    const res = await admin.post('/api/request/save-quote', body(requestId));
    expect(await json(res)).toEqual({ message: M.saved });
    const row = await quoteRow(requestId);
    expect(row).toMatchObject({ session_rate_cents: 12_550, number_of_sessions: 10, payment_amount_cents: 125_500 });
    expect(row!.processing_fee_cents).toBe(processingFeeCents(125_500));
    expect(row!.total_amount_cents).toBe(125_500 + processingFeeCents(125_500));
    const detail = await json(await admin.get(`/api/request/quote?request_id=${requestId}`));
    expect(detail.pending_partner).toMatchObject({ slug: `acme${requestId}`, payment_amount: '1255.00', is_approved: false });
    expect(detail.selected_scenarios.map((s: { scenario_count_invoice: number }) => s.scenario_count_invoice)).toEqual([4, 6]);
    expect(detail.quote.user).toMatchObject({ name: 'Quinn Buyer', company_name: 'Acme Health', city: 'Austin' });
    expect(detail.settings.reserved_subdomains).toContain('www');
  });

  it('refuses tampered amounts (PAY-01, VAL-10) with 422 and changes nothing', async () => {
    const { requestId } = await quoteRequest();
    for (const over of [{ total_amount: '1.00' }, { payment_amount: '1000.00' }, { processing_fee: '0.00' }, { number_of_sessions: 9 }]) {
      await expectRefused(await admin.post('/api/request/save-quote', body(requestId, over)), 422, M.amountsDiffer);
    }
    expect(await quoteRow(requestId)).toBeUndefined();
  });

  it.each([
    [{ title: '' }, M.titleRequired],
    [{ title: 'x'.repeat(256) }, M.titleMax],
    // the title names the partner on its public landing page (issue 21 item 6)
    [{ title: '<b>Acme</b>' }, plainTextMessage('title')],
    [{ subdomain: '' }, M.subdomainRequired],
    [{ subdomain: 'a'.repeat(51) }, M.subdomainMax],
    [{ subdomain: '-acme' }, M.subdomainFormat],
    [{ subdomain: 'acme.health' }, M.subdomainFormat],
    [{ subdomain: 'www' }, M.subdomainReserved],
    [{ subdomain: 'API' }, M.subdomainReserved],
    [{ subdomain: 'sp' }, M.subdomainReserved],
    [{ agreement_duration: 0 }, M.durationRange],
    [{ agreement_duration: 61 }, M.durationRange],
    [{ session_rate: '1000.00' }, M.rateRange],
    [{ session_rate: '-1' }, M.rateRange],
    [{ target_start_date: '2026-11-27' }, M.startDatePast],
    [{ target_start_date: 'soon' }, M.startDateRequired],
  ])('refuses %o with its message', async (over, message) => {
    const { requestId } = await quoteRequest();
    await expectRefused(await admin.post('/api/request/save-quote', body(requestId, over)), 422, message);
    expect(await quoteRow(requestId)).toBeUndefined();
  });

  it('refuses a negative session count', async () => {
    const { requestId } = await quoteRequest();
    const b = body(requestId, { scenarios: [{ scenario_id: scenarioIds[0], scenario_count_invoice: -1 }] });
    await expectRefused(await admin.post('/api/request/save-quote', b), 422, M.countMin);
  });

  it('refuses more sessions than a quote may sell, per scenario and in all, with 422 and not a 5xx', async () => {
    const { requestId } = await quoteRequest();
    const huge = body(requestId, {
      session_rate: '999.99',
      scenarios: [{ scenario_id: scenarioIds[0], scenario_count_invoice: 1_000_000 }],
    });
    await expectRefused(await admin.post('/api/request/save-quote', huge), 422, M.sessionsMax);
    const split = body(requestId, {
      session_rate: '999.99',
      scenarios: [
        { scenario_id: scenarioIds[0], scenario_count_invoice: QUOTE_SESSIONS_MAX },
        { scenario_id: scenarioIds[1], scenario_count_invoice: 1 },
      ],
    });
    await expectRefused(await admin.post('/api/request/save-quote', split), 422, M.sessionsMax);
    expect(await quoteRow(requestId)).toBeUndefined();
  });

  it("refuses a partner's subdomain and another open quote's, but frees a rejected quote's", async () => {
    const { requestId } = await quoteRequest();
    const partner = await server.db
      .selectFrom('partners')
      .select('slug')
      .where('slug', 'not in', ['sp', 'www'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await expectRefused(await admin.post('/api/request/save-quote', body(requestId, { subdomain: partner.slug })), 422, M.subdomainTaken);
    const other = await quoteRequest();
    expect((await admin.post('/api/request/save-quote', body(other.requestId, { subdomain: `held${requestId}` }))).status).toBe(200);
    await expectRefused(
      await admin.post('/api/request/save-quote', body(requestId, { subdomain: `held${requestId}` })),
      422,
      M.subdomainTaken,
    );
    expect((await admin.post('/api/request/reject-partner', { request_id: other.requestId })).status).toBe(200);
    expect((await admin.post('/api/request/save-quote', body(requestId, { subdomain: `held${requestId}` }))).status).toBe(200);
  });

  it('a start date of today is accepted by the server clock', async () => {
    const { requestId } = await quoteRequest();
    setTestTime(new Date('2026-12-01T23:00:00Z'));
    expect((await admin.post('/api/request/save-quote', body(requestId))).status).toBe(200);
    setTestTime(new Date('2026-12-02T00:30:00Z'));
    await expectRefused(await admin.post('/api/request/save-quote', body(requestId)), 422, M.startDatePast);
  });
});

describe('deciding a quote', () => {
  it('approve mails the agreement link; the quote is then read-only and a second decision is 409', async () => {
    const { user, requestId } = await quoteRequest();
    expect(await json(await admin.post('/api/request/approve-partner', body(requestId)))).toEqual({ message: M.approved });
    const row = await quoteRow(requestId);
    expect(row).toMatchObject({ is_approved: true, is_rejected: false });
    const mail = (await mailTo(user.email)).find((m) => m.subject?.includes('ready to sign'));
    expect(mail?.body_text).toContain(`/agreement/${row!.id}`);
    await expectRefused(await admin.post('/api/request/save-quote', body(requestId, { title: 'Changed' })), 409, M.decided);
    await expectRefused(await admin.post('/api/request/approve-partner', body(requestId)), 409, M.decided);
    await expectRefused(await admin.post('/api/request/reject-partner', { request_id: requestId }), 409, M.decided);
    expect(await quoteRow(requestId)).toMatchObject({ title: 'Acme Health Simulation', is_approved: true, is_rejected: false });
    const audit = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'quote')
      .where('target_id', '=', String(row!.id))
      .execute();
    expect(audit.map((a) => a.action)).toContain('quote.approved');
  });

  it('reject, even before any save, tells the requester; twice at once decides once', async () => {
    const { user, requestId } = await quoteRequest();
    const both = await Promise.all([
      admin.post('/api/request/reject-partner', { request_id: requestId }),
      admin.post('/api/request/reject-partner', { request_id: requestId }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await quoteRow(requestId)).toMatchObject({ is_rejected: true, is_approved: false });
    expect((await mailTo(user.email)).filter((m) => m.subject?.includes('Your quote request'))).toHaveLength(1);
  });

  it('an unknown request is 404', async () => {
    await expectRefused(await admin.get('/api/request/quote?request_id=999999'), 404, M.notFound);
    await expectRefused(await admin.post('/api/request/reject-partner', { request_id: 999_999 }), 404, M.notFound);
  });
});

describe('the quote list', () => {
  it('counts each tab, filters by email and pages by 20', async () => {
    const prefix = `qlist${Date.now().toString(36)}`;
    const a = await quoteRequest(prefix);
    const b = await quoteRequest(prefix);
    const c = await quoteRequest(prefix);
    await admin.post('/api/request/approve-partner', body(b.requestId));
    await admin.post('/api/request/reject-partner', { request_id: c.requestId });
    const list = async (q: string) => json(await admin.get(`/api/request/quotes?email_string=${prefix}&${q}`));
    const todo = await list('type=todo');
    expect(todo).toMatchObject({ todo: 1, pending: 1, completed: 0, rejected: 1 });
    expect(todo.quotes.data.map((q: { id: number }) => q.id)).toEqual([a.requestId]);
    expect((await list('type=pending')).quotes.data[0]).toMatchObject({ id: b.requestId, status: 'Pending' });
    expect((await list('type=rejected')).quotes.data[0]).toMatchObject({ id: c.requestId, status: 'Rejected' });
    expect((await list('type=all')).quotes.total).toBe(3);
    expect((await list('type=all&page=2')).quotes.data).toEqual([]);
    expect((await admin.get('/api/request/quotes?type=nonsense')).status).toBe(422);
  });
});

describe('the public quote request form', () => {
  it('lists only the scenarios published at the partner, and the US states, without a session', async () => {
    const anon = new Client(server);
    const res = await anon.get('/api/request/quote-form?partner_slug=simclusive');
    expect(res.status).toBe(200);
    const form = await json(res);
    expect(form.partner).toMatchObject({ slug: 'simclusive' });
    const published = await server.db
      .selectFrom('scenarios as s')
      .innerJoin('scenario_partners as sp', 'sp.scenario_id', 's.id')
      .select('s.id')
      .where('sp.partner_id', '=', form.partner.id)
      .where('s.status', '=', 5)
      .execute();
    expect(form.scenarios.map((s: { id: string }) => s.id).sort()).toEqual(published.map((p) => String(p.id)).sort());
    expect(form.scenarios.length).toBeGreaterThan(0);
    expect(form.states.length).toBeGreaterThan(49);
    expect(form.states.map((s: { short_name: string }) => s.short_name)).toContain('TX');
    const unknown = await anon.get('/api/request/quote-form?partner_slug=nowhere-at-all');
    expect(unknown.status).toBe(404);
  });
});
