import { randomUUID } from 'node:crypto';
import { retryUntilAnswered, type SyncRetryEnvironment } from '@simvisit/schema';
import type { Client } from './client';
import { json } from './client';

/**
 * A device's replication of the SP's availability, the way the PWA's store does it (DESIGN.md §5): local edits
 * wait as one pending state per document with the master state they were made on; a push sends them with that
 * assumed master; a conflict answers with the real master, which the device then adopts and, by its policy,
 * either keeps its edit on top of (a new write) or drops its edit for; a pull replaces what has no pending edit.
 */
export interface AvailabilityState {
  id: string;
  write_id: string;
  _deleted: boolean;
  user_id: number;
  day: string;
  start_time: string;
  end_time: string;
  timezone: string;
  updated_at: string;
}

export interface Ledger {
  /** every write the server acknowledged, in the order it did: doc id → write ids */
  acked: Map<string, string[]>;
  /** the master each acknowledged write was made on (its assumed master's write id) */
  madeOn: Map<string, string | null>;
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ZONES = ['America/New_York', 'America/Chicago', 'Europe/London', 'Asia/Tokyo'];
const WINDOWS = [
  ['08:00', '09:00'],
  ['09:30', '11:00'],
  ['13:00', '17:30'],
  ['18:00', '20:00'],
] as const;

export const docIdOf = (userId: number, n: number) => `model-${userId}-${n}`;

/** A push that could not reach the server (the device is offline). */
export class Unreachable extends Error {
  constructor() {
    super('the device is offline');
  }
}

export class Device {
  master = new Map<string, AvailabilityState>();
  pending = new Map<string, { doc: AvailabilityState; assumed: AvailabilityState | null }>();
  private checkpoint: unknown = null;
  /** The device's network: up, or cut with each push failing at once or stalling until it is abandoned. */
  network: 'up' | 'fail' | 'stall' = 'up';
  private readonly reconnectListeners = new Set<() => void>();
  private reconnectCount = 0;

  constructor(
    readonly client: Client,
    readonly userId: number,
    /** days this device's clock is off by */
    readonly skewDays: number,
    /** on a conflict, keep the device's edit on top of the master (true) or take the master (false) */
    readonly keepMine: boolean,
  ) {}

  /** What the person sees: the pending edit, else the master. */
  view(id: string): AvailabilityState | undefined {
    return this.pending.get(id)?.doc ?? this.master.get(id);
  }

  edit(n: number, choice: number): void {
    const id = docIdOf(this.userId, n);
    const base = this.view(id);
    const [start, end] = WINDOWS[choice % WINDOWS.length]!;
    const doc: AvailabilityState = {
      id,
      write_id: randomUUID(),
      _deleted: choice % 11 === 10,
      user_id: this.userId,
      day: DAYS[n % DAYS.length]!,
      start_time: start,
      end_time: end,
      timezone: ZONES[choice % ZONES.length]!,
      updated_at: new Date(Date.now() + this.skewDays * 86_400_000).toISOString(),
    };
    const assumed = this.pending.get(id)?.assumed ?? this.master.get(id) ?? null;
    void base;
    this.pending.set(id, { doc, assumed });
  }

  private rows() {
    return [...this.pending.values()].map(({ doc, assumed }) => ({ assumedMasterState: assumed, newDocumentState: doc }));
  }

