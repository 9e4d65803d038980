import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { Kysely, PGliteDialect, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { ACTIVE_PER_CONNECTION, ConnectionGate, type DatabaseLimits, DEFAULT_DATABASE_LIMITS, type GateBounds } from './connection-gate';
import { cancellingPool, gatedDialect } from './gated-dialect';
import { prepareStatementsOn } from './prepared-statements';
import { listenWithReconnect } from './resilient-listen';
import type { DB } from './types';

export type Database = Kysely<DB>;
export { type DatabaseLimits, DEFAULT_DATABASE_LIMITS };
/** Any executor: the database, or the transaction of the change in progress (PGlite has one connection). */
export type Executor = Kysely<DB> | Transaction<DB>;

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

/** pg returns int8 and numeric as strings and PGlite as numbers: parse both the same way; keep dates as text. */
const parsers: Record<number, (value: string) => unknown> = {
  [INT8]: (v) => Number(v),
  [NUMERIC]: (v) => Number.parseFloat(v),
  [DATE]: (v) => v,
};

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** the bounded queue in front of the connections (docs/decisions/0093) */
  gate: ConnectionGate;
  /**
   * LISTEN on a channel (one connection per process, opened again when it drops; `onReconnect` then runs, since
   * notifications sent meanwhile are lost); resolves to a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

function gateOf(limits: Partial<DatabaseLimits>, connections: number): ConnectionGate {
  const bounds: GateBounds = {
    connections,
    active: connections * ACTIVE_PER_CONNECTION,
    queue: limits.dbQueueMax ?? DEFAULT_DATABASE_LIMITS.dbQueueMax,
    waitMs: limits.dbQueueWaitMs ?? DEFAULT_DATABASE_LIMITS.dbQueueWaitMs,
  };
  return new ConnectionGate(bounds);
}

/**
 * `pgliteSnapshot`: a data folder dumped by PGlite's `dumpDataDir`, opened instead of an empty database (the server
 * tests copy one migrated and seeded template per run rather than migrating and seeding per file, decision 0067).
 */
export async function openDatabase(
  opts: { databaseUrl: string | null; dataDir: string; pgliteSnapshot?: Blob } & Partial<DatabaseLimits>,
): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const max = opts.dbPoolMax ?? DEFAULT_DATABASE_LIMITS.dbPoolMax;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max,
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client losing its connection must not crash the process (CRASH-02).
    pool.on('error', (err) => console.error('[db] idle client error:', err.message));
    // Nor may a checked-out one: the pool listens to a client's errors only while it is idle, and a connection
    // dropped under a running query also emits "Connection terminated unexpectedly" on the client, often before
    // kysely has released it. Without a listener of its own that error was uncaught. Nothing is lost by ignoring it
    // here: the running query has already failed with the cause (answered 503), a later query on the client fails
    // as "not queryable" (503), and the pool discards the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      prepareStatementsOn(client);
    });
    const gate = gateOf(opts, max);
    const db = new Kysely<DB>({ dialect: gatedDialect(new PostgresDialect({ pool: cancellingPool(pool) }), gate, false) });
    return {
      db,
      kind: 'postgres',
      gate,
      listen: (channel, onPayload, onReconnect) =>
        listenWithReconnect({ connectionString: opts.databaseUrl!, channel, onPayload, onReconnect }),
      close: () => db.destroy(),
    };
  }
  return pgliteHandle(await openPglite(opts.dataDir, opts.pgliteSnapshot), opts);
}

/** An embedded PostgreSQL with this product's extensions and type parsers, optionally from a dumped data folder. */
export async function openPglite(dataDir: string, snapshot?: Blob): Promise<PGlite> {
  // PGlite creates only the last folder of its path: a fresh clone or a new DATA_DIR has none of them yet.
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, { extensions: { btree_gist }, parsers, loadDataDir: snapshot });
  await pglite.waitReady;
  return pglite;
}

export function pgliteHandle(pglite: PGlite, limits: Partial<DatabaseLimits> = {}): DatabaseHandle {
  // One statement at a time: the gate's single connection replaces kysely's mutex, with its bounds and order.
  const gate = gateOf(limits, 1);
  const db = new Kysely<DB>({ dialect: gatedDialect(new PGliteDialect({ pglite }), gate, true) });
  return {
    db,
    kind: 'pglite',
    gate,
    async listen(channel, onPayload) {
      const unlisten = await pglite.listen(channel, (payload) => onPayload(payload));
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
