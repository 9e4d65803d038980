import { ROLE } from '@simvisit/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../src/seed/test-factories';
import { Client, json } from './support/client';
import { Device, type Ledger } from './support/sync-model';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * Issue 11, standing proof 5: a model of two or three devices of one SP replicating their availability while
 * the network misbehaves: pushes whose answer is lost (the connection cut after the server wrote), pushes sent
 * twice at once, device clocks days off, a device offline for days with hundreds of edits, edits interleaved
 * across devices, each device resolving conflicts its own way. Afterwards every device shows what the server
 * holds, and each document on the server is the last write the server acknowledged (none lost, none revived).
 * SYNC_MODEL_RUNS raises the number of runs (the full-size version, README "Attack and fault proofs").
 *
 * Issue 21 item 7 (decision 0083): devices also go offline, write, try to push through the PWA's own retry
 * loop (retryUntilAnswered, each push failing at once or stalling), and come back; every offline write is
 * answered by the server, and the time from reconnecting to that answer is under 5 s at the 99th percentile.
 */
const RUNS = Number(process.env.SYNC_MODEL_RUNS ?? 12);
const DOCS = 8;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Op =
  | { kind: 'edit'; device: number; n: number; choice: number }
  | { kind: 'offline-write'; device: number; edits: number; seed: number; stall: boolean; offlineMs: number }
  | { kind: 'offline-days'; device: number; edits: number; seed: number }
  | { kind: 'push'; device: number; lost: boolean; twice: boolean }
  | { kind: 'pull'; device: number };

const device = fc.nat({ max: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('edit' as const), device, n: fc.nat({ max: DOCS - 1 }), choice: fc.nat({ max: 40 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('offline-days' as const), device, edits: fc.integer({ min: 50, max: 300 }), seed: fc.nat() }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('push' as const), device, lost: fc.boolean(), twice: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pull' as const), device }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('offline-write' as const),
      device,
      edits: fc.integer({ min: 1, max: 5 }),
      seed: fc.nat(),
      stall: fc.boolean(),
      offlineMs: fc.integer({ min: 0, max: 300 }),
    }),
  },
);

/** Milliseconds from a device's reconnect to the server's answer to every write it made offline. */
const reconnectMs: number[] = [];

/**
 * Offline: edits, and pushes by the PWA's retry loop that fail or stall; then the network returns. Every write
 * made offline is answered by the server (acknowledged, or a conflict the device resolved), and the time from
 * the reconnect to that answer is recorded.
 */
async function offlineWrites(d: Device, ledger: Ledger, step: Extract<Op, { kind: 'offline-write' }>): Promise<void> {
  d.network = step.stall ? 'stall' : 'fail';
  for (let i = 0; i < step.edits; i++) d.edit((step.seed + i * 3) % DOCS, (step.seed + i) % 41);
  const madeOffline = [...d.pending.values()].map((p) => p.doc.write_id);
  const pushing = d.pushUntilAnswered(ledger);
  await new Promise((resolve) => setTimeout(resolve, step.offlineMs));
  const back = performance.now();
  d.reconnect();
  await pushing;
  reconnectMs.push(performance.now() - back);
  const stillPending = new Set([...d.pending.values()].map((p) => p.doc.write_id));
  for (const w of madeOffline) expect(stillPending.has(w), `offline write ${w} answered`).toBe(false);
}

async function devicesOf(count: number, skews: number[], keepMine: boolean[]): Promise<{ devices: Device[]; userId: number }> {
  const user = await createTestUser(server.db, {
    email_prefix: 'sync-model',
    first_name: 'Model',
    last_name: 'Device',
    roles: [{ role_id: ROLE.standardized_patient, partner_id: 1 }],
  });
  const devices: Device[] = [];
  for (let i = 0; i < count; i++) {
    const client = new Client(server);
    const res = await client.login(user.email, user.password);
    if (res.status !== 200) throw new Error(`device ${i} could not sign in: ${res.status}`);
    devices.push(new Device(client, user.id, skews[i]!, keepMine[i]!));
  }
  return { devices, userId: user.id };
}

