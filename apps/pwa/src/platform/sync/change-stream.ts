import { SYNC_PROTOCOL_VERSION } from '@simvisit/schema';

/*
 * One Server-Sent Events connection carries the change hints of every replicated collection
 * (GET /sync/v1/stream?collections=a,b). A browser allows six HTTP/1.1 connections per origin: a stream per
 * collection used them all once a person replicated six collections, and every API call then waited forever.
 * Collections subscribe here; the connection is reopened (once per tick) when the set of collections changes.
 */

type Resync = () => void;

const subscribers = new Map<string, Set<Resync>>();
let source: EventSource | null = null;
let openFor = '';
let retry: ReturnType<typeof setTimeout> | undefined;
let scheduled = false;

function notify(collection: string) {
  for (const resync of subscribers.get(collection) ?? []) resync();
}

function notifyAll() {
  for (const collection of subscribers.keys()) notify(collection);
}

function wanted(): string {
  return [...subscribers.entries()]
    .filter(([, set]) => set.size > 0)
    .map(([name]) => name)
    .sort()
    .join(',');
}

function connect() {
  const key = wanted();
  if (source && key === openFor) return;
  source?.close();
  source = null;
  openFor = key;
  clearTimeout(retry);
  if (!key) return;
  const es = new EventSource(`/sync/${SYNC_PROTOCOL_VERSION}/stream?collections=${encodeURIComponent(key)}`);
  source = es;
  // Changes made before the stream was listening (a first connection after an offline start, or a reconnect)
  // would otherwise be missed until the next one: every collection pulls again each time it opens.
  es.addEventListener('ready', notifyAll);
  es.addEventListener('RESYNC', (event) => notify((event as MessageEvent<string>).data));
  es.addEventListener('error', () => {
    // The browser reconnects by itself after a network error; a refused stream (401, 403, 5xx) stays closed.
    if (es.readyState === EventSource.CLOSED) {
      es.close();
      if (source === es) {
        source = null;
        openFor = '';
      }
      clearTimeout(retry);
      retry = setTimeout(connect, 15_000);
    }
  });
}

function reconnectSoon() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    connect();
  });
}

// Back online after a refused or dropped stream: reopen at once rather than after the retry delay.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (!source) connect();
  });
}

/** Calls `resync` whenever the server hints that the collection changed; returns the unsubscribe. */
export function subscribeChangeHints(collection: string, resync: Resync): () => void {
  let set = subscribers.get(collection);
  if (!set) {
    set = new Set();
    subscribers.set(collection, set);
  }
  set.add(resync);
  reconnectSoon();
  return () => {
    set.delete(resync);
    if (set.size === 0) subscribers.delete(collection);
    reconnectSoon();
  };
}
