import { randomUUID } from 'node:crypto';
import {
  addDays,
  instantToDate,
  VISIT_REQUEST_MESSAGES as M,
  REQUEST_MESSAGES,
  requestCancelledText,
  slotToInstant,
  weekdayOf,
} from '@simvisit/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * Visit requests (issue 5; spec 001 §4, §5, §7, §9; SECURITY.md VAL-07, PAY-01, PAY-07, LOAD-01..03, LOAD-05)
 * through HTTP on the demo payment provider. Dates are relative to now, in the SP's zone (America/New_York):
 * sp@demo.test is available every weekday 08:00–18:00 and Saturday 09:00–13:00 (seed).
 */
const ZONE = 'America/New_York';

let server: TestServer;
let sp: Client;
let admin: Client;
let headtrainer: Client;
let superadmin: Client;
let observer: Client;
let clientadmin: Client;
let learner2: Client;
let awv: string;
let lbp: string;
let unpublished: string;
let spId: number;
let observerId: number;
let passwordHash: string;
let people = 0;

const today = () => instantToDate(new Date(), ZONE);
/** NY weekdays (Monday–Friday) from today + 3 days on. */
function weekdays(count: number, fromDays = 3): string[] {
  const out: string[] = [];
  for (let d = fromDays; out.length < count; d++) {
    const date = addDays(today(), d);
    if (!['Saturday', 'Sunday'].includes(weekdayOf(date))) out.push(date);
  }
  return out;
}
const nextSunday = () => {
  for (let d = 3; ; d++) if (weekdayOf(addDays(today(), d)) === 'Sunday') return addDays(today(), d);
};

