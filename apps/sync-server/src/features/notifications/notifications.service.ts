import { NOTIFICATION_COLORS, NOTIFICATION_ICONS, NOTIFICATION_TYPES, type StoredNotification } from '@simvisit/schema';
import type { NotificationsRepository } from './notifications.repository';

function oneOf<T extends string>(list: readonly T[], value: string, fallback: T): T {
  return (list as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function createNotificationsService(repo: NotificationsRepository) {
  return {
    /** The user's notifications that are not archived, newest first. */
    async activeOf(userId: number): Promise<StoredNotification[]> {
      const rows = await repo.activeOf(userId, 50);
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        content: r.content,
        icon: oneOf(NOTIFICATION_ICONS, r.icon, 'none'),
        color: oneOf(NOTIFICATION_COLORS, r.color, 'white'),
        type: oneOf(NOTIFICATION_TYPES, r.type, 'dismiss'),
        payload: r.payload ?? null,
        is_read: r.is_read,
        is_archived: r.is_archived,
        created_at: r.created_at.toISOString(),
      }));
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
