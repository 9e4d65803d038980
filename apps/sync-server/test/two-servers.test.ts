import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROLE } from '@simvisit/schema';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { createBalancer } from '../src/http/round-robin-proxy';
import { createTestUser } from '../src/seed/test-factories';
import { freePort, LiveClient, LiveServer } from './support/live-server';
import { freshDatabase, TEST_DB } from './support/test-server';

/*
 * Issue 23 item 6 (decision 0094): two server processes over one PostgreSQL, started together on one empty
 * database, behind the round-robin balancer, serve the same people. What one process does, the other sees:
 * sessions, rate limits, uploads, change streams; a timed job's work is done once. PostgreSQL only: the embedded
 * PGlite belongs to one process.
 */
describe.skipIf(TEST_DB !== 'postgres')('two servers over one database (issue 23 item 6)', () => {
  let target: Awaited<ReturnType<typeof freshDatabase>>;
  let uploads: string;
  let a: LiveServer;
  let b: LiveServer;
  let balancer: http.Server;
  let front: { base: string };
  let handle: DatabaseHandle;

  beforeAll(async () => {
    target = await freshDatabase();
    uploads = await mkdtemp(path.join(tmpdir(), 'simvisit-two-'));
    const [portA, portB, balancerPort] = [await freePort(), await freePort(), await freePort()];
    const env = {
      DATABASE_URL: target.url!,
      DEMO_MODE: 'true',
      TEST_MODE: 'false',
      TRUST_PROXY: 'true',
      APP_URL: `http://localhost:${balancerPort}`,
      // One folder both processes see (on several machines: a shared volume).
      UPLOADS_DIR: uploads,
    };
    a = new LiveServer(portA, env);
    b = new LiveServer(portB, env);
    // Together, on an empty database: both migrate and seed at start.
    await Promise.all([a.start(), b.start()]);
    balancer = createBalancer({ targets: [a.base, b.base] });
    await new Promise<void>((resolve) => balancer.listen(balancerPort, '127.0.0.1', resolve));
    front = { base: `http://127.0.0.1:${(balancer.address() as AddressInfo).port}` };
    handle = await openDatabase(loadConfig({ DATABASE_URL: target.url! }, { dataDir: 'memory://' }));
  }, 180_000);

  afterAll(async () => {
    balancer?.closeAllConnections();
    balancer?.close();
    await a?.kill();
    await b?.kill();
    await handle?.close();
    await target?.drop();
    if (uploads) await rm(uploads, { recursive: true, force: true });
  });

  async function person(role: number, prefix: string) {
    const user = await createTestUser(handle.db, {
      email_prefix: prefix,
      first_name: 'Two',
      last_name: 'Servers',
      roles: [{ role_id: role, partner_id: 1 }],
    });
    return user;
  }

  async function signedIn(server: { base: string }, role: number, prefix: string) {
    const user = await person(role, prefix);
    const client = new LiveClient(server);
    await client.login(user.email, user.password);
    return { user, client };
  }

  /** Reads a change stream until `pattern` shows (the bound only turns a missing event into a failure). */
  function streamReader(res: Response) {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    return async (pattern: RegExp) => {
      const deadline = Date.now() + 15_000;
      while (!pattern.test(text)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the stream never said ${pattern}; it said:\n${text.slice(-500)}`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
        if (chunk === null) continue;
        if (chunk.done) throw new Error(`the stream ended; it said:\n${text.slice(-500)}`);
        text += decoder.decode(chunk.value);
      }
      text = '';
    };
  }

  function availability(userId: number) {
    return {
      id: randomUUID(),
      write_id: randomUUID(),
      _deleted: false,
      user_id: userId,
      day: 'Tuesday',
      start_time: '09:00',
      end_time: '10:00',
      timezone: 'America/New_York',
      updated_at: new Date().toISOString(),
    };
  }

  it('started together on one empty database: migrated and seeded once, both serving', async () => {
    const admins = await handle.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.test').execute();
    expect(admins).toHaveLength(1);
    const seeded = [a.log, b.log].filter((log) => log.includes('[seed] demo data written'));
    expect(seeded).toHaveLength(1);
    expect((await fetch(`${a.base}/api/config`)).status).toBe(200);
    expect((await fetch(`${b.base}/api/config`)).status).toBe(200);
  });

  it('a session made on one works on the other, and a logout on the other ends it on both', async () => {
    const { user, client } = await signedIn(a, ROLE.learner, 'two-session');
    const onB = client.via(b);
    const me = await onB.request('GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(user.email);
    expect((await onB.request('GET', '/api/logout')).status).toBe(200);
    expect((await client.request('GET', '/api/auth/user')).status).toBe(401);
  });

  it('a login throttled on one is throttled on the other and through the balancer', async () => {
    const user = await person(ROLE.learner, 'two-throttle');
    const onA = new LiveClient(a);
    await onA.request('GET', '/sanctum/csrf-cookie');
    for (let i = 0; i < 5; i++) {
      const res = await onA.request('POST', '/api/login', { email: user.email, password: 'wrong-password', slug: 'sp' });
      expect(res.status).toBe(422);
    }
    const onB = await onA.via(b).request('POST', '/api/login', { email: user.email, password: user.password, slug: 'sp' });
    expect(onB.status).toBe(429);
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(0);
    const viaFront = await onA.via(front).request('POST', '/api/login', { email: user.email, password: user.password, slug: 'sp' });
    expect(viaFront.status).toBe(429);
  });

  it('an upload through one is served by the other', async () => {
    const { client } = await signedIn(a, ROLE.learner, 'two-upload');
    const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('image', new Blob([png], { type: 'image/png' }), 'me.png');
    const uploaded = await client.request('POST', '/api/auth/user/update-profile-image', form);
    expect(uploaded.status).toBe(200);
    const { image } = (await uploaded.json()) as { image: string };
    const fromA = await client.request('GET', image);
    const fromB = await client.via(b).request('GET', image);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
  });

  it('a change pushed through one reaches a change stream held on the other', async () => {
    const { user, client } = await signedIn(a, ROLE.standardized_patient, 'two-stream');
    const controller = new AbortController();
    const stream = await client.via(b).request('GET', '/sync/v1/availabilities/stream', undefined, controller.signal);
    expect(stream.status).toBe(200);
    const until = streamReader(stream);
    await until(/event: ready/);
    const push = await client.request('POST', '/sync/v1/availabilities/push', [
      { assumedMasterState: null, newDocumentState: availability(user.id) },
    ]);
    expect(push.status).toBe(200);
    expect(await push.json()).toMatchObject({ rejected: [], conflicts: [] });
    await until(/event: RESYNC\ndata: availabilities/);
    controller.abort();
  });

  it('through the balancer a person signs in, streams and pushes, whichever server answers each call', async () => {
    const { user, client } = await signedIn(front, ROLE.standardized_patient, 'two-front');
    for (let i = 0; i < 4; i++) expect((await client.request('GET', '/api/auth/user')).status).toBe(200);
    const controller = new AbortController();
    const stream = await client.request('GET', '/sync/v1/availabilities/stream', undefined, controller.signal);
    const until = streamReader(stream);
    await until(/event: ready/);
    for (let i = 0; i < 2; i++) {
      const push = await client.request('POST', '/sync/v1/availabilities/push', [
        { assumedMasterState: null, newDocumentState: availability(user.id) },
      ]);
      expect(push.status).toBe(200);
      await until(/event: RESYNC\ndata: availabilities/);
    }
    controller.abort();
  });

  it('a timed job asked to run on both at once does its work once', async () => {
    const learner = await person(ROLE.learner, 'two-jobs-learner');
    const sp = await person(ROLE.standardized_patient, 'two-jobs-sp');
    const scenario = await handle.db.selectFrom('scenarios').select('id').orderBy('id').executeTakeFirstOrThrow();
    // Unconfirmed, starting in 10 hours: due for the automatic cancellation (21 hours before start).
    const start = new Date(Date.now() + 10 * 3_600_000);
    const { id: visitId } = await handle.db
      .insertInto('visits')
      .values({
        scenario_id: scenario.id,
        partner_id: 1,
        learner_user_id: learner.id,
        sp_user_id: sp.id,
        start_at: start,
        end_at: new Date(start.getTime() + 30 * 60_000),
        is_confirmed: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const caller = new LiveClient(a);
    await caller.request('GET', '/sanctum/csrf-cookie');
    const runs = await Promise.all(
      [a, b, a, b, a, b].map(async (server) => {
        const res = await caller.via(server).request('POST', '/api/demo/jobs/run-due');
        expect(res.status).toBe(200);
        return (await res.json()) as { autoCanceled: number[]; errors: string[] };
      }),
    );
    expect(runs.flatMap((run) => run.errors)).toEqual([]);
    // A run of a server's own timer may have been first; none did it twice.
    expect(runs.flatMap((run) => run.autoCanceled).filter((id) => id === visitId).length).toBeLessThanOrEqual(1);

    const visit = await handle.db.selectFrom('visits').select('is_canceled').where('id', '=', visitId).executeTakeFirstOrThrow();
    expect(visit.is_canceled).toBe(true);
    const events = await handle.db
      .selectFrom('visit_events')
      .select(['id', 'processed_at'])
      .where('visit_id', '=', visitId)
      .where('type', '=', 'visit.canceled')
      .execute();
    expect(events).toHaveLength(1);
    const audits = await handle.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'visit.canceled')
      .where('target_id', '=', String(visitId))
      .execute();
    expect(audits).toHaveLength(1);

    // Its messages went out once, whichever process claimed the event (waiting for it to be processed).
    const processed = async () =>
      (await handle.db.selectFrom('visit_events').select('processed_at').where('id', '=', events[0]!.id).executeTakeFirstOrThrow())
        .processed_at;
    while (!(await processed())) {
      const res = await caller.via(b).request('POST', '/api/demo/jobs/run-due');
      expect(res.status).toBe(200);
    }
    const mails = await handle.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', learner.email)
      .where('channel', '=', 'mail')
      .execute();
    expect(mails).toHaveLength(1);
  });
});
