import { randomUUID } from 'node:crypto';
import { AVAILABILITY_MESSAGES, REPLICATED, REPLICATED_COLLECTIONS } from '@simvisit/schema';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app';
import { ChangeFeed } from '../src/sync/change-feed';
import { SYNC_COLLECTIONS } from '../src/sync/collections';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, TEST_DB, type TestServer } from './support/test-server';

let server: TestServer;
let sp: Client;
let spId: number;
beforeAll(async () => {
  server = await startTestServer();
  sp = await signedIn(server, 'sp@demo.test');
  spId = (await server.services.users.byEmail('sp@demo.test'))!.id;
});
afterAll(async () => {
  await server.close();
});

function availability(userId: number, over: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    write_id: randomUUID(),
    _deleted: false,
    user_id: userId,
    day: 'Monday',
    start_time: '09:00',
    end_time: '12:00',
    timezone: 'America/New_York',
    updated_at: new Date().toISOString(),
    ...over,
  };
}

const push = (client: Client, rows: unknown) => client.post('/sync/v1/availabilities/push', rows);
const pull = async (client: Client, checkpoint?: unknown) => {
  const q = checkpoint ? `?checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}` : '';
  const res = await client.get(`/sync/v1/availabilities/pull${q}`);
  expect(res.status).toBe(200);
  return json(res);
};
/**
 * Pulls page after page from the checkpoint until a page comes back empty and not pending, as the client does: rows
 * committed while any transaction of the database server is open wait behind the horizon (PostgreSQL's snapshot is
 * shared by every database of the server, so another test file's transaction may hold them back a moment).
 */
async function pullAll(client: Client, checkpoint?: unknown) {
  const documents: { id: string; user_id: number }[] = [];
  let at = checkpoint;
  await vi.waitFor(
    async () => {
      const page = await pull(client, at);
      documents.push(...page.documents);
      at = page.checkpoint;
      expect(page.documents.length === 0 && !page.pending, 'an empty page with nothing pending').toBe(true);
    },
    { timeout: 15_000, interval: 50 },
  );
  return { documents, checkpoint: at };
}
const stored = (id: string) =>
  server.db.selectFrom('availabilities').select(['doc', '_rev', '_seq', '_deleted']).where('id', '=', id).executeTakeFirst();

