import { randomUUID } from 'node:crypto';
import type { NotificationDoc } from '@simvisit/schema';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

export type NewNotification = Pick<NotificationDoc, 'title' | 'content' | 'icon' | 'color' | 'type' | 'payload'>;

/** Columns derived from a notification document (the document itself is stored in `doc`). */
export function notificationColumns(doc: NotificationDoc) {
  return {
    user_id: doc.user_id,
    title: doc.title,
    content: doc.content,
    icon: doc.icon,
    color: doc.color,
    type: doc.type,
    payload: doc.payload === null || doc.payload === undefined ? null : JSON.stringify(doc.payload),
    is_read: doc.is_read,
    is_archived: doc.is_archived,
  };
}

export function createNotificationsRepository(db: Database) {
  return {
    activeOf: (userId: number, limit: number) =>
      db
        .selectFrom('notifications')
        .select('doc')
        .where('user_id', '=', userId)
        .where('is_archived', '=', false)
        .where('_deleted', '=', false)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute(),
    async create(userId: number, n: NewNotification, executor: Database = db): Promise<NotificationDoc> {
      const doc: NotificationDoc = {
        id: randomUUID(),
        write_id: randomUUID(),
        _deleted: false,
        user_id: userId,
        is_read: false,
        is_archived: false,
        created_at: new Date().toISOString(),
        ...n,
      };
      await executor
        .insertInto('notifications')
        .values({ id: doc.id, doc: JSON.stringify(doc), created_at: doc.created_at, ...notificationColumns(doc) })
        .execute();
      return doc;
    },
    /** Soft-deletes one of the user's notifications; false when it is not theirs or already gone. */
    async softDelete(userId: number, id: string): Promise<boolean> {
      const result = await db
        .updateTable('notifications')
        .set({
          _deleted: true,
          doc: sql`doc || jsonb_build_object('_deleted', true, 'write_id', ${randomUUID()}::text)`,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('_deleted', '=', false)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
