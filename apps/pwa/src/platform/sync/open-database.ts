import type { StoreDatabase } from './types';

/**
 * The signed-in user's open database, for local writes. It lives apart from store.ts so that the writes (and the
 * pages that import them) do not pull the store's code (rxdb, Dexie) into the first page's JavaScript (decision 0085).
 */
let openDatabase: StoreDatabase | null = null;

export function setOpenDatabase(db: StoreDatabase | null): void {
  openDatabase = db;
}

export function currentOpenDatabase(): StoreDatabase | null {
  return openDatabase;
}