describe('push and pull', () => {
  it('stores a pushed document as sent and pulls it after the checkpoint', async () => {
    const first = await pullAll(sp);
    const doc = availability(spId);
    const res = await push(sp, [{ assumedMasterState: null, newDocumentState: doc }]);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ conflicts: [], rejected: [] });
    const next = await pullAll(sp, first.checkpoint);
    expect(next.documents).toEqual([doc]);
    expect((next.checkpoint as { epoch: string }).epoch).toBeTruthy();
    const after = await pull(sp, next.checkpoint);
    expect(after.documents).toEqual([]);
    expect(after.checkpoint).toEqual(next.checkpoint);
  });

  it('treats a replayed push as already applied: no conflict, no new revision (REP-05)', async () => {
    const doc = availability(spId);
    await push(sp, [{ assumedMasterState: null, newDocumentState: doc }]);
    const before = await stored(doc.id);
    const again = await push(sp, [{ assumedMasterState: null, newDocumentState: doc }]);
    expect(await json(again)).toEqual({ conflicts: [], rejected: [] });
    const after = await stored(doc.id);
    expect(after!._rev).toBe(before!._rev);
    expect(after!._seq).toBe(before!._seq);
  });

  it('answers a stale push with the real master state and keeps the first write (REP-04)', async () => {
    const master = availability(spId);
    await push(sp, [{ assumedMasterState: null, newDocumentState: master }]);
    const fromA = { ...master, write_id: randomUUID(), start_time: '10:00' };
    const fromB = { ...master, write_id: randomUUID(), end_time: '15:00' };
    expect(await json(await push(sp, [{ assumedMasterState: master, newDocumentState: fromA }]))).toEqual({ conflicts: [], rejected: [] });
    const stale = await json(await push(sp, [{ assumedMasterState: master, newDocumentState: fromB }]));
    expect(stale.conflicts).toEqual([fromA]);
    expect((await stored(master.id))!.doc).toEqual(fromA);
    // after resolving, the client pushes on top of the real master
    const resolved = { ...fromA, write_id: randomUUID(), end_time: '15:00' };
    expect((await json(await push(sp, [{ assumedMasterState: fromA, newDocumentState: resolved }]))).conflicts).toEqual([]);
    expect((await stored(master.id))!._rev).toBe(3);
  });

  it('soft-deletes, and the tombstone is pulled', async () => {
    const doc = availability(spId);
    await push(sp, [{ assumedMasterState: null, newDocumentState: doc }]);
    // Pulled until settled: another test file's open transaction on the shared PostgreSQL may hold rows back a moment.
    const { checkpoint } = await pullAll(sp);
    const gone = { ...doc, write_id: randomUUID(), _deleted: true };
    await push(sp, [{ assumedMasterState: doc, newDocumentState: gone }]);
    const after = await pullAll(sp, checkpoint);
    expect(after.documents).toEqual([gone]);
    expect((await stored(doc.id))!._deleted).toBe(true);
  });

  it('sends the rule messages back for a document the rules refuse (VAL-01)', async () => {
    const missing = availability(spId, { start_time: '' });
    const offGrid = availability(spId, { start_time: '09:15' });
    const backwards = availability(spId, { start_time: '12:00', end_time: '09:00' });
    const res = await json(
      await push(
        sp,
        [missing, offGrid, backwards].map((d) => ({ assumedMasterState: null, newDocumentState: d })),
      ),
    );
    expect(res.rejected).toEqual([
      expect.objectContaining({ id: missing.id, errors: { start_time: [AVAILABILITY_MESSAGES.startRequired] } }),
      expect.objectContaining({ id: offGrid.id, errors: { start_time: [AVAILABILITY_MESSAGES.grid] } }),
      expect.objectContaining({ id: backwards.id, errors: { end_time: [AVAILABILITY_MESSAGES.endAfterStart] } }),
    ]);
    for (const d of [missing, offGrid, backwards]) expect(await stored(d.id)).toBeUndefined();
  });
});

