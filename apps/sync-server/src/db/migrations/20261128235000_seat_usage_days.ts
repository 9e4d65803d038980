import { type Kysely, sql } from 'kysely';

/**
 * Seat usage day by day (issue 20 item 6, decision 0089): the timed jobs write each partner's seats once a day
 * (the day's row is kept up to date until the day ends), so the session counter can draw usage over time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE seat_usage_days (
    partner_id integer NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
    day date NOT NULL,
    used_seats integer NOT NULL CHECK (used_seats >= 0),
    held_seats integer NOT NULL CHECK (held_seats >= 0),
    seats integer NOT NULL CHECK (seats >= 0),
    PRIMARY KEY (partner_id, day)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS seat_usage_days`.execute(db);
}
