import { COMMITMENT_MESSAGES, VISIT_REFUSALS } from '@simvisit/schema';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { doubleBookingOf, isUnavailable } from '../src/http/error-handler';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, TEST_DB, type TestServer } from './support/test-server';

describe('connection-class errors are 503, not 500 (CRASH-02, issue 11 item 4)', () => {
  it('recognises the codes and messages of a database that cannot serve', () => {
    for (const code of ['08006', '08001', '57P01', '57P03', '55000', '53300', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(isUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    }
    expect(isUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailable(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '57P01' }) }))).toBe(true);
    // A wrong request is not an outage.
    for (const code of ['23505', '22P02', '42P01', '22003']) {
      expect(isUnavailable(Object.assign(new Error('x'), { code }))).toBe(false);
    }
    expect(isUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    // A transaction rolled back by a serialization failure or a deadlock succeeds when the call comes again.
    for (const code of ['40001', '40P01']) expect(isUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
  });

  it('answers a deadlock over one person’s time as the double booking it is (409), as PostgreSQL reports it', () => {
    const deadlock = (relation: string) =>
      Object.assign(new Error('deadlock detected'), {
        code: '40P01',
        where: `while checking exclusion constraint on tuple (0,20) in relation "${relation}"\nSQL statement "INSERT INTO …"`,
      });
    expect(doubleBookingOf(deadlock('commitments'))).toBe(COMMITMENT_MESSAGES.overlap);
    expect(doubleBookingOf(new Error('wrapped', { cause: deadlock('visits') }))).toBe(VISIT_REFUSALS.overlap);
    expect(doubleBookingOf(Object.assign(new Error('deadlock detected'), { code: '40P01', where: 'while updating tuple' }))).toBeNull();
  });
});

describe.skipIf(TEST_DB !== 'postgres')('while PostgreSQL refuses connections', () => {
  let server: TestServer;
  let learner: Client;
  const admin = () => {
    const url = new URL(server.config.databaseUrl!);
    const name = url.pathname.slice(1);
    url.pathname = '/test';
    return { url: url.toString(), name };
  };
  async function asAdmin(sql: string): Promise<pg.QueryResult> {
    const { url } = admin();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    server = await startTestServer();
    learner = await signedIn(server, 'learner@demo.test');
  });
  afterAll(async () => {
    await asAdmin(`ALTER DATABASE ${admin().name} ALLOW_CONNECTIONS true`).catch(() => {});
    await server.close();
  });

  it('answers 503 with Retry-After, keeps running, and recovers without a restart', async () => {
    const { name } = admin();
    await asAdmin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await asAdmin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);

    for (const res of [
      await learner.get('/api/auth/user'),
      await learner.get('/sync/v1/notifications/pull'),
      await learner.get('/api/playlists'),
    ]) {
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(JSON.stringify(await json(res))).not.toMatch(/at .*\.ts|stack/i);
    }

    await asAdmin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    const back = await learner.get('/api/auth/user');
    expect(back.status).toBe(200);
    expect(JSON.stringify(await json(back))).toContain('learner@demo.test');
  });

  // A connection killed under a running query also emits "Connection terminated unexpectedly" on its client while
  // kysely still holds it, where the pool does not listen: that error was uncaught and would end the process.
  it('survives a connection dropped under a running query, answers it 503-class, and serves the next call', async () => {
    const { name } = admin();
    await server.db.connection().execute(async (conn) => {
      const running = sql`SELECT pg_sleep(30) AS outage_probe`.execute(conn).then(
        () => null,
        (err: unknown) => err,
      );
      const probe = `SELECT pid FROM pg_stat_activity WHERE datname = '${name}' AND query LIKE '%outage_probe%' AND pid <> pg_backend_pid()`;
      while (!(await asAdmin(probe)).rowCount) await new Promise((r) => setTimeout(r, 50));
      await asAdmin(`SELECT pg_terminate_backend(pid) FROM (${probe}) AS running`);
      expect(isUnavailable(await running)).toBe(true);
      // Still holding the client while its socket's end arrives: the moment the uncaught error used to come.
      await new Promise((r) => setTimeout(r, 300));
    });
    expect((await learner.get('/api/auth/user')).status).toBe(200);
  });

  // Issue 21 item 11: after an outage long enough for a doubling backoff to reach 8 s, the change feed's RESYNC
  // ("anything may have changed") comes within 2 s of the database answering again, and the refusals during the
  // outage are one log line and one summary, not a line each.
  it('resumes the change feed within 2 s of the database answering, and logs the outage once', async () => {
    const { name } = admin();
    let resyncAt = 0;
    const off = server.feed.onTable('no-such-table', () => {
      resyncAt = Date.now();
    });
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
    try {
      await asAdmin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await asAdmin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      for (let i = 0; i < 12; i++) expect((await learner.get('/api/playlists')).status).toBe(503);
      await new Promise((r) => setTimeout(r, 9_000));
      resyncAt = 0;
      await asAdmin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      const backAt = Date.now();
      expect((await learner.get('/api/auth/user')).status).toBe(200);
      while (resyncAt === 0 && Date.now() - backAt < 5_000) await new Promise((r) => setTimeout(r, 50));
      expect(resyncAt, 'no RESYNC within 5 s').toBeGreaterThan(0);
      expect(resyncAt - backAt).toBeLessThan(2_000);
    } finally {
      spy.mockRestore();
      off();
    }
    expect(lines.filter((l) => l.includes('database unavailable'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('requests refused with 503'))).toEqual([expect.stringContaining('12 requests refused')]);
    expect(lines.filter((l) => l.includes('listen reconnect failed')).length).toBeLessThanOrEqual(1);
  }, 30_000);
});