  /**
   * One push of everything pending. `lost`: the server handles it but the answer never reaches the device (a
   * connection cut mid-push); the ledger still learns what the server acknowledged.
   */
  async push(ledger: Ledger, opts: { lost?: boolean; twice?: boolean; signal?: AbortSignal } = {}): Promise<void> {
    const rows = this.rows();
    if (rows.length === 0) return;
    const sent = async () => {
      if (this.network === 'fail') throw new Unreachable();
      if (this.network === 'stall') {
        // A request caught by the cut that never answers: only the PWA's retry loop abandoning it ends it.
        await new Promise<never>((_, reject) => opts.signal?.addEventListener('abort', () => reject(new Unreachable()), { once: true }));
      }
      const res = await this.client.post('/sync/v1/availabilities/push', rows);
      if (res.status !== 200) throw new Error(`push answered ${res.status}: ${await res.text()}`);
      return (await json(res)) as { conflicts: AvailabilityState[]; rejected: { id: string }[]; superseded?: string[] };
    };
    const answers = opts.twice ? await Promise.all([sent(), sent()]) : [await sent()];
    for (const answer of answers) {
      if (answer.rejected.length) throw new Error(`the server refused model documents: ${JSON.stringify(answer.rejected)}`);
      const conflicted = new Set(answer.conflicts.map((c) => c.id));
      for (const row of rows) {
        if (conflicted.has(row.newDocumentState.id)) continue;
        const writes = ledger.acked.get(row.newDocumentState.id) ?? [];
        // A repeated write is acknowledged again but happened once: the ledger keeps it once, where it happened.
        if (!writes.includes(row.newDocumentState.write_id)) {
          writes.push(row.newDocumentState.write_id);
          ledger.madeOn.set(row.newDocumentState.write_id, row.assumedMasterState?.write_id ?? null);
        }
        ledger.acked.set(row.newDocumentState.id, writes);
      }
    }
    if (opts.lost) return;
    const answer = answers.at(-1)!;
    const conflicts = new Map(answer.conflicts.map((c) => [c.id, c]));
    for (const row of rows) {
      const id = row.newDocumentState.id;
      // Acknowledged by either answer (a twin may have applied it first, the other then reports the master).
      const acked = ledger.acked.get(id)?.includes(row.newDocumentState.write_id);
      const current = this.pending.get(id);
      const master = conflicts.get(id);
      if (answer.superseded?.includes(row.newDocumentState.write_id) && master) {
        // Saved once, then replaced by a write made on top of it: take the server's state, as the PWA does.
        this.master.set(id, master);
        if (current?.doc.write_id === row.newDocumentState.write_id) this.pending.delete(id);
        continue;
      }
      if (acked) {
        this.master.set(id, row.newDocumentState);
        if (current?.doc.write_id === row.newDocumentState.write_id) this.pending.delete(id);
        continue;
      }
      if (!master) continue;
      this.master.set(id, master);
      if (this.keepMine && current) {
        this.pending.set(id, { doc: { ...current.doc, write_id: randomUUID() }, assumed: master });
      } else {
        this.pending.delete(id);
      }
    }
  }

  async pull(): Promise<void> {
    for (;;) {
      const query = this.checkpoint ? `?checkpoint=${encodeURIComponent(JSON.stringify(this.checkpoint))}` : '';
      const res = await this.client.get(`/sync/v1/availabilities/pull${query}`);
      if (res.status !== 200) throw new Error(`pull answered ${res.status}`);
      const body = (await json(res)) as { documents: AvailabilityState[]; checkpoint: unknown; pending: boolean };
      for (const doc of body.documents) {
        if (!doc.id.startsWith('model-')) continue;
        this.master.set(doc.id, doc);
      }
      this.checkpoint = body.checkpoint ?? this.checkpoint;
      if (body.documents.length === 0 && !body.pending) return;
    }
  }

  /** The PWA's retry loop (packages/schema sync-retry.ts) on this device: real timers, its own `online` event. */
  private retryEnvironment(): SyncRetryEnvironment {
    return {
      after: (ms, run) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
      onReconnect: (run) => {
        this.reconnectListeners.add(run);
        return () => this.reconnectListeners.delete(run);
      },
      reconnects: () => this.reconnectCount,
      stopped: () => false,
    };
  }

  /** Pushes what is pending the way the PWA's replication does: retried by retryUntilAnswered until answered. */
  pushUntilAnswered(ledger: Ledger): Promise<void> {
    return retryUntilAnswered(
      (signal) => this.push(ledger, { signal }),
      (e) => e instanceof Unreachable,
      this.retryEnvironment(),
    );
  }

  /** The network comes back: the browser's `online` event. */
  reconnect(): void {
    this.network = 'up';
    this.reconnectCount++;
    for (const run of [...this.reconnectListeners]) run();
  }

  /** Online again for good: push until nothing is pending, then pull everything. */
  async settle(ledger: Ledger): Promise<void> {
    for (let round = 0; this.pending.size > 0; round++) {
      if (round > 20) throw new Error('pending edits never settled');
      await this.pull();
      await this.push(ledger);
    }
    await this.pull();
  }
}
