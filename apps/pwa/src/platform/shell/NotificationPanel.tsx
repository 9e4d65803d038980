import { formatInZone, notificationPayloadLink, type StoredNotification } from '@simvisit/schema';
import { ArchiveIcon, Button, cn, TrashIcon } from '@simvisit/ui';
import { Popover } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { AppLink } from '../../lib/app-link';
import { notifyError } from '../notices';
import { useDisplayZone } from '../session';
import { changeNotification, markNotificationsRead } from '../sync';
import { BELL_TRIGGER_CLASS, BellFace } from './BellFace';

function When({ iso }: { iso: string }) {
  const zone = useDisplayZone();
  const created = new Date(iso);
  if (Number.isNaN(created.getTime())) return null;
  return (
    <time dateTime={iso} className="mt-1 block text-xs text-slate-500">
      {formatInZone(created, zone)}
    </time>
  );
}

interface ItemProps {
  notification: StoredNotification;
  /** Null while the local store opens: the list is shown read-only from the session. */
  editable: boolean;
  onNavigate: () => void;
}

function NotificationItem({ notification: n, editable, onNavigate }: ItemProps) {
  const [expanded, setExpanded] = useState(false);
  const link = notificationPayloadLink(n.payload);
  const act = (change: Parameters<typeof changeNotification>[1]) =>
    void changeNotification(n.id, change).catch((error) => notifyError('Error', errorMessage(error)));
  // Opening a notification marks it read (a local write, replicated when online).
  const markRead = () => {
    if (editable && !n.is_read) act({ is_read: true });
  };
  const itemClass = 'min-w-0 flex-1 rounded-sm text-left text-sm focus-visible:outline-2 focus-visible:outline-brand-500';
  const body = (
    <>
      <span className={n.is_read ? 'block font-medium text-slate-700' : 'block font-semibold text-slate-900'}>
        {n.title}
        {n.is_read ? null : <span className="sr-only"> (unread)</span>}
      </span>
      {n.content ? (
        <span className={cn('mt-0.5 block text-slate-600', expanded ? 'whitespace-pre-line' : 'line-clamp-2')}>{n.content}</span>
      ) : null}
      <When iso={n.created_at} />
    </>
  );

  return (
    <li className="group flex items-start gap-2 rounded-md px-2 py-2 hover:bg-slate-50" data-testid={`notification-${n.id}`}>
      <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.is_read ? 'bg-transparent' : 'bg-brand-600')} />
      {link ? (
        // A notification about a page is a real link to it (issue 22 item 2): it opens, can be opened in a new tab, and is announced as a link.
        <AppLink
          to={link}
          onClick={() => {
            markRead();
            onNavigate();
          }}
          className={itemClass}
        >
          {body}
        </AppLink>
      ) : (
        <button
          type="button"
          onClick={() => {
            markRead();
            setExpanded((v) => !v);
          }}
          aria-expanded={expanded}
          className={itemClass}
        >
          {body}
        </button>
      )}
      {editable ? (
        <span className="flex shrink-0 gap-0.5">
          <button
            type="button"
            onClick={() => act({ is_archived: true, is_read: true })}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <ArchiveIcon className="size-4" />
            <span className="sr-only">Archive notification: {n.title}</span>
          </button>
          <button
            type="button"
            onClick={() => act({ _deleted: true })}
            className="rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <TrashIcon className="size-4" />
            <span className="sr-only">Delete notification: {n.title}</span>
          </button>
        </span>
      ) : null}
    </li>
  );
}

export interface NotificationPanelProps {
  /** The notifications shown, newest first, archived ones left out. */
  shown: readonly StoredNotification[];
  unread: readonly StoredNotification[];
  /** False while the list comes from the session (read-only) rather than the local store. */
  editable: boolean;
  /** Pressed before this code arrived: open at once. */
  defaultOpen: boolean;
  /** The stand-in button had the focus: this trigger takes it. */
  focusTrigger: boolean;
}

/** The bell with Radix's popover and the list (loaded after the first paint, `NotificationBell`). */
export function NotificationPanel({ shown, unread, editable, defaultOpen, focusTrigger }: NotificationPanelProps) {
  const [open, setOpen] = useState(defaultOpen);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger && !defaultOpen) trigger.current?.focus();
  }, [focusTrigger, defaultOpen]);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger ref={trigger} className={BELL_TRIGGER_CLASS} data-testid="notification-bell">
        <BellFace unread={unread.length} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Your notifications"
          className="z-50 max-h-[70vh] w-96 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg shadow-slate-300/40 focus:outline-none"
        >
          <div className="flex items-center justify-between gap-2 px-2 py-1">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            {editable && unread.length ? (
              <Button
                variant="link"
                size="sm"
                className="text-xs"
                onClick={() =>
                  void markNotificationsRead(unread.map((n) => n.id)).catch((error) => notifyError('Error', errorMessage(error)))
                }
              >
                Mark all as read
              </Button>
            ) : null}
          </div>
          {shown.length === 0 ? (
            <p className="px-2 py-3 text-sm text-slate-500">You have no notifications.</p>
          ) : (
            <ul className="mt-1 space-y-0.5">
              {shown.map((n) => (
                <NotificationItem key={n.id} notification={n} editable={editable} onNavigate={() => setOpen(false)} />
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
