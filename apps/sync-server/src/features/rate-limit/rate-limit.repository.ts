import { sql } from 'kysely';
import type { Database } from '../../db/database';

export function createRateLimitRepository(db: Database) {
  return {
    /** Adds one hit to a fixed window atomically and returns the window's total. */
    async hit(key: string, windowStart: Date): Promise<number> {
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: windowStart, hits: 1 })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
        .returning('hits')
        .executeTakeFirstOrThrow();
      return row.hits;
    },
    async count(key: string, windowStart: Date): Promise<number> {
      const row = await db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .executeTakeFirst();
      return row?.hits ?? 0;
    },
    clear: (key: string) => db.deleteFrom('rate_limits').where('key', '=', key).execute(),
    purgeBefore: (before: Date) => db.deleteFrom('rate_limits').where('window_start', '<', before).execute(),
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
