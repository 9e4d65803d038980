import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { ACTIVE_PER_CONNECTION, ConnectionGate, type DatabaseLimits, DEFAULT_DATABASE_LIMITS, type GateBounds } from './connection-gate';
import { cancellingPool, gatedDialect } from './gated-dialect';
import { type ParseAs, PgliteThread } from './pglite-thread';
import { pgliteThreadDialect } from './pglite-thread-dialect';
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

/**
 * pg returns int8 and numeric as strings and PGlite as numbers: parse both the same way; keep dates as text. Named
 * rather than given as functions: PGlite parses on its own thread (pglite-worker.js reads these names).
 */
const PARSE_AS: ParseAs = { [INT8]: 'number', [NUMERIC]: 'float', [DATE]: 'text' };
const PARSE: Record<ParseAs[number], (value: string) => unknown> = {
  number: (v) => Number(v),
  float: (v) => Number.parseFloat(v),
  text: (v) => v,
};
const parsers: Record<number, (value: string) => unknown> = Object.fromEntries(
  Object.entries(PARSE_AS).map(([oid, how]) => [oid, PARSE[how]]),
);

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
  /** PGlite only: the whole data folder as an uncompressed tar, opened again as `pgliteSnapshot` (the tests' templates). */
  dump?(): Promise<Blob>;
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
  const thread = await PgliteThread.start({ dataDir: opts.dataDir, snapshot: opts.pgliteSnapshot, parseAs: PARSE_AS });
  return pgliteHandle(thread, opts);
}

/**
 * The embedded PostgreSQL on a thread of its own (pglite-thread.ts): a statement there never stops this thread
 * from reading requests, answering 503s and serving calls without the database (decision 0093).
 */
function pgliteHandle(thread: PgliteThread, limits: Partial<DatabaseLimits>): DatabaseHandle {
  // One statement at a time: the gate's single connection replaces kysely's mutex, with its bounds and order.
  const gate = gateOf(limits, 1);
  const db = new Kysely<DB>({ dialect: gatedDialect(pgliteThreadDialect(thread), gate, true) });
  return {
    db,
    kind: 'pglite',
    gate,
    listen: (channel, onPayload) => thread.listen(channel, onPayload),
    dump: () => thread.dump(),
    close: () => db.destroy(),
  };
}
