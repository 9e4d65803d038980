import type { RateLimitRepository } from './rate-limit.repository';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export interface LimitState {
  limited: boolean;
  retryAfter: number;
  /** this attempt is the first over the maximum in its window: one attempt per window sees it, to tell someone once */
  tripped: boolean;
}

/**
 * Counters kept in PostgreSQL, so that every server replica shares them (the server is stateless). A window
 * opens at a key's first hit. `hit` counts atomically and answers whether this attempt went over, so a caller
 * counts first and then does the work.
 */
export function createRateLimitService(repo: RateLimitRepository, now: () => number = Date.now) {
  const retryAfter = (start: Date, seconds: number) => Math.max(1, Math.ceil((start.getTime() + seconds * 1000 - now()) / 1000));
  return {
    /** Counts one attempt; limited when this attempt went over the maximum. */
    async hit(limit: Limit): Promise<LimitState> {
      const row = await repo.hit(limit.key, limit.windowSeconds, new Date(now()));
      return {
        limited: row.hits > limit.max,
        retryAfter: retryAfter(row.window_start, limit.windowSeconds),
        tripped: row.hits === limit.max + 1,
      };
    },
    clear: (key: string) => repo.clear(key),
    /** Gives one counted attempt back (a successful sign-in should not use up the hourly allowance). */
    refund: (key: string) => repo.refund(key),
    purgeOld: () => repo.purgeBefore(new Date(now() - 24 * 60 * 60 * 1000)),
  };
}
export type RateLimitService = ReturnType<typeof createRateLimitService>;
