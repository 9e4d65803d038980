import { MSG, REGISTRATION_MESSAGES, ROLE, takesRegistrations } from '@simvisit/schema';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { syncReferenceData } from '../src/db/reference-data';
import { HttpError } from '../src/http/errors';
import { sha256 } from '../src/lib/crypto';
import { advanceTestClock, resetTestClock } from '../src/platform/clock';
import { LINK_PURPOSES } from '../src/platform/emailed-links';
import { createTestPartner, createTestUser } from '../src/seed/test-factories';
import { createServices } from '../src/services';
import { ChangeFeed } from '../src/sync/change-feed';
import { Client, json } from './support/client';
import { freshDatabase, startTestServer, type TestServer } from './support/test-server';

/* The emailed-link module (issue 18 item 3, docs/decisions/0064): its own data, no demo seed. */
let server: TestServer;
let partner: { id: number; slug: string };
beforeAll(async () => {
  server = await startTestServer({}, { seed: false });
  // An empty database gives the first ids, which are the two brands that take no registrations: skip those.
  do {
    partner = await createTestPartner(server.db, { slug_prefix: 'links', is_sim: false, seats: 100, used_seats: 0, passcode: null });
  } while (!takesRegistrations(partner.id));
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  resetTestClock();
});

const links = () => server.services.emailedLinks;
const HOUR = 60 * 60 * 1000;
let addresses = 0;
/** A request address of its own per test, so no test spends another's rate limit. */
const address = () => `203.0.113.${++addresses}`;

const someone = () =>
  createTestUser(server.db, {
    email_prefix: 'links',
    first_name: 'Lee',
    last_name: 'Link',
    roles: [{ role_id: ROLE.learner, partner_id: partner.id }],
  });

const rowOf = (token: string) =>
  server.db.selectFrom('emailed_links').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();

async function mailedToken(email: string, pattern: RegExp): Promise<string> {
  await server.services.mail.idle();
  const mail = (await server.services.mail.latest(50)).find((m) => m.recipient === email);
  const match = mail?.body_text.match(pattern);
  if (!match) throw new Error(`no link mailed to ${email}`);
  return match[1]!;
}