async function run(count: number, skews: number[], keepMine: boolean[], ops: Op[]): Promise<void> {
  const { devices, userId } = await devicesOf(count, skews, keepMine);
  const ledger: Ledger = { acked: new Map(), madeOn: new Map() };
  for (const step of ops) {
    const d = devices[step.device % count]!;
    if (step.kind === 'edit') d.edit(step.n, step.choice);
    else if (step.kind === 'offline-write') await offlineWrites(d, ledger, step);
    else if (step.kind === 'offline-days') {
      // Days without a network: hundreds of edits over the same few documents, pushed later as one state each.
      for (let i = 0; i < step.edits; i++) d.edit((step.seed + i * 7) % DOCS, (step.seed + i) % 41);
    } else if (step.kind === 'push') await d.push(ledger, { lost: step.lost, twice: step.twice });
    else await d.pull();
  }
  // Every run has at least one offline spell, so the reconnect times have a sample per run.
  await offlineWrites(devices[0]!, ledger, {
    kind: 'offline-write',
    device: 0,
    edits: 2,
    seed: ops.length,
    stall: ops.length % 2 === 0,
    offlineMs: 50,
  });
  for (const d of devices) await d.settle(ledger);
  for (const d of devices) await d.pull();

  const stored = await server.db
    .selectFrom('availabilities')
    .select(['id', 'doc', '_deleted'])
    .where('user_id', '=', userId)
    .where('id', 'like', 'model-%')
    .execute();
  const server_ = new Map(stored.map((r) => [r.id, (r.doc as { write_id: string }).write_id]));
  // Each document is the last write the server acknowledged for it: no acknowledged edit lost, none revived.
  for (const [id, writes] of ledger.acked) expect(server_.get(id), id).toBe(writes.at(-1));
  expect([...server_.keys()].sort()).toEqual([...ledger.acked.keys()].sort());
  // No lost update: each acknowledged write was made on the one acknowledged before it (a write made on an
  // older state is a conflict, never a silent overwrite).
  for (const writes of ledger.acked.values()) {
    for (const [i, w] of writes.entries()) expect(ledger.madeOn.get(w), w).toBe(i === 0 ? null : writes[i - 1]);
  }
  // Every device converged to the server's state, with nothing left pending.
  for (const [i, d] of devices.entries()) {
    expect(d.pending.size, `device ${i} pending`).toBe(0);
    const seen = new Map([...d.master].map(([id, doc]) => [id, doc.write_id]));
    expect(seen, `device ${i}`).toEqual(server_);
  }
  const applied = await server.db.selectFrom('sync_writes').select(['doc_id', 'write_id']).where('user_id', '=', userId).execute();
  const appliedKeys = new Set(applied.map((r) => `${r.doc_id}/${r.write_id}`));
  for (const [id, writes] of ledger.acked) for (const w of writes) expect(appliedKeys.has(`${id}/${w}`), `${id}/${w}`).toBe(true);
}

describe('a repeated push after its write was replaced', () => {
  it('answers the current state, marked superseded, so the device does not keep its old one', async () => {
    const { devices, userId } = await devicesOf(2, [0, 0], [false, false]);
    const [a, b] = devices.map((d) => d.client) as [Client, Client];
    const first = { id: `model-${userId}-replay`, write_id: 'w-first', _deleted: false, user_id: userId, day: 'Monday' };
    const doc = { ...first, start_time: '09:00', end_time: '10:00', timezone: 'America/New_York', updated_at: new Date().toISOString() };
    const push = (client: Client, row: object, assumed: object | null) =>
      client.post('/sync/v1/availabilities/push', [{ assumedMasterState: assumed, newDocumentState: row }]);
    expect(await json(await push(a, doc, null))).toEqual({ conflicts: [], rejected: [] });
    const second = { ...doc, write_id: 'w-second', end_time: '11:00' };
    expect(await json(await push(b, second, doc))).toEqual({ conflicts: [], rejected: [] });

    // A's first answer was lost: it pushes the same write again.
    const again = await json(await push(a, doc, null));
    expect(again.rejected).toEqual([]);
    expect(again.superseded).toEqual(['w-first']);
    expect(again.conflicts).toMatchObject([{ id: doc.id, write_id: 'w-second', end_time: '11:00' }]);
    // A repeat of the current write is still simply done.
    expect(await json(await push(b, second, doc))).toEqual({ conflicts: [], rejected: [] });
  });
});

describe('sync under faults (a fast-check model)', () => {
  it(
    'every device converges to the server and no acknowledged edit is lost',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 2, max: 3 }),
          fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 3, maxLength: 3 }),
          fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
          fc.array(op, { minLength: 5, maxLength: 40 }),
          (count, skews, keepMine, ops) => run(count, skews, keepMine, ops),
        ),
        { numRuns: RUNS, seed: process.env.SYNC_MODEL_SEED ? Number(process.env.SYNC_MODEL_SEED) : undefined },
      );
      // Reconnect to server: every offline write answered (above), p99 under 5 s (issue 21 item 7).
      const sorted = [...reconnectMs].sort((a, b) => a - b);
      const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
      console.info(
        `sync model: ${sorted.length} reconnects over ${RUNS} runs, reconnect to server p50 ${p(0.5).toFixed(0)} ms, ` +
          `p99 ${p(0.99).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
      );
      expect(sorted.length).toBeGreaterThanOrEqual(RUNS);
      expect(p(0.99)).toBeLessThan(5000);
    },
    120_000 + RUNS * 10_000,
  );
});
