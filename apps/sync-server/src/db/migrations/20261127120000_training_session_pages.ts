import { type Kysely, sql } from 'kysely';

/**
 * Training session pages, calls and joining (issue 12 items 5, 7, 8; spec 001 §2, §4, §7; docs/decisions/0049):
 * what the minimal tables of 20261121200000_training_sessions lacked.
 * - the meeting (its provider id once somebody joined, a recording link put there by a webhook or an admin),
 * - when and by whom the session was completed or canceled, and when it last changed,
 * - the sequence of its calendar invites (iTIP: each update of the same UID carries a higher SEQUENCE).
 */
const statements = [
  `ALTER TABLE training_sessions
    ADD COLUMN meeting_id text,
    ADD COLUMN recording_url text,
    ADD COLUMN completed_at timestamptz,
    ADD COLUMN canceled_at timestamptz,
    ADD COLUMN canceled_by_user_id integer REFERENCES users(id),
    ADD COLUMN invite_sequence integer NOT NULL DEFAULT 0,
    ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  `CREATE INDEX training_sessions_scenario ON training_sessions (scenario_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS training_sessions_scenario`.execute(db);
  await sql
    .raw(
      `ALTER TABLE training_sessions DROP COLUMN IF EXISTS meeting_id, DROP COLUMN IF EXISTS recording_url,
       DROP COLUMN IF EXISTS completed_at, DROP COLUMN IF EXISTS canceled_at, DROP COLUMN IF EXISTS canceled_by_user_id,
       DROP COLUMN IF EXISTS invite_sequence, DROP COLUMN IF EXISTS updated_at`,
    )
    .execute(db);
}
