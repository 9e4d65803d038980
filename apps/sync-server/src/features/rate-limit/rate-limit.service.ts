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
 * Fixed-window counters kept in PostgreSQL, so that every server replica shares them (the server is
 * stateless). `check` looks without counting; `hit` counts.
 */
export function createRateLimitService(repo: RateLimitRepository, now: () => number = Date.now) {
  function window(limit: Limit) {
    const ms = limit.windowSeconds * 1000;
    const start = Math.floor(now() / ms) * ms;
    return { start: new Date(start), retryAfter: Math.ceil((start + ms - now()) / 1000) };
  }
  return {
    async check(limit: Limit): Promise<LimitState> {
      const w = window(limit);
      const hits = await repo.count(limit.key, w.start);
      return { limited: hits >= limit.max, retryAfter: w.retryAfter };
    },
    /** Counts one attempt; limited when this attempt went over the maximum. */
    async hit(limit: Limit): Promise<LimitState> {
      const w = window(limit);
      const hits = await repo.hit(limit.key, w.start);
      return { limited: hits > limit.max, retryAfter: w.retryAfter };
    },
    clear: (key: string) => repo.clear(key),
    purgeOld: () => repo.purgeBefore(new Date(now() - 24 * 60 * 60 * 1000)),
  };
}
export type RateLimitService = ReturnType<typeof createRateLimitService>;
