import type { QueryClient } from '@tanstack/react-query';

/** The router, as far as this reads it: whether a route (its chunk, its loader) is still on its way. */
export interface PageRouter {
  state: { status: 'pending' | 'idle' };
  subscribe: (event: 'onResolved', listener: () => void) => () => void;
}

/** The longest the frame's later work waits for a page whose reads keep going (a slow network, a poll). */
export const SETTLE_CAP_MS = 4000;
/** How long the page's reads must have been quiet before the later work starts. */
const QUIET_MS = 200;

/**
 * Runs `work` once the page has shown what it opened for: its route resolved, none of its reads in flight for a
 * moment and the browser idle, or after `SETTLE_CAP_MS` whatever happens. The offline store (rxdb, about 90 KB gzip
 * and a second of a phone's CPU) and the frame's menus and dialogs wait for it, so on a slow phone the page's own
 * reads, chunks and first render get the network and the CPU first (decision 0085, fifth pass). Offline, the reads
 * are paused, not in flight: the work starts at once. A logout before then opens the store itself (logout.ts).
 * Answers a function that cancels it.
 */
export function afterPageSettles(queryClient: QueryClient, router: PageRouter, work: () => void, capMs = SETTLE_CAP_MS): () => void {
  let done = false;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let idleId: number | undefined;
  const run = () => {
    if (done) return;
    done = true;
    stop();
    work();
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') idleId = requestIdleCallback(run, { timeout: 1000 });
    else run();
  };
  const check = () => {
    clearTimeout(quietTimer);
    // Mounting a page starts its reads in the same task: the first check waits for them to be asked.
    if (queryClient.isFetching() === 0 && router.state.status === 'idle') quietTimer = setTimeout(whenIdle, QUIET_MS);
  };
  const unsubscribeQueries = queryClient.getQueryCache().subscribe(check);
  const unsubscribeRouter = router.subscribe('onResolved', check);
  const capTimer = setTimeout(run, capMs);
  check();
  function stop() {
    unsubscribeQueries();
    unsubscribeRouter();
    clearTimeout(quietTimer);
    clearTimeout(capTimer);
    if (idleId !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idleId);
  }
  return () => {
    done = true;
    stop();
  };
}
