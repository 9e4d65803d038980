import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeStore, openStore } from '../src/platform/sync/store';
import { getSyncState } from '../src/platform/sync/sync-state';

/*
 * The store's storage runs in a worker (decision 0099). A worker whose script cannot load (an old cache, a blocked
 * script) must fail the store's opening with the sync state's message, never leave the store waiting for answers.
 */

vi.mock('../src/platform/app-update/app-update', () => ({ reloadForNewVersion: async () => undefined }));
Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });

/** A worker as the browser reports one whose script failed to load: an error event, no message ever. */
class UnloadableWorker extends EventTarget {
  static started: string[] = [];
  readonly posted: unknown[] = [];
  terminated = false;
  constructor(url: URL | string) {
    super();
    UnloadableWorker.started.push(String(url));
    setTimeout(() => this.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message: '' })));
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(async () => {
  await closeStore();
  vi.unstubAllGlobals();
});

describe('the store worker', () => {
  it('fails the opening with a message when the worker cannot start', async () => {
    vi.stubGlobal('Worker', UnloadableWorker);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    await openStore({ user: { id: 5151 }, permissions: [] });
    expect(UnloadableWorker.started).toHaveLength(1);
    expect(UnloadableWorker.started[0]).toContain('storage-worker');
    expect(getSyncState()).toMatchObject({
      status: 'failed',
      problem: 'This device could not open its offline store. Changes need a connection.',
    });
  });
});
