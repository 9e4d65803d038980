import { type NOTIFICATION_COLORS, type NOTIFICATION_ICONS, NOTIFICATION_TIMEOUT_MS } from '@simvisit/schema';
import { useSyncExternalStore } from 'react';

/** A system notification of spec 000 §2.2, shown at the top right. */
export interface AppNotification {
  id: number;
  title: string;
  content?: string | null;
  /** Shown as a bulleted list under the content (server validation errors, spec 001 §5). */
  items?: readonly string[];
  icon: (typeof NOTIFICATION_ICONS)[number];
  color: (typeof NOTIFICATION_COLORS)[number];
  /** Stays until dismissed instead of leaving after NOTIFICATION_TIMEOUT_MS. */
  showDismiss?: boolean;
}

export type NotificationInput = Omit<AppNotification, 'id'>;

// A module store rather than React state: the API client and route guards notify outside any component.
let notifications: readonly AppNotification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissNotification(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  notifications = notifications.filter((n) => n.id !== id);
  emit();
}

export function notify(input: NotificationInput): number {
  const id = nextId++;
  notifications = [...notifications, { ...input, id }];
  if (!input.showDismiss)
    timers.set(
      id,
      setTimeout(() => dismissNotification(id), NOTIFICATION_TIMEOUT_MS),
    );
  emit();
  return id;
}

/** A red error notification carrying the server's message (spec 000 §8). */
export function notifyError(title: string, content: string | null): number {
  return notify({ title, content, icon: 'error', color: 'red' });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotifications(): readonly AppNotification[] {
  return useSyncExternalStore(subscribe, () => notifications);
}
