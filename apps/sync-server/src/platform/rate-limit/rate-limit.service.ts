import type { RateLimitRepository } from './rate-limit.repository';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export interface LimitState {
  limited: boolean;
  retryAfter: number;
}

/**
 * Counters kept in PostgreSQL, so that every server replica shares them (the server is stateless). A window
 * opens at a key's first hit. `check` looks without counting; `hit` counts.
 */
export function createRateLimitService(repo: RateLimitRepository, now: () => number = Date.now) {
  const retryAfter = (start: Date, seconds: number) => Math.max(1, Math.ceil((start.getTime() + seconds * 1000 - now()) / 1000));
  return {
    async check(limit: Limit): Promise<LimitState> {
      const row = await repo.find(limit.key);
      if (!row || row.window_start.getTime() + row.window_seconds * 1000 <= now()) return { limited: false, retryAfter: 0 };
      return { limited: row.hits >= limit.max, retryAfter: retryAfter(row.window_start, row.window_seconds) };
    },
    /** Counts one attempt; limited when this attempt went over the maximum. */
    async hit(limit: Limit): Promise<LimitState> {
      const row = await repo.hit(limit.key, limit.windowSeconds, new Date(now()));
      return { limited: row.hits > limit.max, retryAfter: retryAfter(row.window_start, limit.windowSeconds) };
    },
    clear: (key: string) => repo.clear(key),
    purgeOld: () => repo.purgeBefore(new Date(now() - 24 * 60 * 60 * 1000)),
  };
}
export type RateLimitService = ReturnType<typeof createRateLimitService>;
