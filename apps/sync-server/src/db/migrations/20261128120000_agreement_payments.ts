import { type Kysely, sql } from 'kysely';

/**
 * Card payments of agreements (issue 19, decision 0072): at most one live attempt per agreement. Two tabs paying
 * the same agreement with different idempotency keys meet here: the second insert is refused and the service
 * continues with the first attempt (whose provider idempotency key is derived from its id), so an agreement is
 * charged once (PAY-08). A failed or canceled attempt is not live, so paying again after a decline works.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX payments_one_live_per_quote ON payments (quote_id)
    WHERE quote_id IS NOT NULL AND status IN ('pending', 'requires_action', 'processing', 'succeeded')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS payments_one_live_per_quote`.execute(db);
}
