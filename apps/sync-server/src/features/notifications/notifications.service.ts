import { MSG, type NotificationDoc, type StoredNotification, safeNotificationLink } from '@simvisit/schema';
import { notFound } from '../../http/errors';
import type { PushService } from '../push';
import type { NewNotification, NotificationsRepository } from './notifications.repository';

function toStored(doc: NotificationDoc): StoredNotification {
  const { write_id: _w, _deleted: _d, user_id: _u, ...stored } = doc;
  return stored;
}

/** Notifications are stored (and replicate); users who turned push on also get them as Web Push. */
export function createNotificationsService(repo: NotificationsRepository, push: PushService) {
  return {
    /** The user's notifications that are neither archived nor deleted, newest first. */
    async activeOf(userId: number): Promise<StoredNotification[]> {
      const rows = await repo.activeOf(userId, 50);
      return rows.map((r) => toStored(r.doc as NotificationDoc));
    },
    async create(userId: number, n: NewNotification) {
      const doc = await repo.create(userId, n);
      const url = safeNotificationLink((n.payload as { link?: unknown } | null)?.link);
      push.sendTo(userId, { title: n.title, body: n.content, url }).catch((err) => console.error('[push]', err));
      return doc;
    },
    /** POST api/notifications/delete: only the owner's own; anyone else's is 404 (AUTHZ-13). */
    async delete(userId: number, id: string): Promise<void> {
      if (!(await repo.softDelete(userId, id))) throw notFound(MSG.notFound);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
