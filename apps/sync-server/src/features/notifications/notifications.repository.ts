import type { Database } from '../../db/database';

export function createNotificationsRepository(db: Database) {
  return {
    activeOf: (userId: number, limit: number) =>
      db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('is_archived', '=', false)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
