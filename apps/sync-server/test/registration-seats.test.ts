import { REGISTRATION_MESSAGES as M, ROLE } from '@simvisit/schema';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECIPIENT_MAILS } from '../src/features/registration/registration.service';
import { advanceTestClock, resetTestClock } from '../src/platform/clock';
import { createTestPartner } from '../src/seed/test-factories';
import { Client, json, signedIn } from './support/client';
import { registrationBody } from './support/registration-body';
import { startTestServer, TEST_DB, type TestServer } from './support/test-server';

/*
 * Seats held by registrations nobody confirms, addresses claimed before their owner registers, and mail flooding
 * (issue 21 items 2, 13, 17; decision 0080), through HTTP.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  // Each test registers several times from the one test address; the limit itself has its own test.
  await sql`delete from rate_limits where key like 'register%'`.execute(server.db);
});
afterEach(() => resetTestClock());

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;
const partner = (seats: number, used = 0) =>
  createTestPartner(server.db, { slug_prefix: 'seat', is_sim: false, seats, used_seats: used, passcode: null });

const body = (slug: string, overrides: Record<string, unknown> = {}) => registrationBody(slug, overrides, 'seats.simvisit.test');

async function register(payload: unknown, client = new Client(server)) {
  await sql`delete from rate_limits where key like 'register:%'`.execute(server.db);
  await client.csrf();
  return client.post('/api/register', payload);
}

const mailsTo = async (email: string, subject = 'Confirm your email') => {
  await server.services.mail.idle();
  return (await server.services.mail.latest(500)).filter((m) => m.recipient === email && m.subject?.includes(subject));
};

async function tokenFor(email: string): Promise<string> {
  const match = (await mailsTo(email))[0]?.body_text.match(/register\/confirm\/([A-Za-z0-9_-]+)\?/);
  if (!match) throw new Error(`no confirmation mail for ${email}`);
  return match[1]!;
}

async function confirm(token: string, client = new Client(server)) {
  await client.csrf();
  return { client, res: await client.post('/api/register/confirm-email', { token }) };
}

const seatsOf = (id: number) =>
  server.db.selectFrom('partners').select(['used_seats', 'held_seats']).where('id', '=', id).executeTakeFirstOrThrow();
const userOf = (email: string) => server.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

describe('seats held while the link is valid (item 2)', () => {
  it('five registrations nobody confirms lock nobody out once their links expire: the jobs give the seats back', async () => {
    const p = await partner(5);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const payload = body(p.slug);
      expect((await register(payload)).status).toBe(200);
      made.push(payload.email);
    }
    expect(await seatsOf(p.id)).toEqual({ used_seats: 0, held_seats: 5 });
    const real = body(p.slug);
    const refused = await register(real);
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toBe(M.noSeats(p.long_name));

    // A minute before the links expire nothing is given back; a minute after, every hold is.
    advanceTestClock(WEEK - 60_000);
    expect((await server.services.jobs.runDue()).expiredRegistrationsRemoved).toBe(0);
    expect(await seatsOf(p.id)).toEqual({ used_seats: 0, held_seats: 5 });
    advanceTestClock(2 * 60_000);
    const run = await server.services.jobs.runDue();
    expect(run.expiredRegistrationsRemoved).toBeGreaterThanOrEqual(5);
    expect(await seatsOf(p.id)).toEqual({ used_seats: 0, held_seats: 0 });
    for (const email of made) expect(await userOf(email)).toBeUndefined();
    const audit = await server.db.selectFrom('audit_log').select('action').where('partner_id', '=', p.id).execute();
    expect(audit.filter((a) => a.action === 'registration.expired_removed')).toHaveLength(5);

    expect((await register(real)).status).toBe(200);
    expect((await confirm(await tokenFor(real.email))).res.status).toBe(200);
    expect(await seatsOf(p.id)).toEqual({ used_seats: 1, held_seats: 0 });
  });

  it('confirming turns the hold into a used seat, and the counter says which seats are used and which held', async () => {
    const p = await partner(10, 2);
    const a = body(p.slug);
    const b = body(p.slug);
    for (const payload of [a, b]) expect((await register(payload)).status).toBe(200);
    expect(await seatsOf(p.id)).toEqual({ used_seats: 2, held_seats: 2 });
    expect((await confirm(await tokenFor(a.email))).res.status).toBe(200);
    expect(await seatsOf(p.id)).toEqual({ used_seats: 3, held_seats: 1 });

    const admin = await signedIn(server, 'superadmin@demo.test', 'simclusive');
    const counter = await admin.post('/api/reports/session-counter', { is_client_admin: false });
    expect(counter.status).toBe(200);
    const row = (await json(counter)).partners.find((r: { id: number }) => r.id === p.id);
    expect(row).toMatchObject({ used_seats: 3, held_seats: 1, seats: 10, usage: 30 });

    // A confirmed learner is never removed by the jobs, and a spent link does not count as waiting.
    advanceTestClock(WEEK + 60_000);
    await server.services.jobs.runDue();
    expect(await userOf(a.email)).toBeDefined();
    expect(await userOf(b.email)).toBeUndefined();
    expect(await seatsOf(p.id)).toEqual({ used_seats: 3, held_seats: 0 });
  });

  it('a new link asked for before the first expires keeps the hold', async () => {
    const p = await partner(3);
    const payload = body(p.slug);
    expect((await register(payload)).status).toBe(200);
    advanceTestClock(WEEK - 60 * 60_000);
    const client = new Client(server);
    expect((await client.login(payload.email, payload.password, p.slug)).status).toBe(200);
    expect((await client.post('/api/register/resend-confirmation')).status).toBe(200);
    advanceTestClock(2 * 60 * 60_000);
    await server.services.jobs.runDue();
    expect(await userOf(payload.email)).toBeDefined();
    expect(await seatsOf(p.id)).toEqual({ used_seats: 0, held_seats: 1 });
  });

  it('gives the last seat to exactly one of two concurrent registrations, holds counted', async () => {
    const p = await partner(4, 2);
    expect((await register(body(p.slug))).status).toBe(200);
    const results = await Promise.all([register(body(p.slug)), register(body(p.slug))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await seatsOf(p.id)).toEqual({ used_seats: 2, held_seats: 2 });
  });

  // Two server processes run the same jobs (decision 0094). PostgreSQL only: PGlite has one connection.
  it.skipIf(TEST_DB !== 'postgres')(
    'a cleanup that finds another process removing the same registration gives no seat back twice',
    async () => {
      const p = await partner(5);
      const first = body(p.slug);
      expect((await register(first)).status).toBe(200);
      advanceTestClock(3 * DAY);
      const second = body(p.slug);
      expect((await register(second)).status).toBe(200);
      expect(await seatsOf(p.id)).toEqual({ used_seats: 0, held_seats: 2 });
      // The first one's link has expired, the second one's has not.
      advanceTestClock(WEEK - 3 * DAY + 60_000);
      const waiting = (await userOf(first.email))!;

      // Another process is half-way through removing the first registration: seat given back, role deleted, not
      // committed yet. This process's cleanup finds the registration too and waits for that one to finish.
      const other = new pg.Client({ connectionString: server.config.databaseUrl! });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('UPDATE partners SET held_seats = greatest(held_seats - 1, 0) WHERE id = $1', [p.id]);
        await other.query('DELETE FROM user_roles WHERE user_id = $1 AND partner_id = $2 AND role_id = $3 AND NOT is_approved', [
          waiting.id,
          p.id,
          ROLE.learner,
        ]);
        const cleanup = server.services.registration.removeExpired();
        while (!(await blockedOnALock())) await new Promise((resolve) => setImmediate(resolve));
        await other.query('COMMIT');
        await cleanup;
      } finally {
        await other.end();
      }
      // Given back once (by the other process); the second registration's hold is still there.
      expect(await seatsOf(p.id)).toEqual({ used_seats: 0, held_seats: 1 });
      const removals = await server.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'registration.expired_removed')
        .where('target_id', '=', String(waiting.id))
        .execute();
      expect(removals).toHaveLength(0);
    },
  );
});

/** Whether a connection of this test's database waits for a lock another transaction holds. */
async function blockedOnALock(): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(server.db);
  return (rows[0]?.n ?? 0) > 0;
}

