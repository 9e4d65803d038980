import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signedIn } from './support/client';
import { startTestServer, TEST_DB, type TestServer } from './support/test-server';

// Only PostgreSQL has a LISTEN connection that can drop; PGlite runs in the process.
describe.skipIf(TEST_DB !== 'postgres')('live updates after the database connection drops (issue 11 item 2)', () => {
  let server: TestServer;
  let sp: Client;
  beforeAll(async () => {
    server = await startTestServer();
    sp = await signedIn(server, 'sp@demo.test');
  });
  afterAll(async () => {
    await server.close();
  });

  /** Ends every LISTEN connection of this test's database, as a PostgreSQL restart or failover would. */
  async function terminateListeners(): Promise<number> {
    const admin = new pg.Client({ connectionString: server.config.databaseUrl! });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
      );
      return rows.length;
    } finally {
      await admin.end();
    }
  }

  async function openStream() {
    const headers = { cookie: [...sp.cookies].map(([k, v]) => `${k}=${v}`).join('; '), host: 'localhost:8080' };
    const res = await server.app.request('http://localhost:8080/sync/v1/stream?collections=availabilities', { headers });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string, from = 0) => {
      const deadline = Date.now() + 20_000;
      while (!text.slice(from).includes(needle) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return text.slice(from);
    };
    return { reader, readUntil, length: () => text.length };
  }

  it('reconnects, tells every open stream to re-pull, and keeps delivering changes', async () => {
    const stream = await openStream();
    await stream.readUntil('event: ready');

    expect(await terminateListeners()).toBeGreaterThan(0);
    // No write happened: the RESYNC comes from the reconnection, since notifications may have been missed.
    const mark = stream.length();
    expect(await stream.readUntil('event: RESYNC', mark)).toMatch(/event: RESYNC\ndata: availabilities\n/);

    // And the restored connection carries the next change.
    const after = stream.length();
    const spId = (await server.services.users.byEmail('sp@demo.test'))!.id;
    const push = await sp.post('/sync/v1/availabilities/push', [
      {
        assumedMasterState: null,
        newDocumentState: {
          id: randomUUID(),
          write_id: randomUUID(),
          _deleted: false,
          user_id: spId,
          day: 'Saturday',
          start_time: '09:00',
          end_time: '10:00',
          timezone: 'America/New_York',
          updated_at: new Date().toISOString(),
        },
      },
    ]);
    expect(push.status).toBe(200);
    expect(await stream.readUntil('event: RESYNC', after)).toMatch(/event: RESYNC\ndata: availabilities\n/);
    await stream.reader.cancel();
  });
});
