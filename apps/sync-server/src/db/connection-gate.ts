import { nextArrival, RequestAbandonedError, type RequestScope } from './request-scope';

/** How much database work the server takes on at once (issue 23 items 3–4, docs/decisions/0093). */
export interface GateBounds {
  /** connections in use at once: the pool's size, 1 for PGlite (it runs one statement at a time) */
  connections: number;
  /** requests that may wait for their first connection; the next one is refused at once */
  queue: number;
  /** the longest an acquisition waits before it is refused */
  waitMs: number;
}

/** How much database work one server process takes on at once (the config's DB_* settings). */
export interface DatabaseLimits {
  /** PostgreSQL connections in the pool */
  dbPoolMax: number;
  /** requests that may wait to begin before more are refused at once with 503 */
  dbQueueMax: number;
  /** the longest one waits before it is refused with 503 */
  dbQueueWaitMs: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = { dbPoolMax: 10, dbQueueMax: 500, dbQueueWaitMs: 5000 };

/** Seconds a refused client is asked to wait before it tries again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** The database is saturated: answered 503 with Retry-After, at once rather than after a long wait. */
export class DatabaseBusyError extends Error {
  constructor(reason: 'queue full' | 'waited too long') {
    super(`The database is busy (${reason}).`);
    this.name = 'DatabaseBusyError';
  }
}

interface Waiter {
  order: number;
  admit: () => void;
  refuse: (err: Error) => void;
}

/**
 * A counting gate in front of the database's connections, with a bounded queue ordered by the requests' arrival:
 * a request that has begun gets the next free connection before a newer one (so its second and third queries do
 * not queue behind every request that came after it, which is what made tail latency grow with load). The bound is
 * on requests waiting to begin: when `queue` of them wait, the next is refused at once, while a begun request's
 * further reads (several at once from one Promise.all) always queue, so no request is refused halfway. No
 * acquisition waits longer than `waitMs`. A reader whose client has gone leaves the queue at once. PostgreSQL's
 * pool and PGlite's single connection both sit behind it.
 */
export class ConnectionGate {
  private inUse = 0;
  private readonly waiting: Waiter[] = [];
  private newcomers = 0;

  constructor(readonly bounds: GateBounds) {}

  /** Connections handed out and acquisitions waiting, for the bench and the tests. */
  get load(): { inUse: number; waiting: number; newcomers: number } {
    return { inUse: this.inUse, waiting: this.waiting.length, newcomers: this.newcomers };
  }

  enter(scope: RequestScope | undefined): Promise<void> {
    const signal = scope?.signal ?? null;
    if (signal?.aborted) return Promise.reject(new RequestAbandonedError());
    if (this.inUse < this.bounds.connections && this.waiting.length === 0) {
      this.inUse += 1;
      if (scope) scope.started = true;
      return Promise.resolve();
    }
    const newcomer = !scope?.started;
    if (newcomer && this.newcomers >= this.bounds.queue) return Promise.reject(new DatabaseBusyError('queue full'));
    if (newcomer) this.newcomers += 1;
    return new Promise<void>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (newcomer) this.newcomers -= 1;
      };
      const waiter: Waiter = {
        order: scope?.order ?? nextArrival(),
        admit: () => {
          settle();
          if (scope) scope.started = true;
          resolve();
        },
        refuse: (err) => {
          settle();
          this.remove(waiter);
          reject(err);
        },
      };
      const timer = setTimeout(() => waiter.refuse(new DatabaseBusyError('waited too long')), this.bounds.waitMs);
      const onAbort = () => waiter.refuse(new RequestAbandonedError());
      signal?.addEventListener('abort', onAbort, { once: true });
      this.insert(waiter);
    });
  }

  /** A connection came back: the oldest request waiting gets it, or it becomes free. */
  leave(): void {
    const next = this.waiting.shift();
    if (next) next.admit();
    else this.inUse = Math.max(0, this.inUse - 1);
  }

  /** In arrival order; equal orders (one request's parallel reads) keep the order they asked in. */
  private insert(waiter: Waiter): void {
    let low = 0;
    let high = this.waiting.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.waiting[mid]!.order <= waiter.order) low = mid + 1;
      else high = mid;
    }
    this.waiting.splice(low, 0, waiter);
  }

  private remove(waiter: Waiter): void {
    const at = this.waiting.indexOf(waiter);
    if (at >= 0) this.waiting.splice(at, 1);
  }
}