describe('an address waiting for confirmation is nobody’s yet (item 13)', () => {
  it('a second registration replaces the first: its password, data and link stop working, and its sessions end', async () => {
    const p = await partner(5);
    const other = await partner(5);
    const squatter = body(p.slug, { first_name: 'Squatter', password: 'squatter-pass-2026', password_confirmation: 'squatter-pass-2026' });
    expect((await register(squatter)).status).toBe(200);
    const squatterToken = await tokenFor(squatter.email);
    const squatterClient = new Client(server);
    expect((await squatterClient.login(squatter.email, squatter.password, p.slug)).status).toBe(200);

    // The owner registers with the same address at another partner.
    const owner = body(other.slug, { email: squatter.email, first_name: 'Owner' });
    const res = await register(owner);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(M.registered(owner.email));
    const user = (await userOf(owner.email))!;
    expect(user.first_name).toBe('Owner');
    // The earlier hold is given back, the new one taken.
    expect(await seatsOf(p.id)).toEqual({ used_seats: 0, held_seats: 0 });
    expect(await seatsOf(other.id)).toEqual({ used_seats: 0, held_seats: 1 });
    expect((await squatterClient.get('/api/auth/user')).status).toBe(401);
    expect((await confirm(squatterToken)).res.status).toBe(422);
    const roles = await server.db.selectFrom('user_roles').select('partner_id').where('user_id', '=', user.id).execute();
    expect(roles.map((r) => r.partner_id)).toEqual([other.id]);

    const tokens = (await mailsTo(owner.email)).map((m) => m.body_text.match(/register\/confirm\/([A-Za-z0-9_-]+)\?/)?.[1]);
    const ownerToken = tokens.find((t) => t && t !== squatterToken)!;
    expect((await confirm(ownerToken)).res.status).toBe(200);
    expect((await new Client(server).login(owner.email, squatter.password, other.slug)).status).toBe(422);
    expect((await new Client(server).login(owner.email, owner.password, other.slug)).status).toBe(200);
  });

  it('confirming ends every other session of the account', async () => {
    const p = await partner(5);
    const payload = body(p.slug);
    expect((await register(payload)).status).toBe(200);
    const before = new Client(server);
    expect((await before.login(payload.email, payload.password, p.slug)).status).toBe(200);
    const { client, res } = await confirm(await tokenFor(payload.email));
    expect(res.status).toBe(200);
    expect((await before.get('/api/auth/user')).status).toBe(401);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('a confirmed account is never replaced: the registration is answered the same and changes nothing', async () => {
    const p = await partner(5);
    const payload = body(p.slug);
    expect((await register(payload)).status).toBe(200);
    expect((await confirm(await tokenFor(payload.email))).res.status).toBe(200);
    const res = await register({ ...payload, first_name: 'Other', password: 'other-pass-2026', password_confirmation: 'other-pass-2026' });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(M.registered(payload.email));
    expect((await userOf(payload.email))!.first_name).toBe('Riley');
    expect(await seatsOf(p.id)).toEqual({ used_seats: 1, held_seats: 0 });
    expect((await new Client(server).login(payload.email, payload.password, p.slug)).status).toBe(200);
  });
});

describe('mail flooding (item 17)', () => {
  it(`mails one address at most ${RECIPIENT_MAILS} times an hour, whoever registers it, and answers as usual`, async () => {
    const p = await partner(100);
    const email = 'learner@demo.test';
    await sql`delete from rate_limits where key = ${`mail-to:${email}`}`.execute(server.db);
    const before = (await mailsTo(email, 'already have an account')).length;
    for (let i = 0; i < RECIPIENT_MAILS + 3; i++) {
      const res = await register(body(p.slug, { email }));
      expect(res.status).toBe(200);
      expect((await json(res)).message).toBe(M.registered(email));
    }
    expect((await mailsTo(email, 'already have an account')).length - before).toBe(RECIPIENT_MAILS);
  });

  it('counts the confirmation mails of registrations and resends of one address together', async () => {
    const p = await partner(100);
    const payload = body(p.slug);
    expect((await register(payload)).status).toBe(200);
    const client = new Client(server);
    expect((await client.login(payload.email, payload.password, p.slug)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await client.post('/api/register/resend-confirmation')).status).toBe(200);
    await sql`delete from rate_limits where key like 'register-resend:%'`.execute(server.db);
    for (let i = 0; i < 3; i++) expect((await client.post('/api/register/resend-confirmation')).status).toBe(200);
    expect(await mailsTo(payload.email)).toHaveLength(RECIPIENT_MAILS);
  });
});