describe('issue', () => {
  it("stores only the token's hash, with its purpose's expiry, subject and partner", async () => {
    const user = await someone();
    const reset = await links().issue('password_reset', user.id, null);
    const confirm = await links().issue('registration_confirmation', user.id, partner.id);
    expect(reset.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await server.db.selectFrom('emailed_links').selectAll().where('subject_id', '=', user.id).execute();
    expect(stored.some((r) => r.token_hash === reset.token || r.token_hash === confirm.token)).toBe(false);
    const resetRow = await rowOf(reset.token);
    expect(resetRow).toMatchObject({ purpose: 'password_reset', subject_id: user.id, partner_id: null, spent_at: null });
    expect(resetRow.expires_at.getTime() - resetRow.created_at.getTime()).toBe(HOUR);
    const confirmRow = await rowOf(confirm.token);
    expect(confirmRow).toMatchObject({ purpose: 'registration_confirmation', partner_id: partner.id });
    expect(confirmRow.expires_at.getTime() - confirmRow.created_at.getTime()).toBe(LINK_PURPOSES.registration_confirmation.ttlMs);
  });
});

describe('spend', () => {
  it('works once, for its own purpose and subject only', async () => {
    const user = await someone();
    const other = await someone();
    const link = await links().issue('password_reset', user.id, null);
    const ip = address();
    expect(await links().spend('registration_confirmation', link.token, { ip })).toBeNull();
    expect(await links().spend('password_reset', link.token, { ip, subjectId: other.id })).toBeNull();
    expect(await links().spend('password_reset', link.token, { ip, subjectId: null })).toBeNull();
    expect((await rowOf(link.token)).spent_at).toBeNull();
    const spent = await links().spend('password_reset', link.token, { ip, subjectId: user.id });
    expect(spent?.link).toMatchObject({ subjectId: user.id, partnerId: null });
    expect(await links().spend('password_reset', link.token, { ip })).toBeNull();
    expect(await links().spend('password_reset', 'not-a-token', { ip })).toBeNull();
  });

  it('spends every other unspent link of its subject and purpose, and no one else’s', async () => {
    const user = await someone();
    const other = await someone();
    const older = await links().issue('registration_confirmation', user.id, partner.id);
    const newer = await links().issue('registration_confirmation', user.id, partner.id);
    const reset = await links().issue('password_reset', user.id, null);
    const others = await links().issue('registration_confirmation', other.id, partner.id);
    expect(await links().spend('registration_confirmation', newer.token, { ip: address() })).not.toBeNull();
    expect((await rowOf(older.token)).spent_at).not.toBeNull();
    expect((await rowOf(reset.token)).spent_at).toBeNull();
    expect((await rowOf(others.token)).spent_at).toBeNull();
  });

  it('refuses a link once its expiry has passed on the clock, and leaves it unspent', async () => {
    const user = await someone();
    const link = await links().issue('password_reset', user.id, null);
    advanceTestClock(HOUR + 1000);
    expect(await links().spend('password_reset', link.token, { ip: address() })).toBeNull();
    expect((await rowOf(link.token)).spent_at).toBeNull();
    resetTestClock();
    advanceTestClock(HOUR - 60_000);
    expect(await links().spend('password_reset', link.token, { ip: address() })).not.toBeNull();
  });

  it('an emailed reset link expires after 60 minutes over HTTP, with the spec’s words', async () => {
    const user = await someone();
    const client = new Client(server);
    await client.csrf();
    await client.post('/api/forgot-password', { email: user.email, partner_slug: partner.slug });
    const token = await mailedToken(user.email, /reset-password\/([A-Za-z0-9_-]+)\?/);
    const body = { token, email: user.email, password: 'a-fresh-passphrase-1', password_confirmation: 'a-fresh-passphrase-1' };
    advanceTestClock(61 * 60_000);
    const late = await client.post('/api/reset-password', body);
    expect(late.status).toBe(422);
    expect(await json(late)).toEqual({ message: MSG.resetInvalid, errors: { email: [MSG.resetInvalid] } });
    resetTestClock();
    expect((await client.post('/api/reset-password', body)).status).toBe(200);
  });

  it('is single use under two spends at the same moment: one wins, the other finds nothing', async () => {
    const user = await someone();
    for (let round = 0; round < 5; round++) {
      const link = await links().issue('application_confirmation', user.id, partner.id);
      const ip = address();
      const both = await Promise.all([
        links().spend('application_confirmation', link.token, { ip }),
        links().spend('application_confirmation', link.token, { ip }),
      ]);
      expect(both.filter((b) => b !== null)).toHaveLength(1);
    }
  });

  it('confirms a registration once when the emailed link is followed twice at the same moment (HTTP)', async () => {
    const client = new Client(server);
    await client.csrf();
    const email = `twice-${Date.now().toString(36)}@links.simvisit.test`;
    const registered = await client.post('/api/register', {
      partner_slug: partner.slug,
      first_name: 'Tess',
      last_name: 'Twice',
      email,
      password: 'a-long-secret-2026',
      password_confirmation: 'a-long-secret-2026',
    });
    expect(registered.status).toBe(200);
    const token = await mailedToken(email, /register\/confirm\/([A-Za-z0-9_-]+)\?/);
    const [a, b] = [new Client(server), new Client(server)];
    await Promise.all([a.csrf(), b.csrf()]);
    const answers = await Promise.all([a, b].map((c) => c.post('/api/register/confirm-email', { token })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const refused = answers.find((r) => r.status === 422)!;
    expect(await json(refused)).toEqual({
      message: REGISTRATION_MESSAGES.confirmInvalid,
      errors: { token: [REGISTRATION_MESSAGES.confirmInvalid] },
    });
  });

  it('counts every attempt from one address and refuses the eleventh in a minute with the purpose’s words', async () => {
    const ip = address();
    for (let i = 0; i < 10; i++) expect(await links().spend('password_reset', `guess-${i}`, { ip })).toBeNull();
    const refused = await links()
      .spend('password_reset', 'guess-10', { ip })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(429);
    expect((refused as HttpError).message).toMatch(/^Please wait \d+ seconds before retrying\.$/);
  });
});

describe('resend', () => {
  const resend = (userId: number, find: () => Promise<{ partnerId: number; target: { type: string; id: number } } | undefined>) => {
    const sent: string[] = [];
    const done = links().resend({
      purpose: 'registration_confirmation',
      subjectId: userId,
      meta: { ip: address(), requestId: 'links-test', actorUserId: userId },
      find,
      nothingLeft: REGISTRATION_MESSAGES.nothingToConfirm,
      send: async (token) => {
        sent.push(token);
      },
    });
    return done.then(() => sent);
  };
  const waiting = (userId: number) => async () => ({ partnerId: partner.id, target: { type: 'user', id: userId } });

  it('issues and mails a new link, keeps the older ones good, and writes the audit entry without the token', async () => {
    const user = await someone();
    const first = await links().issue('registration_confirmation', user.id, partner.id);
    const [token] = await resend(user.id, waiting(user.id));
    expect(await rowOf(token!)).toMatchObject({ purpose: 'registration_confirmation', subject_id: user.id, partner_id: partner.id });
    expect((await rowOf(first.token)).spent_at).toBeNull();
    const entries = await server.db.selectFrom('audit_log').selectAll().where('actor_user_id', '=', user.id).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'registration.confirmation_resent',
      partner_id: partner.id,
      target_type: 'user',
      target_id: String(user.id),
      request_id: 'links-test',
    });
    expect(entries[0]!.details).toEqual({ purpose: 'registration_confirmation' });
    expect(JSON.stringify(entries[0])).not.toContain(token);
  });

  it('allows three per subject in ten minutes, refused ones counted, and answers the fourth 429', async () => {
    const user = await someone();
    const other = await someone();
    const nothing = await resend(user.id, async () => undefined).catch((e: unknown) => e);
    expect(nothing).toBeInstanceOf(HttpError);
    expect(nothing).toMatchObject({ status: 422, message: REGISTRATION_MESSAGES.nothingToConfirm });
    for (let i = 0; i < 2; i++) expect(await resend(user.id, waiting(user.id))).toHaveLength(1);
    const refused = await resend(user.id, waiting(user.id)).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429, message: MSG.tooManyRequests });
    const issued = await server.db.selectFrom('emailed_links').select('id').where('subject_id', '=', user.id).execute();
    expect(issued).toHaveLength(2);
    expect(await resend(other.id, waiting(other.id))).toHaveLength(1);
  });
});

