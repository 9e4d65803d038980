import type { LocalChange } from '@simvisit/schema';
import { useSyncExternalStore } from 'react';
import type { StoreDatabase } from './types';

/** What the shell shows about the local store and its replication (DESIGN.md §5: always visible). */
export interface SyncState {
  status: 'closed' | 'opening' | 'ready' | 'failed';
  userId: number | null;
  db: StoreDatabase | null;
  /** The browser says it is online and the last sync call reached the server. */
  online: boolean;
  /** This tab runs the replication (one tab does, RxDB's leader election picks it). */
  leader: boolean;
  /** A pull or push is under way. */
  active: boolean;
  lastSyncedAt: number | null;
  /** Local edits the server has not acknowledged yet. */
  pending: number;
  /** Conflicts and refused writes waiting for the person's decision. */
  issues: readonly LocalChange[];
  /** Why replication stopped, in words for the person (null while it runs or is merely offline). */
  problem: string | null;
}

const initial: SyncState = {
  status: 'closed',
  userId: null,
  db: null,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  leader: false,
  active: false,
  lastSyncedAt: null,
  pending: 0,
  issues: [],
  problem: null,
};

let state: SyncState = initial;
const listeners = new Set<() => void>();

export function getSyncState(): SyncState {
  return state;
}

/** Changes not on the server yet as the sync state last heard them: pending writes plus conflicts and refusals. */
export function unsyncedInSyncState(): number {
  return state.pending + state.issues.length;
}

export function updateSyncState(patch: Partial<SyncState>): void {
  let changed = false;
  for (const [key, value] of Object.entries(patch)) {
    if (state[key as keyof SyncState] !== value) changed = true;
  }
  if (!changed) return;
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function resetSyncState(): void {
  updateSyncState({ ...initial, online: navigator.onLine });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSyncState(): SyncState {
  return useSyncExternalStore(subscribe, getSyncState);
}

/** The open database of the signed-in user, or null while it opens (or nobody is signed in). */
export function useStoreDatabase(): StoreDatabase | null {
  return useSyncExternalStore(subscribe, () => (state.status === 'ready' ? state.db : null));
}