describe('authorization of replication', () => {
  it("refuses a push of another user's document and changes nothing (REP-01)", async () => {
    const observer = await signedIn(server, 'observer@demo.test');
    const observerId = (await server.services.users.byEmail('observer@demo.test'))!.id;
    const mine = availability(observerId);
    await push(observer, [{ assumedMasterState: null, newDocumentState: mine }]);
    // the SP claims the observer's document, even with a forged assumed state equal to the stored one
    const takeover = { ...mine, write_id: randomUUID(), user_id: spId };
    const res = await push(sp, [{ assumedMasterState: mine, newDocumentState: takeover }]);
    expect(res.status).toBe(403);
    const asThem = await push(sp, [{ assumedMasterState: mine, newDocumentState: { ...mine, write_id: randomUUID(), end_time: '18:00' } }]);
    expect(asThem.status).toBe(403);
    expect((await stored(mine.id))!.doc).toEqual(mine);
    // a batch with one forbidden row writes none of its rows
    const innocent = availability(spId);
    const mixed = await push(sp, [
      { assumedMasterState: null, newDocumentState: innocent },
      { assumedMasterState: null, newDocumentState: availability(observerId) },
    ]);
    expect(mixed.status).toBe(403);
    expect(await stored(innocent.id)).toBeUndefined();
  });

  it('refuses changing the owner, a protected field (REP-02)', async () => {
    const doc = availability(spId);
    await push(sp, [{ assumedMasterState: null, newDocumentState: doc }]);
    const observerId = (await server.services.users.byEmail('observer@demo.test'))!.id;
    const res = await push(sp, [{ assumedMasterState: doc, newDocumentState: { ...doc, write_id: randomUUID(), user_id: observerId } }]);
    expect(res.status).toBe(403);
    expect((await stored(doc.id))!.doc).toEqual(doc);
  });

  it('pulls only the caller’s own rows, whatever the checkpoint (REP-08)', async () => {
    const observer = await signedIn(server, 'observer@demo.test');
    const observerId = (await server.services.users.byEmail('observer@demo.test'))!.id;
    // Rows of both people exist (this test's own, not another test's); the SP's are never pulled by the observer.
    const own = availability(observerId);
    expect((await push(observer, [{ assumedMasterState: null, newDocumentState: own }])).status).toBe(200);
    expect((await push(sp, [{ assumedMasterState: null, newDocumentState: availability(spId) }])).status).toBe(200);
    const docs = (await pullAll(observer)).documents;
    expect(docs.some((d) => d.id === own.id)).toBe(true);
    expect(docs.every((d) => d.user_id !== spId)).toBe(true);
    const forged = await pull(observer, { epoch: 'another-epoch', xid: '0', seq: '0' });
    expect(forged.documents.every((d: { user_id: number }) => d.user_id !== spId)).toBe(true);
  });

  it('needs user.availability, a session and the CSRF header', async () => {
    const learner = await signedIn(server, 'learner@demo.test');
    expect((await learner.get('/sync/v1/availabilities/pull')).status).toBe(403);
    expect((await push(learner, [])).status).toBe(403);
    expect((await sp.request('POST', '/sync/v1/availabilities/push', { json: [], csrf: false })).status).toBe(419);
    expect((await server.app.request('http://localhost:8080/sync/v1/availabilities/pull')).status).toBe(401);
    expect((await sp.get('/sync/v1/unknown/pull')).status).toBe(404);
  });

  it('refuses oversized batches (REP-03)', async () => {
    const many = Array.from({ length: 101 }, () => ({ assumedMasterState: null, newDocumentState: availability(spId) }));
    expect((await push(sp, many)).status).toBe(413);
    const huge = [{ assumedMasterState: null, newDocumentState: availability(spId, { padding: 'x'.repeat(2_000_000) }) }];
    expect((await push(sp, huge)).status).toBe(413);
  });

  it('answers an outdated client with 426', async () => {
    const res = await sp.get('/sync/v1/availabilities/pull', { headers: { 'x-client-version': '0' } });
    expect(res.status).toBe(426);
  });
});

