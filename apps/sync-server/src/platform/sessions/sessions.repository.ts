import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { SessionsTable } from '../../db/types';

export type SessionRecord = Selectable<SessionsTable>;

export function createSessionsRepository(db: Database) {
  return {
    find: (id: string) => db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst(),
    findMany: (ids: string[]) => db.selectFrom('sessions').selectAll().where('id', 'in', ids).execute(),
    insert: (row: Insertable<SessionsTable>) => db.insertInto('sessions').values(row).returningAll().executeTakeFirstOrThrow(),
    touch: (id: string, at: Date) => db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute(),
    setPartner: (id: string, partnerId: number) => db.updateTable('sessions').set({ partner_id: partnerId }).where('id', '=', id).execute(),
    delete: (id: string) => db.deleteFrom('sessions').where('id', '=', id).execute(),
    deleteForUser: (userId: number) => db.deleteFrom('sessions').where('user_id', '=', userId).execute(),
    deleteOthersOfUser: (userId: number, keepId: string) =>
      db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).execute(),
    deleteExpired: (now: Date) => db.deleteFrom('sessions').where('expires_at', '<', now).execute(),
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
