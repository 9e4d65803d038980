import { nextArrival, RequestAbandonedError, type RequestScope } from './request-scope';

/** How much database work the server takes on at once (issue 23 items 3–4, docs/decisions/0093). */
export interface GateBounds {
  /** connections in use at once: the pool's size, 1 for PGlite (it runs one statement at a time) */
  connections: number;
  /** requests working with the database at once (each takes connections in turn, several at once for parallel reads) */
  active: number;
  /** requests that may wait to begin; the next one is refused at once */
  queue: number;
  /** the longest a request waits to begin, or a begun one for a connection, before it is refused */
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

/**
 * Requests at work per connection: enough that a connection is not idle while a request does its own work between
 * queries (checks, JSON, compression), few enough that each finishes in a few times its own time.
 */
export const ACTIVE_PER_CONNECTION = 4;

/** Seconds a refused client is asked to wait before it tries again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** The database is saturated: answered 503 with Retry-After, at once rather than after a long wait. */
export class DatabaseBusyError extends Error {
  constructor(reason: 'queue full' | 'wait too long') {
    super(`The database is busy (${reason}).`);
    this.name = 'DatabaseBusyError';
  }
}

interface Waiter {
  order: number;
  admit: () => void;
  refuse: (err: Error) => void;
}

/** Weight of the newest gap between two requests let in from the queue in its running mean. */
const GAP_WEIGHT = 0.2;
/** Gaps measured in the present backlog before its expected wait may refuse a request at once. */
const GAP_SAMPLES_TO_TRUST = 3;

/**
 * The gate in front of the database's connections (PostgreSQL's pool, or PGlite's single connection).
 *
 * - At most `active` requests work with the database at once; the others wait to begin, in order of arrival. When
 *   `queue` of them wait, or (for a backlog of a full round or more) their expected wait (their place times the gap
 *   between two requests let in from that backlog)
 *   passes `waitMs`, the next is refused at once; none waits longer than `waitMs`.
 * - A request that has begun is never refused for the count (its further and parallel reads always queue), and it
 *   gets the next free connection before any newer one: a request's latency stays close to its own work times the
 *   few requests at work, instead of growing with every client connected (what made tail latency grow with load).
 * - A request whose client has gone leaves either queue at once. Work outside requests (timed jobs, tests) takes
 *   connections in its turn without waiting to begin.
 */
export class ConnectionGate {
  private inUse = 0;
  private working = 0;
  /** begun requests' acquisitions waiting for a connection, oldest request first */
  private readonly waiting: Waiter[] = [];
  /** requests waiting to begin, in arrival order */
  private readonly arriving: Waiter[] = [];
  private gapMs = 0;
  private gapSamples = 0;
  private lastLetInAt: number | null = null;

  /** `now`: the clock the queue's speed is measured with (the tests' own). */
  constructor(
    readonly bounds: GateBounds,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Connections handed out, requests at work, and both queues, for the bench and the tests. */
  get load(): { inUse: number; working: number; waiting: number; arriving: number } {
    return { inUse: this.inUse, working: this.working, waiting: this.waiting.length, arriving: this.arriving.length };
  }

  async enter(scope: RequestScope | undefined): Promise<void> {
    if (scope?.signal?.aborted) throw new RequestAbandonedError();
    if (scope && !scope.started) await this.begin(scope);
    await this.connection(scope);
  }

  /** A connection came back: the oldest begun request waiting gets it, or it becomes free. */
  leave(): void {
    const next = this.waiting.shift();
    if (next) next.admit();
    else this.inUse = Math.max(0, this.inUse - 1);
  }

  /** Waits for the request's turn to work with the database (or refuses it at once when that would be too long). */
  private begin(scope: RequestScope): Promise<void> {
    if (this.working < this.bounds.active && this.arriving.length === 0) {
      this.start(scope);
      return Promise.resolve();
    }
    if (this.arriving.length >= this.bounds.queue) return Promise.reject(new DatabaseBusyError('queue full'));
    if (this.hopeless()) return Promise.reject(new DatabaseBusyError('wait too long'));
    return this.wait(this.arriving, scope, scope.order, () => this.start(scope));
  }

  private start(scope: RequestScope): void {
    scope.started = true;
    this.working += 1;
    scope.onEnd.push(() => {
      this.working -= 1;
      this.letIn();
    });
  }

  /**
   * Whether the next request would wait past `waitMs` anyway (its place times the recent gap between two requests
   * let in), so it is refused at once. Only for a backlog of at least a full round of requests at work, with its own
   * measured speed: a few requests queued behind one slow call (a page's burst of reads on PGlite) wait their turn,
   * and a slow moment long past does not refuse the next small queue (it did, once, in the journeys).
   */
  private hopeless(): boolean {
    if (this.arriving.length < this.bounds.active || this.gapSamples < GAP_SAMPLES_TO_TRUST) return false;
    return (this.arriving.length + 1) * this.gapMs > this.bounds.waitMs;
  }

  /** Lets waiting requests begin while there is room, learning how fast the present backlog moves. */
  private letIn(): void {
    while (this.working < this.bounds.active && this.arriving.length > 0) {
      const now = this.now();
      if (this.lastLetInAt !== null) {
        this.gapMs = this.gapSamples === 0 ? now - this.lastLetInAt : this.gapMs + GAP_WEIGHT * (now - this.lastLetInAt - this.gapMs);
        this.gapSamples += 1;
      }
      this.lastLetInAt = this.arriving.length > 1 ? now : null;
      this.arriving.shift()!.admit();
    }
    // The backlog is gone: the next one's speed is its own.
    if (this.arriving.length === 0) {
      this.gapMs = 0;
      this.gapSamples = 0;
    }
  }

  private connection(scope: RequestScope | undefined): Promise<void> {
    if (this.inUse < this.bounds.connections && this.waiting.length === 0) {
      this.inUse += 1;
      return Promise.resolve();
    }
    return this.wait(this.waiting, scope, scope?.order ?? nextArrival(), () => {});
  }

  /** Queues in `queue` by `order` until admitted, refused after `waitMs`, or abandoned by the request's client. */
  private wait(queue: Waiter[], scope: RequestScope | undefined, order: number, onAdmit: () => void): Promise<void> {
    const signal = scope?.signal ?? null;
    return new Promise<void>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        order,
        admit: () => {
          settle();
          onAdmit();
          resolve();
        },
        refuse: (err) => {
          settle();
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          reject(err);
        },
      };
      const timer = setTimeout(() => waiter.refuse(new DatabaseBusyError('wait too long')), this.bounds.waitMs);
      const onAbort = () => waiter.refuse(new RequestAbandonedError());
      signal?.addEventListener('abort', onAbort, { once: true });
      insertByOrder(queue, waiter);
    });
  }
}

/** In order; equal orders (one request's parallel reads) keep the order they asked in. */
function insertByOrder(queue: Waiter[], waiter: Waiter): void {
  let low = 0;
  let high = queue.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (queue[mid]!.order <= waiter.order) low = mid + 1;
    else high = mid;
  }
  queue.splice(low, 0, waiter);
}