describe('the migration to one table', () => {
  it('carries the unspent links of the three old tables over: a link mailed before it still works after it', async () => {
    const target = await freshDatabase();
    const handle = await openDatabase({ databaseUrl: target.url, dataDir: 'memory://' });
    try {
      const names = Object.keys(migrations);
      const before = names[names.indexOf('20261128100000_emailed_links') - 1]!;
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
      const { error } = await migrator.migrateTo(before);
      if (error) throw error;
      await syncReferenceData(handle.db);
      const db = handle.db;
      const brand = await createTestPartner(db, { slug_prefix: 'old-links', is_sim: false, seats: 10, used_seats: 1, passcode: null });
      const learner = await createTestUser(db, {
        email_prefix: 'old-learner',
        first_name: 'Olive',
        last_name: 'Older',
        roles: [{ role_id: ROLE.learner, partner_id: brand.id }],
      });
      // A registration waiting for its link: the learner role not approved yet.
      await sql`UPDATE user_roles SET is_approved = false WHERE user_id = ${learner.id}`.execute(db);
      const applicant = await createTestUser(db, {
        email_prefix: 'old-applicant',
        first_name: 'Abe',
        last_name: 'Older',
        roles: [{ role_id: ROLE.applicant, partner_id: brand.id }],
      });
      const application = await sql<{ id: number }>`INSERT INTO applications (user_id, partner_id, status, created_at, updated_at)
        VALUES (${applicant.id}, ${brand.id}, 'unconfirmed', now(), now()) RETURNING id`.execute(db);
      const inAWeek = new Date(Date.now() + 6 * 24 * HOUR);
      const [register, apply, reset, spent, expired] = ['register', 'apply', 'reset', 'spent', 'expired'].map(
        (t) => `old-${t}-token-${Date.now()}`,
      );
      await sql`INSERT INTO registration_confirmations (user_id, partner_id, token_hash, expires_at)
        VALUES (${learner.id}, ${brand.id}, ${sha256(register!)}, ${inAWeek})`.execute(db);
      await sql`INSERT INTO application_confirmations (application_id, user_id, token_hash, expires_at)
        VALUES (${application.rows[0]!.id}, ${applicant.id}, ${sha256(apply!)}, ${inAWeek})`.execute(db);
      await sql`INSERT INTO password_resets (user_id, token_hash, expires_at, used_at) VALUES
        (${learner.id}, ${sha256(reset!)}, ${new Date(Date.now() + HOUR / 2)}, NULL),
        (${learner.id}, ${sha256(spent!)}, ${new Date(Date.now() + HOUR / 2)}, now()),
        (${learner.id}, ${sha256(expired!)}, ${new Date(Date.now() - 1000)}, NULL)`.execute(db);

      await migrateToLatest(db);
      const tables = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.tables
        WHERE table_name IN ('registration_confirmations', 'application_confirmations', 'password_resets')`.execute(db);
      expect(tables.rows[0]!.n).toBe(0);
      const carried = await db.selectFrom('emailed_links').select(['purpose', 'token_hash']).execute();
      expect(carried.map((r) => r.token_hash).sort()).toEqual([register, apply, reset].map((t) => sha256(t!)).sort());

      const services = createServices(db, server.config);
      const feed = new ChangeFeed();
      await feed.start(handle);
      try {
        const { app } = createApp({ config: server.config, db, services, feed });
        const browser = async () => {
          const c = new Client({ app });
          await c.csrf();
          return c;
        };
        const confirmed = await (await browser()).post('/api/register/confirm-email', { token: register });
        expect(confirmed.status).toBe(200);
        const role = await db.selectFrom('user_roles').select('is_approved').where('user_id', '=', learner.id).executeTakeFirstOrThrow();
        expect(role.is_approved).toBe(true);
        expect((await (await browser()).post('/api/apply/confirm-email', { token: apply })).status).toBe(200);
        const app1 = await db.selectFrom('applications').select('status').where('user_id', '=', applicant.id).executeTakeFirstOrThrow();
        expect(app1.status).toBe('pending');
        const password = { email: learner.email, password: 'carried-over-pass-1', password_confirmation: 'carried-over-pass-1' };
        for (const old of [spent, expired]) {
          expect((await (await browser()).post('/api/reset-password', { ...password, token: old })).status).toBe(422);
        }
        expect((await (await browser()).post('/api/reset-password', { ...password, token: reset })).status).toBe(200);
        await services.mail.idle();
      } finally {
        await feed.close();
      }
    } finally {
      await handle.close();
      await target.drop();
    }
  });
});
