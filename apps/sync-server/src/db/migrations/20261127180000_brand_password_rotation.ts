import { type Kysely, sql } from 'kysely';

/**
 * Brand passcode rotation (spec 002 §9; issue 13 item 6; docs/decisions/0059): when a partner's passcode last
 * changed, by a super admin's save or by the rotation job. The job rotates by compare and swap on this column,
 * so two runners at once rotate a passcode once. Passcodes that exist already count from now, so turning this
 * on rotates nothing at deploy time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE partners ADD COLUMN password_rotated_at timestamptz`.execute(db);
  await sql`UPDATE partners SET password_rotated_at = date_trunc('milliseconds', now()) WHERE password IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE partners DROP COLUMN password_rotated_at`.execute(db);
}