async function ok(res: Response | Promise<Response>) {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(200);
  return json(r);
}
async function refused(res: Response | Promise<Response>, status: number, message?: string) {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(status);
  const body = await json(r);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

/** A new account of partner sp with one role (the demo password), signed in. */
async function person(roleId: number): Promise<{ client: Client; id: number }> {
  people++;
  const email = `vr-${roleId}-${people}-${randomUUID().slice(0, 6)}@demo.test`;
  const row = await server.db
    .insertInto('users')
    .values({ email, password: passwordHash, first_name: 'Vera', last_name: `Tester${people}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db.insertInto('user_roles').values({ user_id: row.id, role_id: roleId, partner_id: 1, is_approved: true }).execute();
  return { client: await signedIn(server, email), id: row.id };
}
const newLearner = () => person(1);
async function newSpOf(scenarioId: string) {
  const p = await person(2);
  await server.db.insertInto('scenario_users').values({ scenario_id: scenarioId, user_id: p.id, role_id: 2 }).execute();
  return p;
}

const times = async (c: Client, scenarioId: string, date: string, timezone = ZONE): Promise<string[]> =>
  (await ok(c.post('/api/visit-request/available-times', { scenario_id: scenarioId, request_type: 1, date, timezone }))).times;

/** Two free slots of sp@demo.test on the nth weekday ahead. */
async function twoSlots(c: Client, scenarioId: string, n = 0): Promise<[string, string]> {
  for (const date of weekdays(12).slice(n)) {
    const free = await times(c, scenarioId, date);
    if (free.length >= 2) return [free[0]!, free[free.length - 1]!];
  }
  throw new Error('no free slots');
}

const create = (c: Client, body: Record<string, unknown>) =>
  c.post('/api/visit-request', { request_type: 1, terms_agreement: true, has_credit: false, timezone: ZONE, ...body });

async function freeRequest(c: Client, scenarioId = awv, n = 0): Promise<{ id: number; dates: [string, string] }> {
  const dates = await twoSlots(c, scenarioId, n);
  const body = await ok(create(c, { scenario_id: scenarioId, visit_date_one: dates[0], visit_date_two: dates[1] }));
  return { id: body.id, dates };
}

async function pay(c: Client, scenarioId = lbp, token = 'pm_card_visa'): Promise<number> {
  const body = await ok(
    c.post('/api/visit-request/payment', {
      scenario_id: scenarioId,
      name_on_card: 'Vera Tester',
      stripe_token: token,
      idempotency_key: randomUUID(),
    }),
  );
  expect(body.status).toBe('succeeded');
  return body.payment_id;
}

async function paidRequest(c: Client, n = 0) {
  const paymentId = await pay(c);
  const dates = await twoSlots(c, lbp, n);
  const body = await ok(create(c, { scenario_id: lbp, visit_date_one: dates[0], visit_date_two: dates[1], payment_id: paymentId }));
  return { id: body.id as number, paymentId, dates };
}

const requestRow = (id: number) => server.db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const datesOf = (id: number) =>
  server.db.selectFrom('request_dates').selectAll().where('request_id', '=', id).orderBy('start_at').execute();
const eventsOf = (id: number, type: string) =>
  server.db.selectFrom('visit_events').selectAll().where('request_id', '=', id).where('type', '=', type).execute();
const auditOf = (id: number, action: string) =>
  server.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_type', '=', 'request')
    .where('target_id', '=', String(id))
    .execute();
const visitsOf = (id: number) => server.db.selectFrom('visits').selectAll().where('request_id', '=', id).execute();
const credits = (userId: number) =>
  server.db.selectFrom('payment_credits').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const userIdOf = async (email: string) =>
  (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const requestCount = async () =>
  Number((await server.db.selectFrom('requests').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

/** A pending request written straight into the database (for expiry), with dates at the given instants. */
async function storedRequest(userId: number, scenarioId: string, starts: Date[], amountCents = 0, partnerId = 1): Promise<number> {
  const row = await server.db
    .insertInto('requests')
    .values({
      request_type_id: 1,
      user_id: userId,
      partner_id: partnerId,
      scenario_id: scenarioId,
      status: 'pending',
      timezone: ZONE,
      duration_minutes: 30,
      payment_amount_cents: amountCents,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('request_dates')
    .values(starts.map((start_at) => ({ request_id: row.id, start_at })))
    .execute();
  return row.id;
}

const scenarioId = async (title: string) =>
  (await server.db.selectFrom('scenarios').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  server = await startTestServer();
  const as = (name: string) => signedIn(server, `${name}@demo.test`);
  sp = await as('sp');
  admin = await as('admin');
  headtrainer = await as('headtrainer');
  superadmin = await as('superadmin');
  observer = await as('observer');
  clientadmin = await signedIn(server, 'clientadmin@demo.test', 'northfield', 'northfield.localhost:8080');
  learner2 = await signedIn(server, 'learner2@demo.test', 'northfield', 'northfield.localhost:8080');
  awv = await scenarioId('Annual wellness visit');
  lbp = await scenarioId('Acute low back pain');
  unpublished = await scenarioId('Pediatric asthma follow-up');
  spId = await userIdOf('sp@demo.test');
  observerId = await userIdOf('observer@demo.test');
  passwordHash = (await server.db.selectFrom('users').select('password').where('id', '=', spId).executeTakeFirstOrThrow()).password;
});
afterAll(async () => {
  await server?.close();
});

describe('available times (spec 001 §5, §9)', () => {
  it("offers the SP's weekly window in 30-minute steps in the learner's zone, minus booked visits", async () => {
    const { client } = await newLearner();
    const date = weekdays(1, 8)[0]!;
    const ny = await times(client, awv, date);
    expect(ny[0]).toBe(`${date} 08:00:00`);
    expect(ny.at(-1)).toBe(`${date} 17:30:00`);
    expect(ny.every((t) => /:(00|30):00$/.test(t))).toBe(true);

    // Berlin is 6 hours ahead of New York (5 around the daylight-saving changes): the same window, shifted.
    const berlin = await times(client, awv, date, 'Europe/Berlin');
    const first = slotToInstant(berlin[0]!, 'Europe/Berlin')!;
    expect(first.getTime()).toBe(slotToInstant(`${date} 08:00:00`, ZONE)!.getTime());
    expect(berlin).toHaveLength(ny.length);

    // A booked visit of the SP takes its slot away.
    const start = slotToInstant(`${date} 10:00:00`, ZONE)!;
    const visit = await server.db
      .insertInto('visits')
      .values({
        scenario_id: lbp,
        partner_id: 1,
        learner_user_id: await userIdOf('learner@demo.test'),
        sp_user_id: spId,
        start_at: start,
        end_at: new Date(start.getTime() + 30 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await times(client, awv, date);
    expect(after).not.toContain(`${date} 10:00:00`);
    expect(after).toContain(`${date} 09:30:00`);
    expect(after).toContain(`${date} 10:30:00`);

    // A 60-minute scenario: the slot must fit the window and miss the visit entirely.
    await sql`UPDATE scenarios SET doc = jsonb_set(doc, '{session_duration}', '60') WHERE id = ${awv}`.execute(server.db);
    try {
      const long = await times(client, awv, date);
      expect(long.at(-1)).toBe(`${date} 17:00:00`);
      expect(long).not.toContain(`${date} 09:30:00`);
      expect(long).not.toContain(`${date} 10:00:00`);
      expect(long).toContain(`${date} 10:30:00`);
    } finally {
      await sql`UPDATE scenarios SET doc = jsonb_set(doc, '{session_duration}', '30') WHERE id = ${awv}`.execute(server.db);
      await server.db.deleteFrom('visits').where('id', '=', visit.id).execute();
    }
  });

  it('offers nothing outside the date window or the SP windows, and refuses bad input', async () => {
    const { client } = await newLearner();
    expect(await times(client, awv, addDays(today(), 1))).toEqual([]);
    expect(await times(client, awv, nextSunday())).toEqual([]);
    await refused(
      client.post('/api/visit-request/available-times', { scenario_id: awv, date: weekdays(1)[0], timezone: 'Mars/Olympus' }),
      422,
      M.timezone,
    );
    // An unpublished scenario: hidden from the learner (403); one who can see it is told it cannot be booked.
    await refused(
      client.post('/api/visit-request/available-times', { scenario_id: unpublished, date: weekdays(1)[0], timezone: ZONE }),
      403,
    );
    const body = await refused(
      admin.post('/api/visit-request/available-times', { scenario_id: unpublished, date: weekdays(1)[0], timezone: ZONE }),
      422,
      M.notBookable,
    );
    expect(body.errors.scenario_id).toEqual([M.notBookable]);
    // learner2 (northfield) cannot see the partner-sp scenario.
    await refused(learner2.post('/api/visit-request/available-times', { scenario_id: awv, date: weekdays(1)[0], timezone: ZONE }), 403);
  });

  it('handles a daylight-saving change between the learner and the SP zones', async () => {
    // Europe ends summer time on 2026-10-25, the United States on 2026-11-01: London is 4 hours ahead of New York
    // in between, 5 hours before and after.
    const learnerUser = await server.db.selectFrom('users').selectAll().where('email', '=', 'learner@demo.test').executeTakeFirstOrThrow();
    const actor = { user: learnerUser, partnerId: 1, permissions: await server.services.users.permissionsOf(learnerUser, 1) };
    const now = new Date('2026-10-20T12:00:00Z');
    const at = async (date: string) =>
      (await server.services.visitRequests.availableTimes(actor, { scenario_id: Number(awv), date, timezone: 'Europe/London' }, now)).times;
    const before = await at('2026-10-23'); // Friday, both on summer time
    const between = await at('2026-10-30'); // Friday, London on winter time, New York still on summer time
    expect(before.at(-1)).toBe('2026-10-23 22:30:00');
    const after = await at('2026-11-02'); // Monday, both on winter time
    expect(before[0]).toBe('2026-10-23 13:00:00');
    expect(between[0]).toBe('2026-10-30 12:00:00');
    expect(between.at(-1)).toBe('2026-10-30 21:30:00');
    expect(after[0]).toBe('2026-11-02 13:00:00');
    expect(after.at(-1)).toBe('2026-11-02 22:30:00');
    expect(between).toHaveLength(20);
  });
});

describe('creating a request (spec 001 §4, VAL-07, LOAD-03)', () => {
  it('creates a free request, records it, and the overview redirects to it', async () => {
    const { client, id: userId } = await newLearner();
    const { id, dates } = await freeRequest(client);
    const row = await requestRow(id);
    expect(row).toMatchObject({
      status: 'pending',
      user_id: userId,
      scenario_id: awv,
      partner_id: 1,
      payment_amount_cents: 0,
      timezone: ZONE,
      duration_minutes: 30,
    });
    expect((await datesOf(id)).map((d) => new Date(d.start_at).getTime()).sort()).toEqual(
      dates.map((d) => slotToInstant(d, ZONE)!.getTime()).sort(),
    );
    expect(await eventsOf(id, 'request.created')).toHaveLength(1);
    expect(await auditOf(id, 'visit_request.created')).toHaveLength(1);
    expect((await ok(client.get(`/api/scenario/${awv}/overview`))).scheduled).toEqual({ type: 2, id });

    // A second request for the same scenario: 409 with where the open one is.
    const [a, b] = await twoSlots(client, awv, 1);
    const again = await refused(create(client, { scenario_id: awv, visit_date_one: a, visit_date_two: b }), 409, M.existingRequest);
    expect(again).toMatchObject({ request_id: id, scheduled: { type: 2, id } });
  });

  it('makes one request of a double click (LOAD-03)', async () => {
    const { client, id: userId } = await newLearner();
    const [a, b] = await twoSlots(client, awv);
    const body = { scenario_id: awv, visit_date_one: a, visit_date_two: b };
    const answers = await Promise.all([create(client, body), create(client, body), create(client, body)]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const rows = await server.db.selectFrom('requests').select('id').where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(1);
    for (const r of answers.filter((x) => x.status === 409)) expect((await json(r)).request_id).toBe(rows[0]!.id);
  });

  it('refuses the dates of VAL-07 with field errors and creates nothing', async () => {
    const { client } = await newLearner();
    const [a, b] = await twoSlots(client, awv);
    const before = await requestCount();
    const base = { scenario_id: awv, visit_date_one: a, visit_date_two: b };

    let body = await refused(create(client, { ...base, visit_date_two: a }), 422, M.sameDates);
    expect(body.errors.visit_date_two).toEqual([M.sameDates]);
    body = await refused(create(client, { ...base, terms_agreement: false }), 422, M.termsRequired);
    expect(body.errors.terms_agreement).toEqual([M.termsRequired]);
    body = await refused(create(client, { ...base, visit_date_one: '' }), 422);
    expect(body.errors.visit_date_one).toEqual([M.dateOneRequired]);
    body = await refused(create(client, { ...base, visit_date_one: 'next tuesday' }), 422);
    expect(body.errors.visit_date_one).toEqual([M.dateFormat]);

    const tomorrow = `${addDays(today(), 1)} 10:00:00`;
    body = await refused(create(client, { ...base, visit_date_one: tomorrow }), 422);
    expect(body.errors.visit_date_one[0]).toMatch(/^The earliest date you can request is \d\d\/\d\d\/\d\d\.$/);

    // Not in the available times (a Sunday; 03:00 at night), both fields at once.
    body = await refused(
      create(client, { ...base, visit_date_one: `${nextSunday()} 10:00:00`, visit_date_two: `${b.slice(0, 10)} 03:00:00` }),
      422,
    );
    expect(body.errors).toEqual({ visit_date_one: [M.notAvailable], visit_date_two: [M.notAvailable] });

    await refused(create(client, { ...base, scenario_id: unpublished }), 403);
    body = await refused(create(admin, { ...base, scenario_id: unpublished }), 422, M.notBookable);
    expect(body.errors.scenario_id).toEqual([M.notBookable]);

    // The partner's end date and disabled range.
    const [first] = weekdays(1);
    const later = weekdays(6).at(-1)!;
    await server.db
      .updateTable('partners')
      .set({ end_date: first!, disabled_start_date: null, disabled_end_date: null })
      .where('id', '=', 1)
      .execute();
    try {
      const laterSlots = `${later} 10:00:00`;
      body = await refused(create(client, { ...base, visit_date_one: laterSlots }), 422);
      expect(body.errors.visit_date_one[0]).toMatch(/^The latest date you can request is /);
      await server.db
        .updateTable('partners')
        .set({ end_date: null, disabled_start_date: addDays(today(), 2), disabled_end_date: later })
        .where('id', '=', 1)
        .execute();
      body = await refused(create(client, base), 422);
      expect(body.errors.visit_date_one[0]).toMatch(/^Visits cannot be requested from /);
      expect(await times(client, awv, a.slice(0, 10))).toEqual([]);
    } finally {
      await server.db
        .updateTable('partners')
        .set({ end_date: null, disabled_start_date: null, disabled_end_date: null })
        .where('id', '=', 1)
        .execute();
    }
    expect(await requestCount()).toBe(before);
  });
});

describe('partner seats (LOAD-04)', () => {
  const seatsOf = async (partnerId: number) =>
    server.db.selectFrom('partners').select(['seats', 'used_seats']).where('id', '=', partnerId).executeTakeFirstOrThrow();

  it('takes one seat per request, never more than the partner has, and gives it back on cancel', async () => {
    const learners = [await newLearner(), await newLearner(), await newLearner()];
    const slots = await Promise.all(learners.map((l, i) => twoSlots(l.client, awv, i)));
    const before = await seatsOf(1);
    // One seat left: concurrent bookings (truly parallel on PostgreSQL) take it once.
    await server.db
      .updateTable('partners')
      .set({ seats: before.used_seats + 1 })
      .where('id', '=', 1)
      .execute();
    try {
      const answers = await Promise.all(
        learners.map((l, i) => create(l.client, { scenario_id: awv, visit_date_one: slots[i]![0], visit_date_two: slots[i]![1] })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      for (const r of answers.filter((x) => x.status === 409)) expect((await json(r)).message).toBe(M.noSeats);
      expect(await seatsOf(1)).toEqual({ seats: before.used_seats + 1, used_seats: before.used_seats + 1 });
      const made = await server.db
        .selectFrom('requests')
        .select(['id', 'user_id', 'seat_taken'])
        .where(
          'user_id',
          'in',
          learners.map((l) => l.id),
        )
        .execute();
      expect(made).toHaveLength(1);
      expect(made[0]!.seat_taken).toBe(true);

      // Cancelling before any SP accepted gives the seat back; a second cancel gives nothing more.
      const owner = learners.find((l) => l.id === made[0]!.user_id)!;
      await ok(owner.client.post('/api/visit-request/cancel', { request_id: made[0]!.id }));
      expect((await seatsOf(1)).used_seats).toBe(before.used_seats);
      await refused(owner.client.post('/api/visit-request/cancel', { request_id: made[0]!.id }), 409);
      expect((await seatsOf(1)).used_seats).toBe(before.used_seats);
    } finally {
      await server.db.updateTable('partners').set({ seats: before.seats }).where('id', '=', 1).execute();
    }
  });
});

describe('paying for a request (PAY-01, spec 001 §4, §9)', () => {
  it('needs a succeeded payment of the server total; a forged has_credit changes nothing', async () => {
    const { client, id: userId } = await newLearner();
    const [a, b] = await twoSlots(client, lbp);
    const base = { scenario_id: lbp, visit_date_one: a, visit_date_two: b };
    await refused(create(client, base), 402, M.paymentRequired);
    await refused(create(client, { ...base, has_credit: true }), 402, M.paymentRequired);

    // Someone else's payment, or a made-up id, cannot pay for it.
    const other = await newLearner();
    const othersPayment = await pay(other.client);
    let body = await refused(create(client, { ...base, payment_id: othersPayment }), 422, M.paymentUnusable);
    expect(body.errors.payment_id).toEqual([M.paymentUnusable]);
    await refused(create(client, { ...base, payment_id: 999999 }), 422, M.paymentUnusable);

    const paymentId = await pay(client);
    body = await ok(create(client, { ...base, payment_id: paymentId }));
    expect(body.message).toBe(REQUEST_MESSAGES.sent);
    const row = await requestRow(body.id);
    expect(row).toMatchObject({ payment_id: paymentId, credit_id: null, payment_amount_cents: 4665 });
    const payment = await server.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
    expect(payment.visit_request_id).toBe(body.id);
    expect((await auditOf(body.id, 'visit_request.created'))[0]!.details).toMatchObject({ paid_by: 'card', payment_amount_cents: 4665 });

    // The same payment cannot pay for a second request (after cancelling the first).
    await ok(client.post('/api/visit-request/cancel', { request_id: body.id }));
    expect(await credits(userId)).toHaveLength(1);
    await refused(create(client, { ...base, payment_id: paymentId }), 422, M.paymentUnusable);
  });

  it('uses a payment that never reached a request (a reload after paying)', async () => {
    const { client } = await newLearner();
    const paymentId = await pay(client);
    const [a, b] = await twoSlots(client, lbp);
    const body = await ok(create(client, { scenario_id: lbp, visit_date_one: a, visit_date_two: b }));
    expect((await requestRow(body.id)).payment_id).toBe(paymentId);
  });
});

describe('the request page (spec 001 §2, §6)', () => {
  it('shows each role what it may see, and refuses everyone else', async () => {
    const { client, id: userId } = await newLearner();
    const profession = await server.db.selectFrom('professions').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    await server.db.updateTable('users').set({ profession_id: profession.id }).where('id', '=', userId).execute();
    const { id } = await freeRequest(client);

    const own = await ok(client.get(`/api/request/${id}`));
    expect(own.request).toMatchObject({ id, request_type_id: 1, status: 'pending', user: null, payment_amount: '0.00', visit_id: null });
    expect(own.request.viewer).toEqual({ is_learner: true, is_sp: false, can_accept: false, can_cancel: true, can_reschedule: true });
    expect(own.request.dates).toHaveLength(2);
    expect(own.learner_type).toBeNull();
    // The learner sees the learner fields only; the SP sees the SP's fields too.
    const spView = await ok(sp.get(`/api/request/${id}`));
    expect(spView.request.user).toBeNull();
    expect(spView.learner_type).toBeNull();
    expect(spView.request.viewer).toMatchObject({ is_sp: true, can_accept: true, can_cancel: false });
    const learnerFieldIds = own.request.scenario.fields.map((f: { scenario_field_id: number }) => f.scenario_field_id);
    expect(learnerFieldIds.every((f: number) => f <= 2)).toBe(true);
    expect(spView.request.scenario.fields.length).toBeGreaterThan(learnerFieldIds.length);

    const adminView = await ok(admin.get(`/api/request/${id}`));
    expect(adminView.request.user).toMatchObject({
      id: userId,
      name: expect.stringContaining('Vera'),
      email: expect.stringContaining('@demo.test'),
    });
    expect(adminView.learner_type).toBe(profession.title);
    const headView = await ok(headtrainer.get(`/api/request/${id}`));
    expect(headView.request.user).not.toBeNull();
    expect(headView.learner_type).toBeNull();
    const superView = await ok(superadmin.get(`/api/request/${id}`));
    expect(superView.learner_type).toBe(profession.title);

    await refused(observer.get(`/api/request/${id}`), 403);
    await refused(learner2.get(`/api/request/${id}`), 404, M.notFound);
    await refused(clientadmin.get(`/api/request/${id}`), 404);
    await refused(client.get('/api/request/987654'), 404);
  });

  it('lets a client admin of the partner see the requester and the learner type', async () => {
    const learner2Id = await userIdOf('learner2@demo.test');
    const profession = await server.db.selectFrom('professions').select(['id', 'title']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await server.db.updateTable('users').set({ profession_id: profession.id }).where('id', '=', learner2Id).execute();
    const soon = [new Date(Date.now() + 5 * 86_400_000), new Date(Date.now() + 6 * 86_400_000)];
    const id = await storedRequest(learner2Id, await scenarioId('Post-operative care call'), soon, 0, 2);
    const view = await ok(clientadmin.get(`/api/request/${id}`));
    expect(view.request.user).toMatchObject({ id: learner2Id, email: 'learner2@demo.test' });
    expect(view.learner_type).toBe(profession.title);
    // The owner sees it; partner sp's admin does not (another partner: 404).
    expect((await ok(learner2.get(`/api/request/${id}`))).request.viewer.is_learner).toBe(true);
    await refused(admin.get(`/api/request/${id}`), 404);
  });
});

describe('an SP accepts a date (spec 001 §4, LOAD-01, LOAD-02)', () => {
  it('creates the visit with the observers and records it; the second acceptance is refused', async () => {
    const { client, id: userId } = await newLearner();
    const { id } = await paidRequest(client);
    const { request } = await ok(sp.get(`/api/request/${id}`));
    const chosen = request.dates[1];

    await refused(
      client.post('/api/visit-request/approve', { request_id: id, request_type: 1, request_date_id: chosen.id }),
      403,
      M.notSpOfScenario,
    );
    await refused(learner2.post('/api/visit-request/approve', { request_id: id, request_type: 1, request_date_id: chosen.id }), 404);
    await refused(sp.post('/api/visit-request/approve', { request_id: id, request_type: 1, request_date_id: 1 }), 422, M.dateNotInRequest);
    const declined = await ok(sp.post('/api/visit-request/approve', { request_id: id, request_type: 1, reject: true }));
    expect(declined).toEqual({ message: M.declined, visit_id: null });
    expect((await requestRow(id)).status).toBe('pending');
    expect(await auditOf(id, 'visit_request.declined')).toHaveLength(1);

    const body = await ok(
      sp.post('/api/visit-request/approve', { request_id: id, request_type: 1, request_date_id: chosen.id, reject: false }),
    );
    expect(body.message).toBe(M.accepted);
    const visit = await server.db.selectFrom('visits').selectAll().where('id', '=', body.visit_id).executeTakeFirstOrThrow();
    expect(visit).toMatchObject({
      request_id: id,
      request_date_id: chosen.id,
      learner_user_id: userId,
      sp_user_id: spId,
      partner_id: 1,
      scenario_id: lbp,
      payment_amount_cents: 4665,
    });
    expect(new Date(visit.start_at).toISOString()).toBe(chosen.local_time);
    expect(new Date(visit.end_at).getTime() - new Date(visit.start_at).getTime()).toBe(30 * 60_000);
    const observers = await server.db.selectFrom('visit_observers').select('user_id').where('visit_id', '=', visit.id).execute();
    expect(observers.map((o) => o.user_id)).toEqual([observerId]);
    expect(
      await server.db
        .selectFrom('visit_events')
        .select('id')
        .where('visit_id', '=', visit.id)
        .where('type', '=', 'visit.scheduled')
        .execute(),
    ).toHaveLength(1);
    expect(await auditOf(id, 'visit_request.accepted')).toHaveLength(1);
    expect((await requestRow(id)).status).toBe('accepted');

    expect((await ok(client.get(`/api/request/${id}`))).request).toMatchObject({ status: 'accepted', visit_id: visit.id });
    expect((await ok(client.get(`/api/scenario/${lbp}/overview`))).scheduled).toEqual({ type: 1, id: visit.id });
    await refused(
      sp.post('/api/visit-request/approve', { request_id: id, request_type: 1, request_date_id: chosen.id }),
      409,
      M.alreadyAccepted,
    );
    await refused(client.post('/api/visit-request/cancel', { request_id: id }), 409, M.alreadyAccepted);
    // A learner with an open visit of the scenario cannot request it again.
    const [a, b] = await twoSlots(client, lbp, 2);
    const again = await refused(create(client, { scenario_id: lbp, visit_date_one: a, visit_date_two: b }), 409, M.existingVisit);
    expect(again.visit_id).toBe(visit.id);
  });

  it('20 SPs accepting at once make exactly one visit (LOAD-01)', async () => {
    const { client } = await newLearner();
    const { id } = await freeRequest(client, awv, 3);
    const sps = [];
    for (let i = 0; i < 20; i++) sps.push(await newSpOf(awv));
    const { request } = await ok(sps[0]!.client.get(`/api/request/${id}`));
    const answers = await Promise.all(
      sps.map((s, i) =>
        s.client.post('/api/visit-request/approve', { request_id: id, request_type: 1, request_date_id: request.dates[i % 2].id }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of answers.filter((x) => x.status === 409)) expect((await json(r)).message).toBe(M.alreadyAccepted);
    expect(await visitsOf(id)).toHaveLength(1);
    expect((await requestRow(id)).status).toBe('accepted');
    await server.db
      .deleteFrom('scenario_users')
      .where(
        'user_id',
        'in',
        sps.map((s) => s.id),
      )
      .execute();
  });

  it('one SP accepting 10 overlapping requests at once keeps one visit (LOAD-02)', async () => {
    const other = await newSpOf(awv);
    const learners = [];
    for (let i = 0; i < 10; i++) learners.push(await newLearner());
    const [slot, alternate] = await twoSlots(learners[0]!.client, awv, 4);
    const ids: number[] = [];
    for (const l of learners)
      ids.push((await ok(create(l.client, { scenario_id: awv, visit_date_one: slot, visit_date_two: alternate }))).id);
    const dateIds = await Promise.all(
      ids.map(async (id) => (await datesOf(id)).find((d) => new Date(d.start_at).getTime() === slotToInstant(slot, ZONE)!.getTime())!.id),
    );
    const answers = await Promise.all(
      ids.map((id, i) => other.client.post('/api/visit-request/approve', { request_id: id, request_type: 1, request_date_id: dateIds[i] })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const r of answers.filter((x) => x.status === 409)) expect((await json(r)).message).toBe(M.spOverlap);
    const visits = await server.db
      .selectFrom('visits')
      .select('id')
      .where('sp_user_id', '=', other.id)
      .where('is_canceled', '=', false)
      .execute();
    expect(visits).toHaveLength(1);
    // The refused requests stay pending for the other SPs.
    const rows = await server.db.selectFrom('requests').select('status').where('id', 'in', ids).execute();
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(9);
    // The accepted slot is no longer offered for this SP (the seeded SP is still free then).
    await server.db.deleteFrom('scenario_users').where('user_id', '=', other.id).execute();
  });
});

describe('the learner cancels (spec 001 §4, PAY-07, LOAD-05)', () => {
  it('credits a paid request once, refuses the second cancel, and the credit pays for the same scenario only', async () => {
    const { client, id: userId } = await newLearner();
    const { id } = await paidRequest(client, 1);
    await refused(sp.post('/api/visit-request/cancel', { request_id: id }), 403);
    await refused(learner2.post('/api/visit-request/cancel', { request_id: id }), 404);

    const answers = await Promise.all([
      client.post('/api/visit-request/cancel', { request_id: id }),
      client.post('/api/visit-request/cancel', { request_id: id }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const done = await json(answers.find((r) => r.status === 200)!);
    expect(done).toEqual({ message: requestCancelledText(4665), credit: { amount: '46.65', amount_cents: 4665 } });
    expect(done.message).toBe('Visit request has been cancelled. $46.65 has been credited to your account.');
    expect((await json(answers.find((r) => r.status === 409)!)).message).toBe(M.alreadyCanceled);
    await refused(client.post('/api/visit-request/cancel', { request_id: id }), 409, M.alreadyCanceled);
    const held = await credits(userId);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ scenario_id: lbp, amount_cents: 4665, used_at: null });
    expect(await requestRow(id)).toMatchObject({ status: 'canceled', is_canceled: true, canceled_by_user_id: userId });
    expect(await eventsOf(id, 'request.canceled')).toHaveLength(1);
    expect(await auditOf(id, 'visit_request.canceled')).toHaveLength(1);

    // The credit does not pay for another scenario (here the free one made paid for the test).
    await server.db.updateTable('scenarios').set({ fee: 45 }).where('id', '=', awv).execute();
    try {
      const [a, b] = await twoSlots(client, awv, 5);
      await refused(create(client, { scenario_id: awv, visit_date_one: a, visit_date_two: b, has_credit: true }), 402, M.paymentRequired);
    } finally {
      await server.db.updateTable('scenarios').set({ fee: null }).where('id', '=', awv).execute();
    }

    // It pays for the same scenario: check-for-payment says so, and the request uses it once.
    const quote = await ok(client.post('/api/visit-request/check-for-payment', { scenario_id: lbp }));
    expect(quote).toMatchObject({ has_credit: true, payment_required: false, credit: '46.65' });
    const [a, b] = await twoSlots(client, lbp, 2);
    const body = await ok(create(client, { scenario_id: lbp, visit_date_one: a, visit_date_two: b, has_credit: true }));
    expect(await requestRow(body.id)).toMatchObject({ credit_id: held[0]!.id, payment_id: null, payment_amount_cents: 4665 });
    expect((await credits(userId))[0]!.used_at).not.toBeNull();
    expect((await auditOf(body.id, 'visit_request.created'))[0]!.details).toMatchObject({ paid_by: 'credit' });

    // Cancelling that one credits it again (one open credit).
    await ok(client.post('/api/visit-request/cancel', { request_id: body.id }));
    expect((await credits(userId)).filter((c) => c.used_at === null)).toHaveLength(1);
  });

  it('a free request cancels without a credit', async () => {
    const { client, id: userId } = await newLearner();
    const { id } = await freeRequest(client, awv, 6);
    expect(await ok(client.post('/api/visit-request/cancel', { request_id: id }))).toEqual({ message: M.canceled, credit: null });
    expect(await credits(userId)).toHaveLength(0);
  });

  it('a cancel racing an acceptance ends in one consistent state (LOAD-05)', async () => {
    for (let round = 0; round < 3; round++) {
      const { client, id: userId } = await newLearner();
      const { id } = await paidRequest(client, round + 3);
      const dateId = (await datesOf(id))[0]!.id;
      const [cancel, accept] = await Promise.all([
        client.post('/api/visit-request/cancel', { request_id: id }),
        sp.post('/api/visit-request/approve', { request_id: id, request_type: 1, request_date_id: dateId }),
      ]);
      expect([cancel.status, accept.status].sort()).toEqual([200, 409]);
      const row = await requestRow(id);
      const visits = await visitsOf(id);
      if (cancel.status === 200) {
        expect(row.status).toBe('canceled');
        expect(visits).toHaveLength(0);
        expect(await credits(userId)).toHaveLength(1);
      } else {
        expect(row.status).toBe('accepted');
        expect(visits).toHaveLength(1);
        expect(await credits(userId)).toHaveLength(0);
        // Keep sp@demo.test's calendar free for the later tests.
        await server.db.updateTable('visits').set({ is_canceled: true }).where('request_id', '=', id).execute();
      }
    }
  });
});

describe('the learner reschedules (spec 001 §4)', () => {
  it('replaces both dates after the same checks', async () => {
    const { client } = await newLearner();
    const { id } = await freeRequest(client, awv, 7);
    const [a, b] = await twoSlots(client, awv, 8);
    await refused(
      client.post('/api/visit-request/reschedule', {
        request_id: id,
        request_type: 1,
        visit_date_one: a,
        visit_date_two: a,
        timezone: ZONE,
      }),
      422,
      M.sameDates,
    );
    await refused(
      client.post('/api/visit-request/reschedule', {
        request_id: id,
        request_type: 1,
        visit_date_one: `${nextSunday()} 10:00:00`,
        visit_date_two: b,
        timezone: ZONE,
      }),
      422,
      M.notAvailable,
    );
    await refused(
      sp.post('/api/visit-request/reschedule', { request_id: id, request_type: 1, visit_date_one: a, visit_date_two: b, timezone: ZONE }),
      403,
    );
    const body = await ok(
      client.post('/api/visit-request/reschedule', {
        request_id: id,
        request_type: 1,
        visit_date_one: a,
        visit_date_two: b,
        timezone: ZONE,
      }),
    );
    expect(body.message).toBe(M.rescheduled);
    expect(body.visit_request.dates.map((d: { local_time: string }) => d.local_time).sort()).toEqual(
      [a, b].map((s) => slotToInstant(s, ZONE)!.toISOString()).sort(),
    );
    expect(await eventsOf(id, 'request.rescheduled')).toHaveLength(1);
    expect(await auditOf(id, 'visit_request.rescheduled')).toHaveLength(1);
    await ok(client.post('/api/visit-request/cancel', { request_id: id }));
    await refused(
      client.post('/api/visit-request/reschedule', {
        request_id: id,
        request_type: 1,
        visit_date_one: a,
        visit_date_two: b,
        timezone: ZONE,
      }),
      409,
      M.alreadyCanceled,
    );
  });
});

describe('expiry (spec 001 §4)', () => {
  it('expires on the request page, credits what was paid, and refuses acceptance', async () => {
    const { client, id: userId } = await newLearner();
    const soon = [new Date(Date.now() + 3 * 3_600_000), new Date(Date.now() + 5 * 3_600_000)];
    const id = await storedRequest(userId, lbp, soon, 4665);
    const dateId = (await datesOf(id))[0]!.id;
    await refused(
      sp.post('/api/visit-request/approve', { request_id: id, request_type: 1, request_date_id: dateId }),
      409,
      REQUEST_MESSAGES.expired,
    );
    const view = await ok(client.get(`/api/request/${id}`));
    expect(view.request).toMatchObject({ status: 'expired', is_expired: true });
    expect(await credits(userId)).toHaveLength(1);
    expect(await eventsOf(id, 'request.expired')).toHaveLength(1);
    expect(await visitsOf(id)).toHaveLength(0);
    // The overview offers scheduling again.
    expect((await ok(client.get(`/api/scenario/${lbp}/overview`))).scheduled).toBeNull();
  });

  it('expireDue expires every due request once, even when run twice at once', async () => {
    const a = await newLearner();
    const b = await newLearner();
    const c = await newLearner();
    const due1 = await storedRequest(a.id, awv, [new Date(Date.now() - 86_400_000), new Date(Date.now() + 3_600_000)]);
    const due2 = await storedRequest(b.id, lbp, [new Date(Date.now() + 2 * 3_600_000), new Date(Date.now() + 20 * 3_600_000)], 4665);
    const fine = await storedRequest(c.id, awv, [new Date(Date.now() + 2 * 3_600_000), new Date(Date.now() + 3 * 86_400_000)]);
    const [first, second] = await Promise.all([
      server.services.visitRequests.expireDue(new Date()),
      server.services.visitRequests.expireDue(new Date()),
    ]);
    expect(first + second).toBeGreaterThanOrEqual(2);
    for (const id of [due1, due2]) {
      expect((await requestRow(id)).status).toBe('expired');
      expect(await eventsOf(id, 'request.expired')).toHaveLength(1);
    }
    expect((await requestRow(fine)).status).toBe('pending');
    expect(await credits(b.id)).toHaveLength(1);
    expect(await credits(a.id)).toHaveLength(0);
    expect(await server.services.visitRequests.expireDue(new Date())).toBe(0);
  });
});

describe("the overview and playlists show the learner's progress", () => {
  it('redirects the seeded learner to the pending request of the free scenario', async () => {
    const learner = await signedIn(server, 'learner@demo.test');
    expect((await ok(learner.get(`/api/scenario/${awv}/overview`))).scheduled).toEqual({ type: 2, id: 9101 });
  });

  it('marks playlist entries PENDING with a pending request', async () => {
    const { client } = await newLearner();
    await freeRequest(client, awv, 9);
    const playlist = await ok(client.post('/api/playlists', { name: `Visits ${randomUUID().slice(0, 6)}`, description: '' }));
    const playlistId = playlist.id ?? playlist.playlist?.id;
    await ok(client.post(`/api/playlists/${playlistId}/scenario`, { scenario_id: Number(awv) }));
    const shown = await ok(client.get(`/api/playlists/${playlistId}`));
    const entry = shown.playlist.scenarios.find((e: { scenario: { id: number } }) => e.scenario.id === Number(awv));
    expect(entry).toMatchObject({ status: 3, visit_id: null });
  });
});
