import { NOTIFICATION_OWNER_FIELDS, type NotificationDoc, REPLICATED } from '@simvisit/schema';
import { sql } from 'kysely';
import { ForbiddenWrite, ownerAudience, type SyncCollection } from '../../sync/sync-collection';
import { notificationColumns } from './notifications.repository';

const ownerFields = new Set<string>(NOTIFICATION_OWNER_FIELDS);

function sameExceptOwnerFields(stored: NotificationDoc, incoming: NotificationDoc): boolean {
  const keys = new Set([...Object.keys(stored), ...Object.keys(incoming)]);
  for (const key of keys) {
    if (ownerFields.has(key)) continue;
    const a = (stored as Record<string, unknown>)[key];
    const b = (incoming as Record<string, unknown>)[key];
    if (JSON.stringify(a ?? null) !== JSON.stringify(b ?? null)) return false;
  }
  return true;
}

/** Notifications replicate to their owner, who may mark them read or archived, or delete them. */
export const notificationsCollection: SyncCollection<NotificationDoc> = {
  // name, document schema and access: the shared descriptor, which the PWA's store opens too
  name: REPLICATED.notifications.name,
  table: 'notifications',
  schema: REPLICATED.notifications.schema,
  access: REPLICATED.notifications.access,
  scope: (actor) => sql<boolean>`user_id = ${actor.user.id}`,
  audience: ownerAudience('notifications'),
  authorizeWrite(actor, stored, incoming) {
    if (!stored) throw new ForbiddenWrite('Notifications are written by the server.');
    if (stored.user_id !== actor.user.id) throw new ForbiddenWrite('This notification belongs to another user.');
    if (!sameExceptOwnerFields(stored, incoming)) {
      throw new ForbiddenWrite('Only is_read, is_archived and deletion can be changed.');
    }
  },
  columns: notificationColumns,
};