describe('live changes', () => {
  it('tells an SSE client of another server process to resync', async () => {
    // A second server process over the same database, with its own LISTEN connection.
    const otherHandle =
      TEST_DB === 'postgres'
        ? await (await import('../src/db/database')).openDatabase({ databaseUrl: server.config.databaseUrl, dataDir: '' })
        : server.handle;
    const otherFeed = new ChangeFeed();
    await otherFeed.start(otherHandle);
    const other = createApp({ config: server.config, db: otherHandle.db, services: server.services, feed: otherFeed });
    const headers = { cookie: [...sp.cookies].map(([k, v]) => `${k}=${v}`).join('; '), host: 'localhost:8080' };
    const res = await other.app.request('http://localhost:8080/sync/v1/availabilities/stream', { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 10_000;
      while (!text.includes(needle) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    };
    await readUntil('event: ready');
    await push(sp, [{ assumedMasterState: null, newDocumentState: availability(spId) }]);
    await readUntil('event: RESYNC');
    expect(text).toContain('event: RESYNC');
    await reader.cancel();
    await otherFeed.close();
    if (otherHandle !== server.handle) await otherHandle.close();
  });
});

describe('one stream for all collections', () => {
  it('serves the collections the caller may use and names the one that changed', async () => {
    const headersOf = (client: Client) => ({ cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), host: 'localhost:8080' });
    const open = async (client: Client) => {
      const res = await server.app.request('http://localhost:8080/sync/v1/stream?collections=availabilities,notifications,nonsense', {
        headers: headersOf(client),
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const readUntil = async (needle: string) => {
        const deadline = Date.now() + 10_000;
        while (!text.includes(needle) && Date.now() < deadline) {
          const { value, done } = await reader.read();
          if (done) break;
          text += decoder.decode(value);
        }
        return text;
      };
      return { reader, readUntil };
    };
    // A learner has no availability: the stream serves notifications only.
    const learner = await signedIn(server, 'learner@demo.test');
    const learnerStream = await open(learner);
    expect(await learnerStream.readUntil('event: ready')).toMatch(/event: ready\ndata: notifications\n/);
    await learnerStream.reader.cancel();

    const spStream = await open(sp);
    expect(await spStream.readUntil('event: ready')).toMatch(/event: ready\ndata: availabilities,notifications\n/);
    await push(sp, [{ assumedMasterState: null, newDocumentState: availability(spId) }]);
    expect(await spStream.readUntil('event: RESYNC')).toMatch(/event: RESYNC\ndata: availabilities\n/);
    await spStream.reader.cancel();
  });

  it('refuses a caller without a session', async () => {
    expect((await server.app.request('http://localhost:8080/sync/v1/stream?collections=notifications')).status).toBe(401);
  });
});

describe('stream and session', () => {
  // A server of its own with a quick heartbeat, started in a hook: a fresh seeded database can take longer than a
  // test's own timeout on a loaded two-core machine.
  let quick: TestServer;
  beforeAll(async () => {
    quick = await startTestServer({ syncHeartbeatMs: 200 });
  });
  afterAll(async () => {
    await quick?.close();
  });

  it('closes the change stream once the session ends', async () => {
    const client = await signedIn(quick, 'sp@demo.test');
    const headers = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), host: 'localhost:8080' };
    const res = await quick.app.request('http://localhost:8080/sync/v1/availabilities/stream', { headers });
    const reader = res.body!.getReader();
    await reader.read();
    await client.get('/api/logout');
    const deadline = Date.now() + 5000;
    let done = false;
    while (!done && Date.now() < deadline) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});

describe.runIf(TEST_DB === 'postgres')('ordering under concurrent writers', () => {
  it('never skips a row whose transaction commits late', async () => {
    const { checkpoint: start } = await pull(sp);
    const slow = new pg.Client({ connectionString: server.config.databaseUrl! });
    await slow.connect();
    const row = (id: string) => [id, spId, JSON.stringify(availability(spId, { id }))];
    const insert = `INSERT INTO availabilities (id, user_id, day, start_time, end_time, timezone, doc)
                    VALUES ($1, $2, 'Tuesday', '09:00', '10:00', 'UTC', $3)`;
    const lateId = randomUUID();
    const earlyId = randomUUID();
    await slow.query('BEGIN');
    await slow.query(insert, row(lateId)); // takes the older transaction id, commits last
    const fast = new pg.Client({ connectionString: server.config.databaseUrl! });
    await fast.connect();
    await fast.query(insert, row(earlyId)); // a newer transaction id, committed at once
    const during = await pull(sp, start);
    expect(during.documents.map((d: { id: string }) => d.id)).not.toContain(earlyId);
    expect(during.pending).toBe(true);
    await slow.query('COMMIT');
    const after = await pull(sp, during.checkpoint ?? start);
    expect(after.documents.map((d: { id: string }) => d.id)).toEqual([lateId, earlyId]);
    await slow.end();
    await fast.end();
  });
});

describe('replicated collection descriptors', () => {
  it('drive the server: every collection is a shared descriptor, and every descriptor is served', () => {
    expect(SYNC_COLLECTIONS.map((c) => c.name).sort()).toEqual([...REPLICATED_COLLECTIONS].sort());
    for (const c of SYNC_COLLECTIONS) {
      const d = REPLICATED[c.name as keyof typeof REPLICATED];
      expect(c.schema).toBe(d.schema);
      expect(c.access).toEqual(d.access);
    }
  });
});
