import { type Kysely, sql } from 'kysely';

/**
 * Mobile verification codes (spec 002 §2.4; SMS-01). One live code per user, bound to the number it was sent
 * to; only a salted hash of the code is stored. `attempts` counts wrong tries (at most 5: the row then stays
 * as a spent code until a new one is requested); a code is deleted once used.
 */
const statements = [
  `CREATE TABLE mobile_verification_codes (
    user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    mobile_number text NOT NULL,
    code_hash text NOT NULL,
    salt text NOT NULL,
    attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0 AND attempts <= 5),
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS mobile_verification_codes`.execute(db);
}
