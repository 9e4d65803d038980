import { formatDateTime, lastSyncLabel, unsyncedChangesLabel } from '@simvisit/schema';
import { CloudIcon, CloudOffIcon, cn, UploadIcon } from '@simvisit/ui';
import { useNow } from '../../lib/use-now';
import { useSyncState } from './sync-state';

/**
 * The shell's sync state (DESIGN.md §5): online or offline, how many changes wait to be sent, and when the
 * device last reached the server. It sits in the sticky top bar, so it stays in view while the page scrolls; on
 * a phone it is the icon, the connection and the count (decision 0088), the last sync shown from `sm` up.
 */
export function SyncStatus() {
  const sync = useSyncState();
  // Renewed every 30 s so "Synced 2 min ago" stays true.
  const now = useNow(30_000).getTime();
  // Offline, RxDB keeps retrying (active) but nothing moves: the last real contact is what matters then.
  const synced =
    sync.active && sync.online ? 'Syncing…' : lastSyncLabel(sync.lastSyncedAt, Math.max(now, sync.lastSyncedAt ?? 0), sync.online);
  const connection = sync.online ? 'Online' : 'Offline';
  const summary = [connection, unsyncedChangesLabel(sync.pending), sync.status === 'ready' ? synced : null].filter(Boolean).join(', ');
  return (
    <section
      data-testid="sync-status"
      data-online={sync.online ? 'true' : 'false'}
      aria-label="Sync status"
      title={summary}
      className="flex items-center gap-x-2 text-xs whitespace-nowrap text-slate-600 sm:gap-x-3"
    >
      {/* Only the connection is announced when it changes; the rest is read on demand. */}
      <span role="status" className={cn('inline-flex items-center gap-1 font-medium', sync.online ? 'text-green-700' : 'text-amber-700')}>
        {sync.online ? <CloudIcon className="size-4" /> : <CloudOffIcon className="size-4" />}
        {connection}
      </span>
      <span className={cn('inline-flex items-center gap-1', sync.pending > 0 ? 'font-medium text-amber-800' : 'text-slate-500')}>
        <UploadIcon className="size-4" />
        <span data-testid="sync-pending-count">{sync.pending}</span>
        <span className="sr-only sm:not-sr-only">pending</span>
        <span className="sr-only">{sync.pending === 1 ? 'change' : 'changes'} not yet on the server</span>
      </span>
      {sync.status === 'ready' ? (
        <span
          data-testid="sync-last-synced"
          className="hidden lg:inline"
          title={sync.lastSyncedAt ? `Last reached the server ${formatDateTime(new Date(sync.lastSyncedAt))}` : undefined}
        >
          {synced}
        </span>
      ) : sync.status === 'opening' ? (
        <span className="hidden lg:inline">Opening your data…</span>
      ) : null}
      {sync.problem ? <span className="max-w-32 truncate text-red-700 sm:max-w-none">{sync.problem}</span> : null}
    </section>
  );
}
