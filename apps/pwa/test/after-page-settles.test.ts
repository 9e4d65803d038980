import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageSettles, type PageRouter, SETTLE_CAP_MS } from '../src/platform/shell/after-page-settles';

/** A router whose pending route the test resolves. */
function fakeRouter(status: 'pending' | 'idle') {
  const listeners = new Set<() => void>();
  const router: PageRouter = {
    state: { status },
    subscribe: (_event, listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    router,
    resolve: () => {
      router.state.status = 'idle';
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

/** A read of the page that the test answers. */
function startRead(client: QueryClient): () => void {
  let answer: (value: number) => void = () => undefined;
  void client.fetchQuery({ queryKey: ['page-read', Math.random()], queryFn: () => new Promise<number>((r) => (answer = r)) });
  return () => answer(1);
}

describe('the frame’s later work (offline store, menus) waits for the page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // happy-dom has no idle callbacks: the work runs right after the quiet moment, as in a browser without them.
    vi.stubGlobal('requestIdleCallback', undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts only after the page’s reads have answered and stayed quiet a moment', async () => {
    const client = new QueryClient();
    const answer = startRead(client);
    const work = vi.fn();
    afterPageSettles(client, fakeRouter('idle').router, work);
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).not.toHaveBeenCalled();
    answer();
    await vi.advanceTimersByTimeAsync(100);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for a route still loading, then for the reads its page starts', async () => {
    const client = new QueryClient();
    const route = fakeRouter('pending');
    const work = vi.fn();
    afterPageSettles(client, route.router, work);
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).not.toHaveBeenCalled();
    const answer = startRead(client);
    route.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).not.toHaveBeenCalled();
    answer();
    await vi.advanceTimersByTimeAsync(300);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('starts after the cap on a page whose reads never end, once, and lets go of what it listened to', async () => {
    const client = new QueryClient();
    startRead(client);
    const route = fakeRouter('idle');
    const work = vi.fn();
    afterPageSettles(client, route.router, work);
    await vi.advanceTimersByTimeAsync(SETTLE_CAP_MS - 1);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(1);
    startRead(client)();
    await vi.advanceTimersByTimeAsync(SETTLE_CAP_MS);
    expect(work).toHaveBeenCalledTimes(1);
    expect(route.listeners.size).toBe(0);
  });

  it('does nothing once cancelled (the frame left before the page settled)', async () => {
    const client = new QueryClient();
    const work = vi.fn();
    const cancel = afterPageSettles(client, fakeRouter('idle').router, work);
    cancel();
    await vi.advanceTimersByTimeAsync(SETTLE_CAP_MS * 2);
    expect(work).not.toHaveBeenCalled();
  });
});
