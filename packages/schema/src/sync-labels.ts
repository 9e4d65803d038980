/**
 * The shell's words for the sync state. They live apart from replication-client.ts, which builds every replicated
 * collection's schema when loaded: the sync status in the top bar needs only these words (decision 0085).
 */

/** 'Synced just now', 'Synced 2 min ago', 'Synced 3 h ago', 'Synced 2 days ago', 'Not synced yet'. */
export function syncedAgoLabel(lastSyncedAt: number | null, now: number = Date.now()): string {
  if (lastSyncedAt === null || !Number.isFinite(lastSyncedAt)) return 'Not synced yet';
  const seconds = Math.max(0, Math.round((now - lastSyncedAt) / 1000));
  if (seconds < 60) return 'Synced just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `Synced ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Synced ${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `Synced ${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/**
 * The shell's last-sync words (issue 22 item 4): online, how long ago the device synced; offline, only when it
 * last reached the server, never 'Synced just now' (nothing is syncing while the network is cut).
 */
export function lastSyncLabel(lastSyncedAt: number | null, now: number, online: boolean): string {
  const ago = syncedAgoLabel(lastSyncedAt, now);
  if (online || lastSyncedAt === null || !Number.isFinite(lastSyncedAt)) return ago;
  return ago === 'Synced just now' ? 'Last synced under a minute ago' : `Last s${ago.slice(1)}`;
}

/** '1 unsynced change', '3 unsynced changes'. */
export function unsyncedChangesLabel(count: number): string {
  return `${count} unsynced ${count === 1 ? 'change' : 'changes'}`;
}
