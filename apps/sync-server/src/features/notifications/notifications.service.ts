import { MSG, type NotificationDoc, type StoredNotification } from '@simvisit/schema';
import { notFound } from '../../http/errors';
import type { NewNotification, NotificationsRepository } from './notifications.repository';

function toStored(doc: NotificationDoc): StoredNotification {
  const { write_id: _w, _deleted: _d, user_id: _u, ...stored } = doc;
  return stored;
}

export function createNotificationsService(repo: NotificationsRepository) {
  return {
    /** The user's notifications that are neither archived nor deleted, newest first. */
    async activeOf(userId: number): Promise<StoredNotification[]> {
      const rows = await repo.activeOf(userId, 50);
      return rows.map((r) => toStored(r.doc as NotificationDoc));
    },
    create: (userId: number, n: NewNotification) => repo.create(userId, n),
    /** POST api/notifications/delete: only the owner's own; anyone else's is 404 (AUTHZ-13). */
    async delete(userId: number, id: string): Promise<void> {
      if (!(await repo.softDelete(userId, id))) throw notFound(MSG.notFound);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
