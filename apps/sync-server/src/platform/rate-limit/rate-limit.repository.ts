import { sql } from 'kysely';
import type { Database } from '../../db/database';

export function createRateLimitRepository(db: Database) {
  return {
    /**
     * Adds one hit atomically. A window that has run out starts again at this hit.
     * Returns the hits and the window's start.
     */
    async hit(key: string, windowSeconds: number, now: Date): Promise<{ hits: number; window_start: Date }> {
      const fresh = sql<boolean>`rate_limits.window_start + make_interval(secs => rate_limits.window_seconds) <= ${now}`;
      return db
        .insertInto('rate_limits')
        .values({ key, window_start: now, window_seconds: windowSeconds, hits: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql`CASE WHEN ${fresh} THEN 1 ELSE rate_limits.hits + 1 END`,
            window_start: sql`CASE WHEN ${fresh} THEN ${now}::timestamptz ELSE rate_limits.window_start END`,
            window_seconds: windowSeconds,
          }),
        )
        .returning(['hits', 'window_start'])
        .executeTakeFirstOrThrow();
    },
    refund: (key: string) =>
      db.updateTable('rate_limits').set({ hits: sql`GREATEST(rate_limits.hits - 1, 0)` }).where('key', '=', key).execute(),
    clear: (key: string) => db.deleteFrom('rate_limits').where('key', '=', key).execute(),
    purgeBefore: (before: Date) => db.deleteFrom('rate_limits').where('window_start', '<', before).execute(),
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
