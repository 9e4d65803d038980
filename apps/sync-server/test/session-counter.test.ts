import { SESSION_COUNTER_MESSAGES as M, ROLE } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPartner } from '../src/seed/test-factories';
import { Client, DEMO_PASSWORD, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson } from './support/visit-fixtures';

/** POST api/reports/session-counter (spec 000 §2.9, §7; docs/decisions/0076) through HTTP. */
let server: TestServer;
let seq = 0;
const PATH = '/api/reports/session-counter';
const BRAND = 28;

const partner = (seats: number, used: number) =>
  createTestPartner(server.db, { slug_prefix: 'sc', is_sim: true, seats, used_seats: used, passcode: null });

/** A person with the roles given (role, partner) and client_admin_partners rows for `administers`, signed in at `slug`. */
async function person(grants: [number, number][], administers: number[] = [], slug = 'simclusive') {
  const email = `counter-${++seq}-${Date.now().toString(36)}@counter.test`;
  const id = await createPerson(server, email, grants);
  if (administers.length > 0) {
    await server.db
      .insertInto('client_admin_partners')
      .values(administers.map((partner_id) => ({ user_id: id, partner_id })))
      .execute();
  }
  const client = new Client(server);
  const res = await client.login(email, DEMO_PASSWORD, slug);
  expect(res.status).toBe(200);
  return { id, email, client };
}

// biome-ignore lint/suspicious/noExplicitAny: rows of the answer, read loosely
const rowOf = (body: any, id: number) => body.partners.find((p: { id: number }) => p.id === id);
const ids = (body: { partners: { id: number }[] }) => body.partners.map((p) => p.id);

let full: Awaited<ReturnType<typeof partner>>; // 8 of 10 seats: 80%, the warning
let near: Awaited<ReturnType<typeof partner>>; // 799 of 1000: 79.9% reads 79, no warning
let low: Awaited<ReturnType<typeof partner>>; // 7 of 10: 70%
let seatless: Awaited<ReturnType<typeof partner>>; // no seats: no session data
let fullAdmin: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  server = await startTestServer();
  full = await partner(10, 8);
  near = await partner(1000, 799);
  low = await partner(10, 7);
  seatless = await partner(0, 0);
  // The client admin of `full` (role there and at 28, administering it), and one of `low`.
  fullAdmin = await person(
    [
      [ROLE.client_admin, BRAND],
      [ROLE.client_admin, full.id],
    ],
    [full.id],
  );
  await person([[ROLE.client_admin, low.id]], [low.id], low.slug);
  // Administering `full` without the approved role there: not one of its client administrators.
  const stray = await createPerson(server, `stray-${Date.now().toString(36)}@counter.test`, [[ROLE.learner, full.id]]);
  await server.db.insertInto('client_admin_partners').values({ user_id: stray, partner_id: full.id }).execute();
});
afterAll(async () => {
  await server.close();
});

describe('the admin view', () => {
  it('gives each partner with seats its usage, used seats and seats, the fullest first', async () => {
    const { client } = await person([[ROLE.admin, BRAND]]);
    const res = await client.post(PATH, { is_client_admin: false });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(rowOf(body, full.id)).toMatchObject({ long_name: full.long_name, usage: 80, used_seats: 8, seats: 10 });
    expect(rowOf(body, near.id)).toMatchObject({ usage: 79, used_seats: 799, seats: 1000, client_admins: [] });
    expect(rowOf(body, low.id)).toMatchObject({ usage: 70, used_seats: 7, seats: 10, client_admins: [] });
    expect(rowOf(body, seatless.id)).toBeUndefined();
    const order = ids(body);
    expect(order.indexOf(full.id)).toBeLessThan(order.indexOf(near.id));
    expect(order.indexOf(near.id)).toBeLessThan(order.indexOf(low.id));
    const usages = body.partners.map((p: { usage: number }) => p.usage);
    expect(usages).toEqual([...usages].sort((a, b) => b - a));
  });

  it("lists a partner's client administrators on rows at 80% or more only", async () => {
    const { client } = await person([[ROLE.admin, BRAND]]);
    const body = await json(await client.post(PATH, {}));
    expect(rowOf(body, full.id).client_admins).toEqual([
      { first_name: fullAdmin.email.split('@')[0], last_name: 'Tester', email: fullAdmin.email },
    ]);
    // `low` has a client administrator too, but below the warning its address does not leave the server.
    expect(rowOf(body, low.id).client_admins).toEqual([]);
  });

  it('is every partner for a super admin wherever they are signed in', async () => {
    const superadmin = await signedIn(server, 'superadmin@demo.test');
    const body = await json(await superadmin.post(PATH, { is_client_admin: 0 }));
    expect(ids(body)).toEqual(expect.arrayContaining([full.id, near.id, low.id]));
  });
});

