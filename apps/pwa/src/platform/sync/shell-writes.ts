import type { LocalChange, NotificationOwnerChange, ReplicatedCollection } from '@simvisit/schema';
import type { RowOf } from './types';

/**
 * The local writes, as the pages and the signed-in frame call them (a document saved, changed or deleted; a
 * notification's read, archive and delete; keep or discard a change in conflict). `local-writes.ts` checks every
 * replicated collection's documents with its schema (scenarios, scorecards, availability): it loads on the first
 * write (or when the frame is idle after the first paint), not with every signed-in page (decision 0085). The
 * service worker precaches it, so it loads offline too.
 */
type LocalWrites = typeof import('./local-writes');
let loading: Promise<LocalWrites> | null = null;
/** Loads the local writes (once); the frame also calls it when idle after the first paint. */
export function loadLocalWrites(): Promise<LocalWrites> {
  loading ??= import('./local-writes');
  return loading;
}
const localWrites = loadLocalWrites;

export async function changeNotification(id: string, change: NotificationOwnerChange): Promise<void> {
  return (await localWrites()).changeNotification(id, change);
}

export async function markNotificationsRead(ids: readonly string[]): Promise<void> {
  return (await localWrites()).markNotificationsRead(ids);
}

export async function keepMine(issue: LocalChange): Promise<void> {
  return (await localWrites()).keepMine(issue);
}

export async function discardMine(issue: LocalChange): Promise<void> {
  return (await localWrites()).discardMine(issue);
}

/** Creates or replaces a document (validated with the shared schema first): local-writes' saveDoc. */
export async function saveDoc<N extends ReplicatedCollection>(collection: N, doc: Omit<RowOf<N>, 'write_id'>): Promise<RowOf<N>> {
  return (await localWrites()).saveDoc(collection, doc);
}

/** Changes some fields of a stored document as one step: local-writes' modifyDoc. */
export async function modifyDoc<N extends ReplicatedCollection>(
  collection: N,
  id: string,
  change: (doc: RowOf<N>) => Partial<RowOf<N>>,
): Promise<void> {
  return (await localWrites()).modifyDoc(collection, id, change);
}

/** Deletes a document: local-writes' deleteDoc. */
export async function deleteDoc(collection: ReplicatedCollection, id: string): Promise<void> {
  return (await localWrites()).deleteDoc(collection, id);
}
