/**
 * The embedded PostgreSQL on a thread of its own (docs/decisions/0093, "PGlite off the event loop"). PGlite runs
 * each statement as one synchronous WebAssembly call: on the server's thread, a statement of 100 ms was 100 ms in
 * which no request was read, no 503 was sent and no timer fired. Here it blocks only this thread.
 *
 * Plain JavaScript on purpose: a worker thread does not inherit a TypeScript loader in every runner (the server
 * starts under tsx, the tests under vitest), and this file needs none. `pglite-thread.ts` is its other side and the
 * only one that speaks to it. Messages in: `{ id, op, ... }`, `open` first and `close` last for each database (the
 * thread may then open another); out: `{ id, ok, value | error }` answers, and `{ op: 'notify', listener, payload }`
 * for each LISTEN (by the id it was given).
 */
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

/** How each type is parsed, named by the server (database.ts) so both sides of the wire agree. */
const PARSE = {
  number: (v) => Number(v),
  float: (v) => Number.parseFloat(v),
  text: (v) => v,
};

/** Everything of a PostgreSQL error the server reads (code, constraint, where…): only plain values cross threads. */
function describe(err) {
  const fields = {};
  if (err && typeof err === 'object') {
    for (const [key, value] of Object.entries(err)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return { message: err instanceof Error ? err.message : String(err), name: err?.name ?? 'Error', fields };
}

/** The database this thread serves now: a thread outlives its database and may serve the next one (pglite-thread.ts). */
let pglite = null;
/** Each LISTEN's way to stop, by the id the server gave it: several may listen on one channel. */
const unlisteners = new Map();

/**
 * The open transaction, in PGlite's own `transaction` (as kysely's PGlite driver does): PGlite then holds its other
 * callers (a LISTEN) until the transaction ends, instead of running them inside it.
 */
let open = null;

const ops = {
  async open({ dataDir, snapshot, parseAs }) {
    const parsers = Object.fromEntries(Object.entries(parseAs).map(([oid, how]) => [oid, PARSE[how]]));
    pglite = new PGlite(dataDir, {
      extensions: { btree_gist },
      parsers,
      loadDataDir: snapshot ?? undefined,
    });
    await pglite.waitReady;
  },
  async query({ sql, params }) {
    const { rows, affectedRows } = await (open?.tx ?? pglite).query(sql, params, { rowMode: 'object' });
    return { rows, affectedRows };
  },
  async begin() {
    let settle;
    const decided = new Promise((resolve, reject) => {
      settle = { resolve, reject };
    });
    let begun;
    const started = new Promise((resolve) => {
      begun = resolve;
    });
    const current = { tx: null, settle, ended: null };
    current.ended = pglite.transaction(async (tx) => {
      current.tx = tx;
      begun();
      await decided;
    });
    open = current;
    const { ended } = current;
    // A transaction that cannot begin fails here rather than leaving the next statement waiting.
    await Promise.race([started, ended]);
  },
  async commit() {
    const { settle, ended } = open;
    settle.resolve();
    try {
      await ended;
    } finally {
      open = null;
    }
  },
  async rollback() {
    const { settle, ended } = open;
    settle.reject(new Error('rolled back'));
    await ended.catch(() => {});
    open = null;
  },
  async listen({ channel, listener }) {
    const unlisten = await pglite.listen(channel, (payload) => parentPort.postMessage({ op: 'notify', listener, payload }));
    unlisteners.set(listener, unlisten);
  },
  async unlisten({ listener }) {
    const unlisten = unlisteners.get(listener);
    unlisteners.delete(listener);
    if (unlisten && !pglite.closed) await unlisten();
  },
  async dump() {
    return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  },
  async close() {
    if (pglite && !pglite.closed) await pglite.close();
    pglite = null;
    open = null;
    unlisteners.clear();
  },
};

parentPort.on('message', async (message) => {
  try {
    const value = await ops[message.op](message);
    // A dump is moved, not copied: it is the size of the whole database.
    parentPort.postMessage({ id: message.id, ok: true, value }, value instanceof Uint8Array ? [value.buffer] : []);
  } catch (err) {
    parentPort.postMessage({ id: message.id, ok: false, error: describe(err) });
  }
});