describe('the client admin view (AUTHZ-12)', () => {
  it('is only the partners they administer, whatever is_client_admin says, without addresses', async () => {
    for (const flag of [false, true, 0, undefined]) {
      const body = await json(await fullAdmin.client.post(PATH, flag === undefined ? {} : { is_client_admin: flag }));
      expect(body.partners).toEqual([
        {
          id: full.id,
          long_name: full.long_name,
          short_name: full.short_name,
          slug: full.slug,
          usage: 80,
          used_seats: 8,
          held_seats: 0,
          seats: 10,
          client_admins: [],
          history: [],
        },
      ]);
    }
  });

  it('lets someone who is both admin and client admin choose, with is_client_admin', async () => {
    const both = await person(
      [
        [ROLE.admin, BRAND],
        [ROLE.client_admin, BRAND],
      ],
      [low.id],
    );
    expect(ids(await json(await both.client.post(PATH, { is_client_admin: true })))).toEqual([low.id]);
    expect(ids(await json(await both.client.post(PATH, { is_client_admin: false })))).toEqual(
      expect.arrayContaining([full.id, low.id, near.id]),
    );
  });

  it('is empty for a client admin who administers no partner with seats', async () => {
    const { client } = await person([[ROLE.client_admin, BRAND]], [seatless.id]);
    expect(await json(await client.post(PATH, { is_client_admin: true }))).toEqual({ partners: [] });
  });
});

describe('refusals', () => {
  it('answers 401 without a session', async () => {
    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await anonymous.post(PATH, {})).status).toBe(401);
  });

  it('answers 403 to a learner or SP, and to an admin or client admin signed in at another partner', async () => {
    const learner = await person([[ROLE.learner, BRAND]]);
    const sp = await person([[ROLE.standardized_patient, BRAND]]);
    for (const c of [learner.client, sp.client]) expect((await c.post(PATH, { is_client_admin: false })).status).toBe(403);
    const otherAdmin = await person([[ROLE.admin, 1]], [], 'sp');
    const res = await otherAdmin.client.post(PATH, {});
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBe(M.notSessionCounterPartner);
    const lowAdmin = await person([[ROLE.client_admin, low.id]], [low.id], low.slug);
    expect((await lowAdmin.client.post(PATH, { is_client_admin: true })).status).toBe(403);
  });

  it('answers a malformed body with 422, never a 5xx', async () => {
    const { client } = await person([[ROLE.admin, BRAND]]);
    for (const body of [
      { is_client_admin: 'yes' },
      { is_client_admin: 2 },
      { is_client_admin: { $ne: 0 } },
      { is_client_admin: 'a\u0000' },
    ]) {
      const res = await client.post(PATH, body);
      expect(res.status).toBe(422);
      expect((await json(res)).message).toEqual(expect.any(String));
    }
    const broken = await client.request('POST', PATH, { body: '{"is_client_admin":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
  });

  it('draws usage over time from the daily readings of the timed jobs: a day keeps its last reading, 90 days back (issue 20 item 6)', async () => {
    const p = await partner(10, 3);
    const DAY = 86_400_000;
    const day = (ago: number) => new Date(Date.now() - ago * DAY);
    await server.services.jobs.run('housekeeping', day(120)); // older than the 90 days shown
    await server.services.jobs.run('housekeeping', day(2));
    await server.db.updateTable('partners').set({ used_seats: 5 }).where('id', '=', p.id).execute();
    await server.services.jobs.run('housekeeping', day(1));
    await server.db.updateTable('partners').set({ used_seats: 6, held_seats: 1 }).where('id', '=', p.id).execute();
    await server.services.jobs.run('housekeeping', day(1)); // the same day again: its reading is replaced
    const { client } = await person([[ROLE.admin, BRAND]]);
    const row = rowOf(await json(await client.post(PATH, {})), p.id);
    expect(row.history).toEqual([
      { day: day(2).toISOString().slice(0, 10), usage: 30, used_seats: 3, held_seats: 0, seats: 10 },
      { day: day(1).toISOString().slice(0, 10), usage: 60, used_seats: 6, held_seats: 1, seats: 10 },
    ]);
    // A client admin's answer holds the history of their partners only (AUTHZ-12).
    const mine = await json(await fullAdmin.client.post(PATH, { is_client_admin: true }));
    expect(mine.partners.map((r: { id: number }) => r.id)).toEqual([full.id]);
    expect(mine.partners[0].history.every((h: { seats: number }) => h.seats === 10)).toBe(true);
  });
});
