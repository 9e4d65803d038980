import { addDays, PARTNER_CAPACITY_MESSAGES as M, ROLE } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestToday } from '../src/features/partner-capacity/partner-capacity.service';
import { createTestPartner } from '../src/seed/test-factories';
import { Client, DEMO_PASSWORD, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson } from './support/visit-fixtures';

let server: TestServer;
let superadmin: Client;
beforeAll(async () => {
  server = await startTestServer();
  superadmin = await signedIn(server, 'superadmin@demo.test');
});
afterAll(async () => {
  await server.close();
});

const newPartner = (seats = 40) =>
  createTestPartner(server.db, { slug_prefix: 'cap', is_sim: false, seats, used_seats: 3, passcode: null });
const partnerRow = (id: number) => server.db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const today = () => earliestToday(new Date());

let seq = 0;
/** A person of partner 1 with the given roles, signed in. */
async function personWith(roles: number[]): Promise<Client> {
  const email = `capacity-${++seq}-${Date.now().toString(36)}@capacity.test`;
  await createPerson(
    server,
    email,
    roles.map((r) => [r, 1] as [number, number]),
  );
  const client = new Client(server);
  const res = await client.login(email, DEMO_PASSWORD, 'sp');
  expect(res.status).toBe(200);
  return client;
}

describe('POST api/partner/:id/seats', () => {
  it('raises the seat total and says so with the partner name', async () => {
    const p = await newPartner(40);
    const res = await superadmin.post(`/api/partner/${p.id}/seats`, { seats: 45 });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe(`${p.long_name}: Seats Successfully Updated`);
    expect(body.partner).toMatchObject({ id: p.id, seats: 45, used_seats: 3 });
    expect((await partnerRow(p.id)).seats).toBe(45);
    // the same total again is no reduction
    expect((await superadmin.post(`/api/partner/${p.id}/seats`, { seats: 45 })).status).toBe(200);
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'partner.seats_updated')
      .where('target_id', '=', String(p.id))
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('refuses a lower total, zero, negatives, fractions and text with the spec’s words, changing nothing', async () => {
    const p = await newPartner(40);
    const lower = await superadmin.post(`/api/partner/${p.id}/seats`, { seats: 39 });
    expect(lower.status).toBe(422);
    expect(await json(lower)).toMatchObject({ message: M.seatsReduce, errors: { seats: [M.seatsReduce] } });
    for (const seats of [0, -5, 2.5, 'many', null, '', 1e12]) {
      const res = await superadmin.post(`/api/partner/${p.id}/seats`, { seats });
      expect(res.status, String(seats)).toBe(422);
      expect((await json(res)).errors.seats[0]).toBe(seats === 1e12 ? M.seatsTooMany : M.seatsInteger);
    }
    expect((await partnerRow(p.id)).seats).toBe(40);
    expect((await superadmin.post('/api/partner/999999/seats', { seats: 50 })).status).toBe(404);
  });

  it('never lets a lower total sent at the same time win over a higher one (50 and 60 from 40)', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await newPartner(40);
      const [fifty, sixty] = await Promise.all([
        superadmin.post(`/api/partner/${p.id}/seats`, { seats: 50 }),
        superadmin.post(`/api/partner/${p.id}/seats`, { seats: 60 }),
      ]);
      expect(sixty.status).toBe(200);
      expect([200, 422]).toContain(fifty.status);
      expect((await partnerRow(p.id)).seats).toBe(60);
    }
  });
});

