import { NotificationCard } from '@simvisit/ui';
import { dismissNotification, useNotifications } from './notifications';

/**
 * The stack of system notifications; errors are announced at once, the rest politely. It never covers the top
 * bar's controls (menu, bell, user menu; issue 22 item 5): at the bottom of a phone's screen, below the bar
 * from `sm` up.
 */
export function Toaster() {
  const notifications = useNotifications();
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed right-4 bottom-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 sm:top-24 sm:bottom-auto"
    >
      {notifications.map((n) => (
        <div key={n.id} role={n.color === 'red' ? 'alert' : 'status'}>
          <NotificationCard
            title={n.title}
            content={
              n.items?.length ? (
                <>
                  {n.content ? <p>{n.content}</p> : null}
                  <ul className="list-disc space-y-0.5 pl-5">
                    {n.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </>
              ) : (
                n.content
              )
            }
            icon={n.icon}
            color={n.color}
            onDismiss={() => dismissNotification(n.id)}
          />
        </div>
      ))}
    </section>
  );
}
