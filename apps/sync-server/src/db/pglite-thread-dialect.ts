import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PGliteAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { PgliteThread } from './pglite-thread';

/** An identifier as PostgreSQL reads it, whatever it holds. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The single connection to the PGlite thread: each statement a message there and back. */
class ThreadConnection implements DatabaseConnection {
  constructor(readonly thread: PgliteThread) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, affectedRows } = await this.thread.query(compiledQuery.sql, compiledQuery.parameters);
    return { rows: rows as R[], numAffectedRows: affectedRows != null ? BigInt(affectedRows) : undefined };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursor to stream from, as kysely's own PGlite driver says.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }
}

/** kysely's driver for a PGlite on its own thread: one connection, transactions as PGlite's own. */
class ThreadDriver implements Driver {
  private readonly connection: ThreadConnection;

  constructor(private readonly thread: PgliteThread) {
    this.connection = new ThreadConnection(thread);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async releaseConnection(): Promise<void> {}
  beginTransaction(): Promise<void> {
    return this.thread.begin();
  }
  commitTransaction(): Promise<void> {
    return this.thread.commit();
  }
  rollbackTransaction(): Promise<void> {
    return this.thread.rollback();
  }
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoted(name)}`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoted(name)}`));
  }
  async destroy(): Promise<void> {
    await this.thread.close();
  }
}

/** The dialect of PGlite with its statements run on its own thread (docs/decisions/0093). */
export function pgliteThreadDialect(thread: PgliteThread): Dialect {
  return {
    createAdapter: () => new PGliteAdapter(),
    createDriver: () => new ThreadDriver(thread),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
