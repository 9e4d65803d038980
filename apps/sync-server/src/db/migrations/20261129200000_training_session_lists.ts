import { type Kysely, sql } from 'kysely';

/**
 * The training session lists of every partner (a super admin's dashboard) by an index (issue 23 item 2,
 * docs/decisions/0092 'Later'): at 1,000,000 visits the completed list read and sorted all 5,000 sessions to show ten.
 * With the group and the start in one index the newest ten of a group are its last ten entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX training_sessions_by_group ON training_sessions (is_canceled, is_complete, start_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS training_sessions_by_group`.execute(db);
}
