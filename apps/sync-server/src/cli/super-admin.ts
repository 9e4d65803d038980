import { randomInt } from 'node:crypto';
import { newPasswordSchema, ROLE, requiredEmail } from '@simvisit/schema';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { insertAuditEntry } from '../platform/audit';
import { hashPassword } from '../platform/passwords';

/** The main brand every deployment has (DESIGN.md §2: the partner of a login without subdomain or slug). */
const MAIN_PARTNER_SLUG = 'sp';
/** Letters and digits a person can read back without confusing 0/O or 1/l. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const GENERATED_LENGTH = 20;

export class CreateAdminError extends Error {}

/** A password of 20 characters from a 56-letter alphabet (about 116 bits), for the operator to copy once. */
export function generatePassword(): string {
  let out = '';
  for (let i = 0; i < GENERATED_LENGTH; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/**
 * Creates a super admin (with the admin role at the main brand), creating the main brand first when the
 * database is empty, as a production deployment starts (decision 0032). Refuses an email that exists and a
 * password the sign-up rules would refuse, with their words.
 */
export async function createSuperAdmin(
  db: Database,
  input: { email: string; password: string; productName: string },
): Promise<{ userId: number; partnerId: number; createdPartner: boolean }> {
  const email = requiredEmail().safeParse(input.email.trim().toLowerCase());
  if (!email.success) throw new CreateAdminError(email.error.issues[0]?.message ?? 'The email must be a valid email address.');
  const password = newPasswordSchema.safeParse(input.password);
  if (!password.success) throw new CreateAdminError(password.error.issues[0]?.message ?? 'The password is not allowed.');
  const hash = await hashPassword(password.data);

  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.data).executeTakeFirst();
    if (taken) throw new CreateAdminError(`A user with the email ${email.data} already exists.`);
    let partner = await trx.selectFrom('partners').select('id').where('slug', '=', MAIN_PARTNER_SLUG).executeTakeFirst();
    const createdPartner = !partner;
    if (!partner) {
      partner = await trx
        .insertInto('partners')
        .values({ slug: MAIN_PARTNER_SLUG, short_name: input.productName, long_name: input.productName })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    const user = await trx
      .insertInto('users')
      .values({ email: email.data, password: hash, super_admin: true, first_name: 'Super', last_name: 'Admin' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_roles')
      .values({ user_id: user.id, role_id: ROLE.admin, partner_id: partner.id, is_approved: true })
      .execute();
    await insertAuditEntry(trx, {
      action: 'user.super_admin_created',
      target_type: 'user',
      target_id: user.id,
      partner_id: partner.id,
      details: { via: 'create-admin command', created_partner: createdPartner },
    });
    return { userId: user.id, partnerId: partner.id, createdPartner };
  });
}
