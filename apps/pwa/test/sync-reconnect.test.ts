// The store runs on RxDB's Dexie storage behind its remote protocol, as in the browser (here within the page, no Worker:
// decision 0099); IndexedDB comes from fake-indexeddb, loaded first.
import 'fake-indexeddb/auto';
import { retryUntilAnswered, SYNC_CALL_TIMEOUT_MS, SYNC_RETRY_MS } from '@simvisit/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveDoc } from '../src/platform/sync/local-writes';
import { browserRetryEnvironment } from '../src/platform/sync/replication';
import { openStore, removeStore } from '../src/platform/sync/store';
import { getSyncState } from '../src/platform/sync/sync-state';

/*
 * Issue 21 item 7 (decision 0083): a write made offline reaches the server as soon as the network is back.
 * RxDB's retry alone waited its 5 s after a failure the browser had not yet noticed as offline, and waited
 * forever on a push that stalled across the network change (every later write queued behind it).
 */

vi.mock('../src/platform/app-update/app-update', () => ({ reloadForNewVersion: async () => undefined }));
// Without Web Locks the leader election runs over its broadcast channel, as in local-store.test.ts.
Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });

/** What the browser believes (navigator.onLine) and whether the fake server can be reached. */
let online = true;
let network = true;
Object.defineProperty(navigator, 'onLine', { get: () => online, configurable: true });

function goOnline() {
  network = true;
  online = true;
  window.dispatchEvent(new Event('online'));
}

const aborted = () => new TypeError('Failed to fetch');

describe('the sync retry loop in the browser', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    online = true;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries at once when the network comes back, even after a failure seen while the browser said online', async () => {
    const attempts: number[] = [];
    const attempt = vi.fn(async () => {
      attempts.push(Date.now());
      if (attempts.length === 1) throw aborted();
      return 'answered';
    });
    const done = retryUntilAnswered(
      attempt,
      (e) => e instanceof TypeError,
      browserRetryEnvironment(() => false),
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(attempt).toHaveBeenCalledTimes(1);
    online = false;
    window.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(400);
    goOnline();
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe('answered');
    expect(attempts[1]! - attempts[0]!).toBeLessThan(1000);
  });

  it('abandons an attempt that stalled while offline when the network comes back, and sends it again', async () => {
    online = false;
    let calls = 0;
    const attempt = (signal: AbortSignal) => {
      calls++;
      if (calls === 1) return new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(aborted())));
      return Promise.resolve('answered');
    };
    const done = retryUntilAnswered(
      attempt,
      (e) => e instanceof TypeError,
      browserRetryEnvironment(() => false),
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(1);
    goOnline();
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe('answered');
  });

  it('gives up on an attempt that never answers after its deadline, then retries', async () => {
    let calls = 0;
    const attempt = (signal: AbortSignal) => {
      calls++;
      if (calls === 1) return new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(aborted())));
      return Promise.resolve('answered');
    };
    const done = retryUntilAnswered(
      attempt,
      () => false,
      browserRetryEnvironment(() => false),
    );
    await vi.advanceTimersByTimeAsync(SYNC_CALL_TIMEOUT_MS + SYNC_RETRY_MS + 10);
    await expect(done).resolves.toBe('answered');
    expect(calls).toBe(2);
  });

  it('throws what is not a connection failure, for RxDB to handle', async () => {
    const done = retryUntilAnswered(
      async () => {
        throw new Error('503');
      },
      (e) => e instanceof TypeError,
      browserRetryEnvironment(() => false),
    );
    await expect(done).rejects.toThrow('503');
  });
});

// ---------------------------------------------------------------------------------------------------------
// The real store and replication against a fake server

const USER = 4343;
const session = { user: { id: USER }, permissions: ['user.availability'] };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  readyState = 1;
  close() {
    this.readyState = 2;
  }
}

/** The fake server: what it stored, and how a push behaves while "offline" ('fail' at once, or 'stall'). */
function fakeServer(offlinePush: 'fail' | 'stall') {
  const stored: string[] = [];
  let pushAttempts = 0;
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/push')) {
      pushAttempts++;
      if (!network) {
        if (offlinePush === 'fail') throw aborted();
        return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(aborted())));
      }
      const rows = JSON.parse(String(init?.body)) as { newDocumentState: { id: string } }[];
      stored.push(...rows.map((r) => r.newDocumentState.id));
      return json({ conflicts: [], rejected: [] });
    }
    if (!network) throw aborted();
    // The handshake's cookie, as the server sets it (the client reads it with document.cookie too).
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API
    if (url.includes('csrf-cookie')) document.cookie = 'XSRF-TOKEN=token';
    if (url.includes('/pull')) return json({ documents: [], checkpoint: null, pending: false });
    return new Response(null, { status: 204 });
  });
  return { stored, fetch, pushAttempts: () => pushAttempts };
}

function window1(id: string) {
  return {
    id,
    user_id: USER,
    day: 'Monday' as const,
    start_time: '09:00',
    end_time: '10:30',
    timezone: 'UTC',
    updated_at: '2026-11-25T10:00:00.000Z',
  };
}

describe('a write made offline, with the real replication', () => {
  beforeEach(() => {
    online = true;
    network = true;
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(async () => {
    online = true;
    network = true;
    await removeStore();
    vi.unstubAllGlobals();
  });

  for (const offlinePush of ['fail', 'stall'] as const) {
    it(`reaches the server within a second of reconnecting (offline pushes ${offlinePush === 'fail' ? 'fail' : 'stall'})`, async () => {
      const server = fakeServer(offlinePush);
      vi.stubGlobal('fetch', server.fetch);
      await openStore(session);
      await vi.waitFor(() => expect(getSyncState().leader).toBe(true), { timeout: 10_000 });
      // Online first: a write reaches the server (the session's CSRF handshake is done).
      await saveDoc('availabilities', window1('avail-online'));
      await vi.waitFor(() => expect(server.stored).toEqual(['avail-online']), { timeout: 5000 });
      const attemptsOnline = server.pushAttempts();

      // The network drops; the browser's `offline` comes only after the first push failed (or stalled).
      network = false;
      await saveDoc('availabilities', window1(`avail-${offlinePush}`));
      await vi.waitFor(() => expect(server.pushAttempts()).toBeGreaterThan(attemptsOnline), { timeout: 5000 });
      online = false;
      window.dispatchEvent(new Event('offline'));
      expect(server.stored).toEqual(['avail-online']);

      const back = Date.now();
      goOnline();
      await vi.waitFor(() => expect(server.stored).toEqual(['avail-online', `avail-${offlinePush}`]), { timeout: 4000, interval: 20 });
      expect(Date.now() - back).toBeLessThan(1000);
      await vi.waitFor(() => expect(getSyncState().pending).toBe(0));
    }, 20_000);
  }
});
