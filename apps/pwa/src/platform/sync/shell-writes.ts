import type { LocalChange, NotificationOwnerChange } from '@simvisit/schema';

/**
 * The local writes the signed-in frame offers (a notification's read, archive and delete; keep or discard a change
 * in conflict). `local-writes.ts` checks every replicated collection's documents with its schema (scenarios,
 * scorecards, availability): it loads on the first such write, not with every signed-in page (decision 0085). The
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
