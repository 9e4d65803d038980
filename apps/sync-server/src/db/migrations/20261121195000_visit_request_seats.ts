import { type Kysely, sql } from 'kysely';

/**
 * Partner seats (LOAD-04): a visit request takes one of its partner's seats when it is created, by an atomic
 * `used_seats < seats` update, and gives it back only when it is cancelled or expires before an SP accepted it.
 * `seat_taken` records that this request holds one, so a release never frees a seat that was not taken.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE requests ADD COLUMN seat_taken boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE requests DROP COLUMN IF EXISTS seat_taken`.execute(db);
}
