import type { DatabaseHandle } from '../db/database';
import { SYNC_COLLECTIONS } from './collections';
import type { SyncCollection } from './sync-collection';

/** Not a table name (the trigger sends table names): stands for "anything may have changed". */
const EVERY_TABLE = '*';
/** Row ids per audience query: a bulk write of many rows is resolved in a few queries, never one per row. */
const IDS_PER_QUERY = 1000;

type Callback = () => void;

/** The streams of one table: those that take every change, and those that take changes of their keys. */
interface TableListeners {
  every: Set<Callback>;
  byKey: Map<string, Set<Callback>>;
}

/**
 * Row changes of the whole database, from PostgreSQL NOTIFY (sent by the sync_stamp trigger as "<table> <id>").
 * Every server process listens on its own connection, so a write through any process reaches the SSE clients
 * of all. A change wakes only the streams whose keys meet the row's audience (SyncAudience, decision 0095): the
 * changes that arrive together are resolved together, one query per table, however many streams are open; a
 * table nobody streams costs no query at all. When the audience cannot be known (the table has no collection, the
 * query failed, a payload without an id), every stream of the table wakes: a needless pull is harmless, a
 * missed one is not. A reconnect of the listener wakes every stream, since notifications were lost meanwhile.
 */
export class ChangeFeed {
  private stop: (() => Promise<void>) | null = null;
  private handle: DatabaseHandle | null = null;
  private readonly tables = new Map<string, TableListeners>();
  private readonly audiences: Map<string, SyncCollection['audience']>;
  private pending = new Map<string, Set<string>>();
  private flushing = false;

  /** `collections` declare each table's audience; by default every replicated collection (sync/collections.ts). */
  constructor(collections: readonly SyncCollection[] = SYNC_COLLECTIONS) {
    this.audiences = new Map(collections.map((c) => [c.table, c.audience]));
  }

  async start(handle: DatabaseHandle): Promise<void> {
    this.handle = handle;
    this.stop = await handle.listen(
      'sync',
      (payload) => this.received(payload),
      // Changes made while the connection was away were never notified: every stream re-pulls.
      () => this.received(EVERY_TABLE),
    );
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
    this.handle = null;
    this.tables.clear();
    this.pending.clear();
  }

  /** Calls back on every change of one table; returns the unsubscribe function. */
  onTable(table: string, callback: Callback): () => void {
    const listeners = this.listenersOf(table);
    listeners.every.add(callback);
    return () => {
      listeners.every.delete(callback);
      this.forgetIfEmpty(table, listeners);
    };
  }

  /**
   * Calls back when a row of `table` changes whose audience holds one of `keys` (and whenever anything may have
   * changed); returns the unsubscribe function.
   */
  onRows(table: string, keys: readonly string[], callback: Callback): () => void {
    const listeners = this.listenersOf(table);
    for (const key of keys) {
      let set = listeners.byKey.get(key);
      if (!set) {
        set = new Set();
        listeners.byKey.set(key, set);
      }
      set.add(callback);
    }
    return () => {
      for (const key of keys) {
        const set = listeners.byKey.get(key);
        set?.delete(callback);
        if (set?.size === 0) listeners.byKey.delete(key);
      }
      this.forgetIfEmpty(table, listeners);
    };
  }

  private listenersOf(table: string): TableListeners {
    let listeners = this.tables.get(table);
    if (!listeners) {
      listeners = { every: new Set(), byKey: new Map() };
      this.tables.set(table, listeners);
    }
    return listeners;
  }

  private forgetIfEmpty(table: string, listeners: TableListeners): void {
    if (listeners.every.size === 0 && listeners.byKey.size === 0 && this.tables.get(table) === listeners) this.tables.delete(table);
  }

  private received(payload: string): void {
    if (payload === EVERY_TABLE) {
      for (const table of [...this.tables.keys()]) this.wakeTable(table);
      return;
    }
    const space = payload.indexOf(' ');
    const table = space < 0 ? payload : payload.slice(0, space);
    if (!this.tables.has(table)) return;
    if (space < 0) {
      this.wakeTable(table);
      return;
    }
    let ids = this.pending.get(table);
    if (!ids) {
      ids = new Set();
      this.pending.set(table, ids);
    }
    ids.add(payload.slice(space + 1));
    // The notifications of one commit (or of several) arrive together: resolved once they all have.
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => void this.flush());
    }
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = false;
    await Promise.all([...batch].map(([table, ids]) => this.resolve(table, [...ids])));
  }

  /** Wakes the streams of `table` that the changed rows concern. */
  private async resolve(table: string, ids: string[]): Promise<void> {
    const listeners = this.tables.get(table);
    if (!listeners) return;
    for (const callback of [...listeners.every]) callback();
    if (listeners.byKey.size === 0) return;
    const audience = this.audiences.get(table);
    const db = this.handle?.db;
    if (!audience || !db) {
      this.wakeTable(table);
      return;
    }
    const woken = new Set<Callback>();
    try {
      for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
        const { rows } = await audience.rows(ids.slice(i, i + IDS_PER_QUERY)).execute(db);
        const current = this.tables.get(table);
        for (const { key } of rows) for (const callback of current?.byKey.get(key) ?? []) woken.add(callback);
      }
    } catch (err) {
      // The database is away or the query failed: the audience is unknown, so everyone on the table pulls.
      console.error(`[sync] change audience of ${table} unknown (${(err as Error).message}); waking every stream of the table`);
      this.wakeTable(table);
      return;
    }
    for (const callback of woken) callback();
  }

  private wakeTable(table: string): void {
    const listeners = this.tables.get(table);
    if (!listeners) return;
    const all = new Set<Callback>(listeners.every);
    for (const set of listeners.byKey.values()) for (const callback of set) all.add(callback);
    for (const callback of all) callback();
  }
}
