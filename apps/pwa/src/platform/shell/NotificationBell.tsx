import type { StoredNotification } from '@simvisit/schema';
import { useStoreDocs, useSyncState } from '../sync';
import { BELL_TRIGGER_CLASS, BellFace } from './BellFace';
import { laterPart, useLaterControl } from './later-part';

/** ISO time stamps sort as text; a plain comparison, since localeCompare builds a collator on every call. */
function byNewest(a: StoredNotification, b: StoredNotification) {
  return a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;
}

/** The list (Radix's popover with Floating UI, the notification writes): after the first paint (decision 0085). */
export const notificationPanelPart = laterPart(() => import('./NotificationPanel'));

/**
 * The bell of the top bar: the user's notifications from the local store (replicated, so they work offline),
 * newest first. Opening one marks it read; each can be archived or deleted. Until the store is open the
 * list of api/auth/user is shown read-only. Until the list's code is there a plain button of the same look and
 * name stands in; a press on it opens the list as it arrives.
 */
export function NotificationBell({ notifications: fromSession }: { notifications: readonly StoredNotification[] }) {
  const stored = useStoreDocs('notifications');
  const { lastSyncedAt } = useSyncState();
  const control = useLaterControl(notificationPanelPart);
  // Until the store has pulled once on this device, api/auth/user's list stands in (read-only).
  const fromStore = stored && (stored.length > 0 || lastSyncedAt !== null) ? stored : null;
  const editable = fromStore !== null;
  const all = (fromStore ?? fromSession) as readonly StoredNotification[];
  const shown = all.filter((n) => !n.is_archived).sort(byNewest);
  const unread = shown.filter((n) => !n.is_read);
  const Panel = control.module?.NotificationPanel;
  if (Panel) {
    return (
      <Panel shown={shown} unread={unread} editable={editable} defaultOpen={control.openOnArrival} focusTrigger={control.focusOnArrival} />
    );
  }
  // Radix's popover opens on click: the stand-in does too, so a click is never counted twice.
  return (
    <button
      ref={control.standInRef}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      className={BELL_TRIGGER_CLASS}
      data-testid="notification-bell"
      onClick={control.openWhenLoaded}
    >
      <BellFace unread={unread.length} />
    </button>
  );
}
