import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { SessionsTable, UserRow } from '../../db/types';

export type SessionRecord = Selectable<SessionsTable>;

export function createSessionsRepository(db: Database) {
  return {
    find: (id: string) => db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst(),
    findMany: (ids: string[]) => db.selectFrom('sessions').selectAll().where('id', 'in', ids).execute(),
    /** The session and its (not deleted) user in one round trip: every signed-in call starts with it (issue 23). */
    async findWithUser(id: string): Promise<{ session: SessionRecord; user: UserRow | null } | undefined> {
      const row = await db
        .selectFrom('sessions')
        .leftJoin('users', (join) => join.onRef('users.id', '=', 'sessions.user_id').on('users.deleted_at', 'is', null))
        .selectAll('users')
        .select([
          'sessions.id as session_id',
          'sessions.user_id as session_user_id',
          'sessions.partner_id as session_partner_id',
          'sessions.csrf_token as session_csrf_token',
          'sessions.ip as session_ip',
          'sessions.user_agent as session_user_agent',
          'sessions.created_at as session_created_at',
          'sessions.last_seen_at as session_last_seen_at',
          'sessions.expires_at as session_expires_at',
        ])
        .where('sessions.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const {
        session_id,
        session_user_id,
        session_partner_id,
        session_csrf_token,
        session_ip,
        session_user_agent,
        session_created_at,
        session_last_seen_at,
        session_expires_at,
        ...user
      } = row;
      const session: SessionRecord = {
        id: session_id,
        user_id: session_user_id,
        partner_id: session_partner_id,
        csrf_token: session_csrf_token,
        ip: session_ip,
        user_agent: session_user_agent,
        created_at: session_created_at,
        last_seen_at: session_last_seen_at,
        expires_at: session_expires_at,
      };
      return { session, user: user.id === null ? null : (user as UserRow) };
    },
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