describe('scheduling dates', () => {
  it('lists every partner with its date ranges', async () => {
    const p = await newPartner();
    const body = await json(await superadmin.get('/api/partner/dates'));
    const mine = body.partners.find((x: { id: number }) => x.id === p.id);
    expect(mine).toEqual({
      id: p.id,
      long_name: p.long_name,
      short_name: p.short_name,
      slug: p.slug,
      dates: { start_date: null, end_date: null },
      disabled_dates: { start_date: null, end_date: null },
    });
  });

  it('saves, modifies and clears the date range and the disabled range', async () => {
    const p = await newPartner();
    const start = addDays(today(), 3);
    const end = addDays(today(), 40);
    const saved = await superadmin.post('/api/partner/save-dates', { partner_id: p.id, start_date: start, end_date: end });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({ message: M.datesSaved, partner: { id: p.id, dates: { start_date: start, end_date: end } } });
    const modified = await json(
      await superadmin.post('/api/partner/save-dates', { partner_id: p.id, start_date: start, end_date: addDays(end, 5) }),
    );
    expect(modified.partner.dates.end_date).toBe(addDays(end, 5));
    const disabled = await json(
      await superadmin.post('/api/partner/save-disabled-dates', {
        partner_id: p.id,
        start_disabled_date: addDays(start, 7),
        end_disabled_date: addDays(start, 9),
      }),
    );
    expect(disabled).toMatchObject({
      message: M.datesSaved,
      partner: { disabled_dates: { start_date: addDays(start, 7), end_date: addDays(start, 9) } },
    });
    const row = await partnerRow(p.id);
    expect([row.start_date, row.end_date, row.disabled_start_date]).toEqual([start, addDays(end, 5), addDays(start, 7)]);

    const clearedDisabled = await json(await superadmin.post('/api/partner/clear-disabled-dates', { partner_id: p.id }));
    expect(clearedDisabled).toMatchObject({
      message: M.disabledCleared,
      partner: { disabled_dates: { start_date: null, end_date: null } },
    });
    const cleared = await json(await superadmin.post('/api/partner/clear-dates', { partner_id: p.id }));
    expect(cleared).toMatchObject({ message: M.datesCleared, partner: { dates: { start_date: null, end_date: null } } });
    const actions = (
      await server.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_type', '=', 'partner')
        .where('target_id', '=', String(p.id))
        .execute()
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'partner.dates_saved',
        'partner.disabled_dates_saved',
        'partner.disabled_dates_cleared',
        'partner.dates_cleared',
      ]),
    );
  });

  it('refuses missing dates with "Missing Date Paramaters." saying which are required', async () => {
    const p = await newPartner();
    const start = addDays(today(), 3);
    const cases = [
      [{ start_date: start }, { end_date: [M.endRequired] }],
      [{ end_date: start }, { start_date: [M.startRequired] }],
      [
        { start_date: '', end_date: null },
        { start_date: [M.startRequired], end_date: [M.endRequired] },
      ],
    ] as const;
    for (const [dates, errors] of cases) {
      const res = await superadmin.post('/api/partner/save-dates', { partner_id: p.id, ...dates });
      expect(res.status).toBe(422);
      expect(await json(res)).toEqual({ message: M.missingDates, errors });
    }
    const res = await superadmin.post('/api/partner/save-disabled-dates', { partner_id: p.id, start_disabled_date: start });
    expect(await json(res)).toEqual({ message: M.missingDates, errors: { end_disabled_date: [M.endRequired] } });
    expect((await partnerRow(p.id)).start_date).toBeNull();
  });

  it('refuses past dates, an end before the start and dates that are not dates, changing nothing', async () => {
    const p = await newPartner();
    const t = today();
    const bad = [
      [{ start_date: addDays(t, -1), end_date: addDays(t, 5) }, 'start_date', M.pastDate],
      [{ start_date: addDays(t, 5), end_date: addDays(t, 4) }, 'end_date', M.endBeforeStart],
      [{ start_date: '2026-02-30', end_date: addDays(t, 4) }, 'start_date', M.notADate],
      [{ start_date: addDays(t, 1), end_date: '12/31/2099' }, 'end_date', M.notADate],
      [{ start_date: addDays(t, 1), end_date: 'x'.repeat(500) }, 'end_date', M.notADate],
    ] as const;
    for (const [dates, field, message] of bad) {
      const res = await superadmin.post('/api/partner/save-dates', { partner_id: p.id, ...dates });
      expect(res.status, JSON.stringify(dates)).toBe(422);
      expect((await json(res)).errors[field], JSON.stringify(dates)).toEqual([message]);
    }
    const past = await superadmin.post('/api/partner/save-disabled-dates', {
      partner_id: p.id,
      start_disabled_date: addDays(t, -3),
      end_disabled_date: addDays(t, -2),
    });
    expect((await json(past)).errors).toEqual({ start_disabled_date: [M.pastDate], end_disabled_date: [M.pastDate] });
    // today itself may be chosen
    expect((await superadmin.post('/api/partner/save-dates', { partner_id: p.id, start_date: t, end_date: t })).status).toBe(200);
    expect((await superadmin.post('/api/partner/save-dates', { partner_id: 999999, start_date: t, end_date: t })).status).toBe(404);
    expect((await superadmin.post('/api/partner/clear-dates', { partner_id: 999999 })).status).toBe(404);
  });

  it('moves the learner’s request window: the partner start date becomes the earliest date', async () => {
    const p = await newPartner();
    const start = addDays(today(), 20);
    await superadmin.post('/api/partner/save-dates', { partner_id: p.id, start_date: start, end_date: addDays(start, 10) });
    const row = await server.db.selectFrom('partners').select(['start_date', 'end_date']).where('id', '=', p.id).executeTakeFirstOrThrow();
    // request-slots.ts reads these columns for the window (tested end to end in tests/e2e/partner-capacity)
    expect(row).toEqual({ start_date: start, end_date: addDays(start, 10) });
  });
});

describe('AUTHZ-14: only super admins', () => {
  it('refuses client admins, admins and learners (403) and anonymous callers (401), changing nothing', async () => {
    const p = await newPartner(40);
    const t = addDays(today(), 2);
    const calls: [string, string, unknown][] = [
      ['POST', `/api/partner/${p.id}/seats`, { seats: 90 }],
      ['GET', '/api/partner/dates', undefined],
      ['POST', '/api/partner/save-dates', { partner_id: p.id, start_date: t, end_date: t }],
      ['POST', '/api/partner/clear-dates', { partner_id: p.id }],
      ['POST', '/api/partner/save-disabled-dates', { partner_id: p.id, start_disabled_date: t, end_disabled_date: t }],
      ['POST', '/api/partner/clear-disabled-dates', { partner_id: p.id }],
      ['POST', '/api/partner/email-list', { partner_id: p.id }],
    ];
    const before = JSON.stringify(await partnerRow(p.id));
    const people = [await personWith([ROLE.client_admin]), await personWith([ROLE.admin]), await personWith([ROLE.learner])];
    for (const who of people) {
      for (const [method, path, body] of calls) {
        const res = await who.request(method, path, body === undefined ? {} : { json: body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    const anonymous = new Client(server);
    await anonymous.csrf();
    for (const [method, path, body] of calls) {
      const res = await anonymous.request(method, path, body === undefined ? {} : { json: body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(JSON.stringify(await partnerRow(p.id))).toBe(before);
    const emails = await server.db.selectFrom('partner_pre_approved_emails').select('id').where('partner_id', '=', p.id).execute();
    expect(emails).toHaveLength(0);
  });
});
