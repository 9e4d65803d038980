import type { StoreUser } from './store';
import { unsyncedInSyncState } from './sync-state';

/**
 * The store's code (rxdb, Dexie, rxjs: about 90 KB gzip) is fetched when a signed-in page opens the store, after
 * the first paint, never on /login or /register (decision 0085). The service worker precaches the chunk, so it
 * opens offline as before. Closing, removing and flushing a store this tab never loaded has nothing to do.
 */
type StoreModule = typeof import('./store');
let loading: Promise<StoreModule> | null = null;

function loadStore(): Promise<StoreModule> {
  loading ??= import('./store');
  return loading;
}

/** Opens the signed-in user's store (one database per user) and starts replication. Idempotent. */
export async function openStore(session: StoreUser): Promise<void> {
  return (await loadStore()).openStore(session);
}

/** Closes the store and keeps its data (the session ended: pending writes wait for the next sign-in). */
export async function closeStore(): Promise<void> {
  if (loading) await (await loading).closeStore();
}

/** Closes the store and deletes the user's local database (logout). */
export async function removeStore(): Promise<void> {
  if (loading) await (await loading).removeStore();
}

/** Changes on this device not on the server yet (none to count in a store this tab never loaded). */
export async function unsyncedChanges(): Promise<number> {
  if (loading) return (await loading).unsyncedChanges();
  return unsyncedInSyncState();
}

/** Before logout: pushes what is pending; resolves with the number of changes still not on the server. */
export async function flushPendingWrites(timeoutMs?: number): Promise<number> {
  if (loading) return (await loading).flushPendingWrites(timeoutMs);
  return unsyncedInSyncState();
}
