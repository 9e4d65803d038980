import { type Kysely, sql } from 'kysely';

/**
 * Seats held by registrations that wait for their emailed link (issue 21 item 2, decision 0080).
 *
 * - `partners.held_seats`: seats a registration holds while its confirmation link can still be followed. A
 *   registration takes a hold (used + held < seats, in one guarded UPDATE); confirming turns the hold into a used
 *   seat; the timed jobs give it back when the link expired (and remove the account that never confirmed).
 * - Registrations already waiting when this runs took a used seat: those seats become holds, so the jobs give
 *   them back too once their link has expired.
 */
const statements = [
  `ALTER TABLE partners ADD COLUMN held_seats integer NOT NULL DEFAULT 0`,
  `ALTER TABLE partners ADD CONSTRAINT partners_held_seats_not_negative CHECK (held_seats >= 0)`,
  `WITH waiting AS (
     SELECT ur.partner_id, count(*)::int AS n
       FROM user_roles ur
      WHERE ur.role_id = 1 AND ur.is_approved = false
        AND EXISTS (SELECT 1 FROM emailed_links l
                     WHERE l.purpose = 'registration_confirmation' AND l.subject_id = ur.user_id
                       AND l.partner_id = ur.partner_id AND l.spent_at IS NULL)
      GROUP BY ur.partner_id
   )
   UPDATE partners p
      SET held_seats = least(w.n, p.used_seats), used_seats = p.used_seats - least(w.n, p.used_seats)
     FROM waiting w
    WHERE w.partner_id = p.id`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE partners SET used_seats = used_seats + held_seats`.execute(db);
  await sql`ALTER TABLE partners DROP COLUMN IF EXISTS held_seats`.execute(db);
}
