import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the database layer knows of the request a query runs for (issue 23, docs/decisions/0093): its place in the
 * order of arrival (older requests get the next free connection first, so a request that has started finishes
 * before newer ones take its turn) and, for calls that only read, a signal that fires when the client goes away
 * (its queued work is dropped and its running statement cancelled). Carried by AsyncLocalStorage, so no repository
 * has to pass it along.
 */
export interface RequestScope {
  /** arrival number: smaller is older */
  order: number;
  /** aborted when the client goes away; null once the route of a call that changes something has begun */
  signal: AbortSignal | null;
  /** whether it has begun working with the database: its later (and parallel) reads are never refused for the count */
  started: boolean;
  /** run when the request's answer is ready (the gate lets the next request begin) */
  onEnd: Array<() => void>;
}

const storage = new AsyncLocalStorage<RequestScope>();
let arrivals = 0;

/** The next arrival number: a request's, or that of database work outside any request (it queues in turn). */
export function nextArrival(): number {
  arrivals += 1;
  return arrivals;
}

/** Runs `fn` (the rest of the request) in a scope of its own. */
export async function runInRequestScope<T>(signal: AbortSignal | null, fn: () => Promise<T>): Promise<T> {
  const scope: RequestScope = { order: nextArrival(), signal, started: false, onEnd: [] };
  try {
    return await storage.run(scope, fn);
  } finally {
    for (const ended of scope.onEnd.splice(0)) ended();
  }
}

/**
 * From here on the request runs to its end even if its client goes away: its route changes something. What ran
 * before (the session's lookup) changed nothing, so dropping that was safe.
 */
export function runToEndIfAbandoned(): void {
  const scope = storage.getStore();
  if (scope) scope.signal = null;
}

/** The scope of the request the caller runs for, if any (timed jobs, the LISTEN feed and tests have none). */
export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore();
}

/** The client abandoned the request: its database work is dropped, and nobody is left to answer. */
export class RequestAbandonedError extends Error {
  constructor() {
    super('The client abandoned the request.');
    this.name = 'RequestAbandonedError';
  }
}
