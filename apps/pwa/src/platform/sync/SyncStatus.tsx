import { formatDateTime, syncedAgoLabel, unsyncedChangesLabel } from '@simvisit/schema';
import { CloudIcon, CloudOffIcon, cn, UploadIcon } from '@simvisit/ui';
import { useNow } from '../../lib/use-now';
import { useSyncState } from './sync-state';

/**
 * The shell's sync state (DESIGN.md §5): online or offline, how many changes wait to be sent, and when the
 * device last reached the server.
 */
export function SyncStatus() {
  const sync = useSyncState();
  // Renewed every 30 s so "Synced 2 min ago" stays true.
  const now = useNow(30_000).getTime();
  // Offline, RxDB keeps retrying (active) but nothing moves: the last real contact is what matters then.
  const synced = sync.active && sync.online ? 'Syncing…' : syncedAgoLabel(sync.lastSyncedAt, Math.max(now, sync.lastSyncedAt ?? 0));
  const connection = sync.online ? 'Online' : 'Offline';
  const summary = [connection, unsyncedChangesLabel(sync.pending), sync.status === 'ready' ? synced : null].filter(Boolean).join(', ');
  return (
    <section
      data-testid="sync-status"
      data-online={sync.online ? 'true' : 'false'}
      aria-label="Sync status"
      title={summary}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600"
    >
      {/* Only the connection is announced when it changes; the rest is read on demand. */}
      <span role="status" className={cn('inline-flex items-center gap-1 font-medium', sync.online ? 'text-green-700' : 'text-amber-700')}>
        {sync.online ? <CloudIcon className="size-4" /> : <CloudOffIcon className="size-4" />}
        {connection}
      </span>
      <span className={cn('inline-flex items-center gap-1', sync.pending > 0 ? 'font-medium text-amber-800' : 'text-slate-500')}>
        <UploadIcon className="size-4" />
        <span data-testid="sync-pending-count">{sync.pending}</span>
        <span>pending</span>
        <span className="sr-only">{sync.pending === 1 ? 'change' : 'changes'} not yet on the server</span>
      </span>
      {sync.status === 'ready' ? (
        <span
          data-testid="sync-last-synced"
          title={sync.lastSyncedAt ? `Last reached the server ${formatDateTime(new Date(sync.lastSyncedAt))}` : undefined}
        >
          {synced}
        </span>
      ) : sync.status === 'opening' ? (
        <span>Opening your data…</span>
      ) : null}
      {sync.problem ? <span className="text-red-700">{sync.problem}</span> : null}
    </section>
  );
}
