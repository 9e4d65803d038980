import type { AvailabilityDoc, Weekday } from '@simvisit/schema';
import type { Database } from '../../db/database';
import { timeZoneOf } from '../users';

export function createAvailabilityRepository(db: Database) {
  return {
    /** The user's live availability documents, by weekday and start. */
    async ofUser(userId: number): Promise<AvailabilityDoc[]> {
      const rows = await db
        .selectFrom('availabilities')
        .select('doc')
        .where('user_id', '=', userId)
        .where('_deleted', '=', false)
        .orderBy('start_time')
        .execute();
      return rows.map((r) => r.doc as AvailabilityDoc);
    },
    async one(userId: number, id: string): Promise<AvailabilityDoc | null> {
      const row = await db
        .selectFrom('availabilities')
        .select('doc')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('_deleted', '=', false)
        .executeTakeFirst();
      return (row?.doc as AvailabilityDoc | undefined) ?? null;
    },
    async ofDay(userId: number, day: Weekday): Promise<AvailabilityDoc[]> {
      const rows = await db
        .selectFrom('availabilities')
        .select('doc')
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .where('_deleted', '=', false)
        .execute();
      return rows.map((r) => r.doc as AvailabilityDoc);
    },
    timezoneOf: (userId: number) => timeZoneOf(db, userId),
  };
}
export type AvailabilityRepository = ReturnType<typeof createAvailabilityRepository>;
