/**
 * How the PWA's replication retries a sync call (issue 21 item 7, decision 0083), free of the DOM and RxDB so
 * the sync fault model (apps/sync-server/test/sync-faults.test.ts) runs the same loop the browser runs.
 *
 * RxDB's own retry waits a fixed time after a failed call and cuts that wait short on the `online` event only
 * when `navigator.onLine` was already false when the call failed; and a call that never answers (a request
 * stalled across the network change) holds the collection's push queue forever, so every write made offline
 * waits behind it. Here every attempt has a deadline, an attempt still running when the network comes back
 * is abandoned and sent again at once, and a failure seen after the network came back is retried at once.
 */

/** An attempt that has not answered by then is aborted and sent again. */
export const SYNC_CALL_TIMEOUT_MS = 10_000;
/** The wait between failed attempts while the network stays away; the network coming back ends it at once. */
export const SYNC_RETRY_MS = 5_000;

export interface SyncRetryEnvironment {
  /** Runs `run` after `ms`; returns the cancel. */
  after(ms: number, run: () => void): () => void;
  /** Calls `run` each time the network comes back; returns the unsubscribe. */
  onReconnect(run: () => void): () => void;
  /** How many times the network came back so far. */
  reconnects(): number;
  /** The caller gave up (the replication was stopped): no further attempt. */
  stopped(): boolean;
}

export interface SyncRetryTiming {
  timeoutMs: number;
  retryMs: number;
}

/** Thrown when the caller stopped while a call was being retried. */
export class SyncRetryStopped extends Error {
  constructor() {
    super('The replication stopped while a sync call was being retried.');
  }
}

function waitForRetry(env: SyncRetryEnvironment, ms: number): Promise<void> {
  return new Promise((resolve) => {
    let cancelTimer = () => {};
    let unsubscribe = () => {};
    const done = () => {
      cancelTimer();
      unsubscribe();
      resolve();
    };
    cancelTimer = env.after(ms, done);
    unsubscribe = env.onReconnect(done);
  });
}

/**
 * Runs `attempt` until it answers. An attempt that fails for want of a connection (`unreachable`), times out,
 * or is still running when the network comes back is tried again: at once when the network came back since it
 * started, else after `retryMs` or the network's return, whichever comes first. Any other error is thrown
 * (the caller decides, e.g. a 503 or a refusal).
 */
export async function retryUntilAnswered<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  unreachable: (error: unknown) => boolean,
  env: SyncRetryEnvironment,
  timing: SyncRetryTiming = { timeoutMs: SYNC_CALL_TIMEOUT_MS, retryMs: SYNC_RETRY_MS },
): Promise<T> {
  for (;;) {
    if (env.stopped()) throw new SyncRetryStopped();
    const epoch = env.reconnects();
    const controller = new AbortController();
    const cancelTimer = env.after(timing.timeoutMs, () => controller.abort());
    // Started before the network came back: its connection may be dead, so it is not waited for.
    const unsubscribe = env.onReconnect(() => controller.abort());
    try {
      return await attempt(controller.signal);
    } catch (error) {
      if (!controller.signal.aborted && !unreachable(error)) throw error;
    } finally {
      cancelTimer();
      unsubscribe();
    }
    if (env.reconnects() === epoch) await waitForRetry(env, timing.retryMs);
  }
}
