import { BellIcon } from '@simvisit/ui';

export const BELL_TRIGGER_CLASS =
  'relative inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500';

/** What the bell's button shows: the bell, its name with the unread count, and the red badge. */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
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
    </>
  );
}
