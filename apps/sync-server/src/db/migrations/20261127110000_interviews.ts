import { type Kysely, sql } from 'kysely';

/**
 * Interviews as sessions (spec 001 §4, decision 0048): the meeting id the first joiner stores (as visits do), when
 * and by whom one was cancelled or completed; and an index for a partner's open interview requests.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE interviews
    ADD COLUMN meeting_id text,
    ADD COLUMN completed_at timestamptz,
    ADD COLUMN canceled_at timestamptz,
    ADD COLUMN canceled_by_user_id integer REFERENCES users(id)`.execute(db);
  await sql`CREATE INDEX interviews_application_idx ON interviews (application_id)`.execute(db);
  await sql`CREATE INDEX requests_application_idx ON requests (application_id) WHERE application_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS requests_application_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS interviews_application_idx`.execute(db);
  await sql`ALTER TABLE interviews DROP COLUMN IF EXISTS meeting_id, DROP COLUMN IF EXISTS completed_at,
    DROP COLUMN IF EXISTS canceled_at, DROP COLUMN IF EXISTS canceled_by_user_id`.execute(db);
}
