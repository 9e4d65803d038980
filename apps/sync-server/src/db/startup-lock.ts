import { sql } from 'kysely';
import type { DatabaseHandle } from './database';

/** The advisory-lock key of a server's start ('SVst'): one lock of its own, apart from the jobs' (0x5356, job). */
const STARTUP_LOCK = 0x53567374;

/**
 * Runs a server's start-up writes (migrations, reference data, the demo seed) while no other server process of the
 * same database runs its own. Two processes started together on one fresh database (`npm run start:two`, two
 * replicas of docker compose) otherwise raced: the reference data's delete-and-insert of the role grants collided on
 * their key and the demo seed was written twice or failed half-way, and the loser exited. The second process
 * waits, then finds the migrations applied and the seed written, and does nothing. A session lock on a connection
 * held for the purpose: the work itself runs on the pool (the migrator takes its own transactions). The embedded
 * PGlite belongs to one process, so it needs none.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.kind !== 'postgres') return work();
  return handle.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${STARTUP_LOCK}::bigint)`.execute(connection);
    try {
      return await work();
    } finally {
      // A connection lost meanwhile released the lock with its session: the work's own error is the one to tell.
      await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK}::bigint)`.execute(connection).catch(() => {});
    }
  });
}
