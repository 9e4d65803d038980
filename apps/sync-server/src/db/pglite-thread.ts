import { mkdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** How the worker parses a type's text, by type id (database.ts names them for both drivers). */
export type ParseAs = Record<number, 'number' | 'float' | 'text'>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface ErrorDescription {
  message: string;
  name: string;
  fields: Record<string, unknown>;
}

/** What the thread sends: an answer (`id`), or a notification for one LISTEN (`op: 'notify'`). */
interface WorkerMessage {
  id?: number;
  ok?: boolean;
  value?: unknown;
  error?: ErrorDescription;
  op?: string;
  listener?: number;
  payload?: string;
}

/** An error of the database as the server reads it: its message, SQLSTATE `code`, `constraint`, `where`… */
function errorOf(description: ErrorDescription): Error {
  const err = new Error(description.message);
  Object.assign(err, description.fields);
  err.name = description.name;
  return err;
}

/**
 * Threads whose database was closed, kept for the next one the process opens: a warm thread opens a database in
 * about half the time of a new one (the server tests open one per file). One is enough: a process opens its
 * databases one after another.
 */
const spareThreads: Worker[] = [];
const MAX_SPARE_THREADS = 1;

function newThread(): Worker {
  const worker = new Worker(new URL('./pglite-worker.js', import.meta.url));
  // Idle, the thread does not keep the process alive; a statement on its way does (see `request`).
  worker.unref();
  // A kept thread that dies is no longer kept (listened once for the thread's life, whatever database it serves).
  const forget = () => {
    const at = spareThreads.indexOf(worker);
    if (at >= 0) spareThreads.splice(at, 1);
  };
  worker.on('exit', forget);
  worker.on('error', forget);
  return worker;
}

/**
 * The embedded PostgreSQL, run on a worker thread (`pglite-worker.js`, docs/decisions/0093): statements go to it
 * as messages and come back as rows, so the server's event loop keeps answering while one runs.
 */
export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  /** Each LISTEN by its own id: several may listen on one channel, and each stops alone. */
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 0;
  private failure: Error | null = null;
  private crashed = false;

  private readonly onMessage = (message: WorkerMessage) => this.receive(message);
  private readonly onError = (err: Error) => {
    // A crash of the database (out of memory, a WebAssembly trap) ends it for this process: said once, then every
    // statement is answered as by a closed database (503) until the server is started again.
    console.error('[db] PGlite stopped:', err);
    this.crashed = true;
    this.fail(new Error(`PGlite is closed (${err.message}).`, { cause: err }));
  };
  private readonly onExit = () => {
    this.crashed = true;
    this.fail(new Error('PGlite is closed.'));
  };

  private constructor(private readonly worker: Worker) {
    worker.on('message', this.onMessage);
    worker.on('error', this.onError);
    worker.on('exit', this.onExit);
  }

  /** Opens the database in `dataDir` ('memory://' in memory), or from a data folder dumped by `dump`. */
  static async start(opts: { dataDir: string; snapshot?: Blob; parseAs: ParseAs }): Promise<PgliteThread> {
    // PGlite creates only the last folder of its path: a fresh clone or a new DATA_DIR has none of them yet.
    if (!opts.dataDir.includes('://')) mkdirSync(opts.dataDir, { recursive: true });
    const thread = new PgliteThread(spareThreads.pop() ?? newThread());
    try {
      // A Blob crosses to the thread without a copy (its bytes are shared); PGlite reads it there.
      await thread.request('open', {
        dataDir: opts.dataDir,
        snapshot: opts.snapshot ?? null,
        parseAs: opts.parseAs,
      });
    } catch (err) {
      thread.detach();
      await thread.worker.terminate();
      throw err;
    }
    return thread;
  }

  get closed(): boolean {
    return this.failure !== null;
  }

  query(sql: string, params: readonly unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }> {
    return this.request('query', { sql, params });
  }

  begin(): Promise<void> {
    return this.request('begin');
  }
  commit(): Promise<void> {
    return this.request('commit');
  }
  rollback(): Promise<void> {
    return this.request('rollback');
  }

  /** LISTEN on `channel`; resolves to a function that stops listening. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = ++this.nextId;
    this.listeners.set(listener, onPayload);
    await this.request('listen', { channel, listener });
    return async () => {
      this.listeners.delete(listener);
      if (!this.closed) await this.request('unlisten', { listener });
    };
  }

  /** The whole data folder as an uncompressed tar, to be opened again with `start({ snapshot })`. */
  async dump(): Promise<Blob> {
    return new Blob([await this.request<Uint8Array<ArrayBuffer>>('dump')]);
  }

  /** Closes the database; its thread is kept for the next one if none is kept yet, else it ends. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.request('close');
    this.fail(new Error('PGlite is closed.'));
    this.detach();
    if (!this.crashed && spareThreads.length < MAX_SPARE_THREADS) {
      this.worker.unref();
      spareThreads.push(this.worker);
    } else {
      await this.worker.terminate();
    }
  }

  /** This database's handlers leave the thread, which may serve another. */
  private detach(): void {
    this.worker.off('message', this.onMessage);
    this.worker.off('error', this.onError);
    this.worker.off('exit', this.onExit);
  }

  private request<T>(op: string, payload: Record<string, unknown> = {}): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      // A value that cannot cross threads (a function, a class of its own) fails this statement alone, at once.
      this.worker.postMessage({ id, op, ...payload });
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }

  private receive(message: WorkerMessage) {
    if (message.op === 'notify') {
      this.listeners.get(message.listener!)?.(message.payload!);
      return;
    }
    const pending = message.id === undefined ? undefined : this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id!);
    if (this.pending.size === 0) this.worker.unref();
    if (message.ok) pending.resolve(message.value);
    else pending.reject(errorOf(message.error!));
  }

  /** The thread is gone (closed, or crashed): every statement on its way fails as a closed database does (503). */
  private fail(err: Error): void {
    this.failure ??= err;
    for (const pending of this.pending.values()) pending.reject(this.failure);
    this.pending.clear();
  }
}
