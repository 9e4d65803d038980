import { sql } from 'kysely';
import type { Database } from '../../db/database';

const SEAT_COLUMNS = ['id', 'long_name', 'short_name', 'slug', 'seats', 'used_seats', 'held_seats'] as const;
const DATE_COLUMNS = [
  'id',
  'long_name',
  'short_name',
  'slug',
  'start_date',
  'end_date',
  'disabled_start_date',
  'disabled_end_date',
] as const;

/** The SQL of seat totals and scheduling dates (the partners table's own columns). */
export function createPartnerCapacityRepository(db: Database) {
  const setDates = (id: number, values: Record<string, string | null>) =>
    db
      .updateTable('partners')
      .set({ ...values, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returning([...DATE_COLUMNS])
      .executeTakeFirst();

  return {
    exists: async (id: number) => (await db.selectFrom('partners').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
    seatsOf: (id: number) =>
      db
        .selectFrom('partners')
        .select([...SEAT_COLUMNS])
        .where('id', '=', id)
        .executeTakeFirst(),
    /** Seat totals and used seats of partners that have seats: all of them (null) or those listed. */
    seatsOfMany: (ids: readonly number[] | null) => {
      let q = db
        .selectFrom('partners')
        .select([...SEAT_COLUMNS])
        .where('seats', '>', 0);
      if (ids !== null) q = q.where('id', 'in', ids.length > 0 ? [...ids] : [-1]);
      return q.orderBy('id').execute();
    },
    /**
     * Raises the total in one statement: the condition is read again on the row as it is when the UPDATE takes
     * its lock, so a lower total sent at the same time as a higher one cannot undo it (answers undefined then).
     */
    raiseSeats: (id: number, seats: number) =>
      db
        .updateTable('partners')
        .set({ seats, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('seats', '<=', seats)
        .returning([...SEAT_COLUMNS])
        .executeTakeFirst(),
    datesOfAll: () =>
      db
        .selectFrom('partners')
        .select([...DATE_COLUMNS])
        .orderBy('long_name')
        .orderBy('id')
        .execute(),
    datesOf: (id: number) =>
      db
        .selectFrom('partners')
        .select([...DATE_COLUMNS])
        .where('id', '=', id)
        .executeTakeFirst(),
    setDates: (id: number, start: string | null, end: string | null) => setDates(id, { start_date: start, end_date: end }),
    setDisabledDates: (id: number, start: string | null, end: string | null) =>
      setDates(id, { disabled_start_date: start, disabled_end_date: end }),
  };
}
export type PartnerCapacityRepository = ReturnType<typeof createPartnerCapacityRepository>;
export type PartnerDatesDbRow = NonNullable<Awaited<ReturnType<PartnerCapacityRepository['datesOf']>>>;
