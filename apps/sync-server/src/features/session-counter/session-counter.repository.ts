import { ROLE } from '@simvisit/schema';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** The SQL of the session counter: who administers which partner (client_admin_partners). */
export function createSessionCounterRepository(db: Database) {
  return {
    /** The partners a user administers as client admin (the same rows the visit reports scope by, AUTHZ-12). */
    async administeredBy(userId: number): Promise<number[]> {
      const rows = await db.selectFrom('client_admin_partners').select('partner_id').where('user_id', '=', userId).execute();
      return rows.map((r) => r.partner_id);
    },
    /**
     * The client administrators of the partners listed: administering the partner and holding the approved client
     * admin role there, not deleted. Ordered by name for the modal.
     */
    clientAdminsOf(partnerIds: readonly number[]) {
      if (partnerIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .innerJoin('client_admin_partners as cap', 'cap.user_id', 'users.id')
        .innerJoin('user_roles as ur', (join) => join.onRef('ur.user_id', '=', 'users.id').onRef('ur.partner_id', '=', 'cap.partner_id'))
        .select(['cap.partner_id', 'users.id', 'users.first_name', 'users.last_name', 'users.email'])
        .where('cap.partner_id', 'in', [...partnerIds])
        .where('ur.role_id', '=', ROLE.client_admin)
        .where('ur.is_approved', '=', true)
        .where('users.deleted_at', 'is', null)
        .distinct()
        .orderBy('users.last_name')
        .orderBy('users.first_name')
        .orderBy('users.id')
        .execute();
    },
    /**
     * Today's reading of every partner with seats, in one statement: a second run the same day replaces the
     * reading, so a day keeps its last one. Answers how many partners were read.
     */
    async recordDay(day: string): Promise<number> {
      const result = await sql`
        INSERT INTO seat_usage_days (partner_id, day, used_seats, held_seats, seats)
        SELECT id, ${day}::date, used_seats, held_seats, seats FROM partners WHERE seats > 0
        ON CONFLICT (partner_id, day) DO UPDATE
          SET used_seats = excluded.used_seats, held_seats = excluded.held_seats, seats = excluded.seats`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
    /** The readings of these partners from `fromDay` on, oldest first. */
    historyOf(partnerIds: readonly number[], fromDay: string) {
      if (partnerIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('seat_usage_days')
        .select(['partner_id', 'day', 'used_seats', 'held_seats', 'seats'])
        .where('partner_id', 'in', [...partnerIds])
        .where('day', '>=', fromDay)
        .orderBy('partner_id')
        .orderBy('day')
        .execute();
    },
  };
}
export type SessionCounterRepository = ReturnType<typeof createSessionCounterRepository>;
