import net from 'node:net';
import {
  type AbortableOperationOptions,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type DialectAdapter,
  type Driver,
  PGliteAdapter,
  type PostgresPool,
  type PostgresPoolClient,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import type { ConnectionGate } from './connection-gate';
import { currentRequestScope, RequestAbandonedError } from './request-scope';

/**
 * A dialect whose connections pass the gate (docs/decisions/0093): every acquisition queues there in the requests'
 * order within its bounds, and a query of a read whose client has gone is not sent. `exclusive` dialects (PGlite,
 * one connection) give kysely's own unbounded mutex up to the gate, whose single connection does the same work.
 */
export function gatedDialect(dialect: Dialect, gate: ConnectionGate, exclusive: boolean): Dialect {
  return {
    createAdapter: (): DialectAdapter => (exclusive ? new SharedPGliteAdapter() : dialect.createAdapter()),
    createDriver: () => new GatedDriver(dialect.createDriver(), gate),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/** PGlite's adapter without kysely's connection mutex: the gate (one connection) serializes instead. */
class SharedPGliteAdapter extends PGliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** A connection as kysely sees it through the gate: the driver's own, and a check before each query. */
class GatedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(compiledQuery: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
    if (currentRequestScope()?.signal?.aborted) return Promise.reject(new RequestAbandonedError());
    return this.inner.executeQuery<R>(compiledQuery, options);
  }

  streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize: number,
    options?: AbortableOperationOptions,
  ): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize, options);
  }
}

const unwrap = (connection: DatabaseConnection) => (connection as GatedConnection).inner;

class GatedDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, GatedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly gate: ConnectionGate,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.gate.enter(currentRequestScope());
    try {
      const connection = await this.inner.acquireConnection();
      let gated = this.wrapped.get(connection);
      if (!gated) {
        gated = new GatedConnection(connection);
        this.wrapped.set(connection, gated);
      }
      return gated;
    } catch (err) {
      this.gate.leave();
      throw err;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(unwrap(connection));
    } finally {
      this.gate.leave();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(unwrap(connection), settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(unwrap(connection));
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(unwrap(connection));
  }
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.savepoint!(unwrap(connection), name, compile);
  }
  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.rollbackToSavepoint!(unwrap(connection), name, compile);
  }
  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.releaseSavepoint!(unwrap(connection), name, compile);
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** What pg's client knows of its backend (public fields its types leave out): enough to cancel what it runs. */
interface BackendKey {
  processID?: number | null;
  secretKey?: number | null;
  host: string;
  port: number;
}

/**
 * The pool as kysely takes it, with the statements of an abandoned read cancelled on the server (issue 23 item 3):
 * while a read's client holds a connection, its abort sends PostgreSQL's cancel request for that backend, and the
 * connection is then closed rather than pooled, so a cancel that arrives late can never hit another request's
 * statement.
 */
export function cancellingPool(pool: pg.Pool): PostgresPool {
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const signal = currentRequestScope()?.signal ?? null;
      const client = await pool.connect();
      if (!signal) return client;
      if (signal.aborted) {
        client.release();
        throw new RequestAbandonedError();
      }
      let cancelled = false;
      const onAbort = () => {
        cancelled = true;
        sendCancelRequest(client as unknown as BackendKey);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const release = client.release;
      client.release = (destroy?: boolean | Error) => {
        signal.removeEventListener('abort', onAbort);
        client.release = release;
        release.call(client, destroy || cancelled);
      };
      return client;
    },
  };
}

/** PostgreSQL's CancelRequest (a message of its own on a new socket, no login): cancels what the backend runs. */
function sendCancelRequest(client: BackendKey): void {
  if (typeof client.processID !== 'number' || typeof client.secretKey !== 'number') return;
  const message = Buffer.alloc(16);
  message.writeInt32BE(16, 0);
  message.writeInt32BE(80877102, 4);
  message.writeInt32BE(client.processID, 8);
  message.writeInt32BE(client.secretKey, 12);
  const socket = client.host.startsWith('/')
    ? net.connect(`${client.host}/.s.PGSQL.${client.port}`)
    : net.connect(client.port, client.host);
  socket.on('error', () => {});
  socket.on('connect', () => socket.end(message));
}
