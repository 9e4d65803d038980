import { formatDateTime, notificationPayloadLink, type StoredNotification } from '@simvisit/schema';
import { BellIcon, Menu, MenuContent, MenuItem, MenuLabel, MenuTrigger } from '@simvisit/ui';
import { AppLink } from '../../lib/app-link';

function NotificationText({ notification }: { notification: StoredNotification }) {
  const created = new Date(notification.created_at);
  return (
    <span className="block min-w-0">
      <span className={notification.is_read ? 'block font-medium' : 'block font-semibold text-slate-900'}>
        {notification.title}
      </span>
      {notification.content ? <span className="mt-0.5 block text-slate-600">{notification.content}</span> : null}
      {Number.isNaN(created.getTime()) ? null : (
        <span className="mt-1 block text-xs text-slate-400">{formatDateTime(created)}</span>
      )}
    </span>
  );
}

/** The user's stored notifications that are not archived; read-only in this release. */
export function NotificationBell({ notifications }: { notifications: readonly StoredNotification[] }) {
  const shown = notifications.filter((n) => !n.is_archived);
  const unread = shown.filter((n) => !n.is_read).length;
  return (
    <Menu>
      <MenuTrigger className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500">
        <BellIcon />
        <span className="sr-only">{unread ? `Notifications (${unread} unread)` : 'Notifications'}</span>
        {unread ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-4 font-semibold text-white"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </MenuTrigger>
      <MenuContent className="max-h-[70vh] w-80 max-w-[calc(100vw-1rem)] overflow-y-auto">
        <MenuLabel>Notifications</MenuLabel>
        {shown.length === 0 ? <MenuItem disabled>You have no notifications.</MenuItem> : null}
        {shown.map((n) => {
          const link = notificationPayloadLink(n.payload);
          return link ? (
            <MenuItem key={n.id} asChild className="items-start">
              <AppLink to={link}>
                <NotificationText notification={n} />
              </AppLink>
            </MenuItem>
          ) : (
            <MenuItem key={n.id} className="items-start">
              <NotificationText notification={n} />
            </MenuItem>
          );
        })}
      </MenuContent>
    </Menu>
  );
}
