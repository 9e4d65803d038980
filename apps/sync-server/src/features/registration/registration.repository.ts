import { ROLE } from '@simvisit/schema';
import type { Database } from '../../db/database';

export interface NewLearner {
  partnerId: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  customValues: { fieldId: number; value: string | null }[];
  confirmation: { tokenHash: string; expiresAt: Date };
  now: Date;
}

export function createRegistrationRepository(db: Database) {
  return {
    /**
     * The learner's seat, account, unapproved learner role, answers and emailed link, in one transaction. The
     * seat is taken first by one guarded UPDATE (used_seats < seats in the same statement), so two registrations
     * for the last seat cannot both pass; without a seat nothing is written. A taken email (unique index) rolls
     * the seat back with everything else.
     */
    createLearner: (l: NewLearner) =>
      db.transaction().execute(async (trx) => {
        const seat = await trx
          .updateTable('partners')
          .set((eb) => ({ used_seats: eb('used_seats', '+', 1) }))
          .where('id', '=', l.partnerId)
          .whereRef('used_seats', '<', 'seats')
          .returning('id')
          .executeTakeFirst();
        if (!seat) return { ok: false as const };
        const user = await trx
          .insertInto('users')
          .values({
            email: l.email,
            password: l.passwordHash,
            first_name: l.firstName,
            last_name: l.lastName,
            created_at: l.now,
            updated_at: l.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('user_roles')
          .values({
            user_id: user.id,
            role_id: ROLE.learner,
            partner_id: l.partnerId,
            is_approved: false,
            created_at: l.now,
            updated_at: l.now,
          })
          .execute();
        const custom = l.customValues.filter((c) => c.value !== null);
        if (custom.length > 0) {
          await trx
            .insertInto('user_custom_data')
            .values(custom.map((c) => ({ user_id: user.id, registration_field_id: c.fieldId, field_value: c.value })))
            .execute();
        }
        await trx
          .insertInto('registration_confirmations')
          .values({
            user_id: user.id,
            partner_id: l.partnerId,
            token_hash: l.confirmation.tokenHash,
            expires_at: l.confirmation.expiresAt,
            created_at: l.now,
          })
          .execute();
        return { ok: true as const, userId: user.id };
      }),

    /** The partner of a user's registration still waiting for its email's confirmation, if any. */
    unconfirmedAt: (userId: number, partnerId: number) =>
      db
        .selectFrom('user_roles')
        .select('user_roles.id')
        .where('user_id', '=', userId)
        .where('partner_id', '=', partnerId)
        .where('role_id', '=', ROLE.learner)
        .where('is_approved', '=', false)
        .where((eb) => eb.exists(eb.selectFrom('registration_confirmations').select('id').where('user_id', '=', userId)))
        .executeTakeFirst(),

    /**
     * The partner of the user's registration still waiting for its link: an unapproved learner role with a link
     * for that partner never spent (expired ones count: a new link is what the learner asks for then).
     */
    pendingOf: (userId: number) =>
      db
        .selectFrom('registration_confirmations as rc')
        .innerJoin('user_roles as ur', (j) => j.onRef('ur.user_id', '=', 'rc.user_id').onRef('ur.partner_id', '=', 'rc.partner_id'))
        .select('rc.partner_id')
        .where('rc.user_id', '=', userId)
        .where('rc.used_at', 'is', null)
        .where('ur.role_id', '=', ROLE.learner)
        .where('ur.is_approved', '=', false)
        .orderBy('rc.id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    addConfirmation: (userId: number, partnerId: number, tokenHash: string, expiresAt: Date, now: Date) =>
      db
        .insertInto('registration_confirmations')
        .values({ user_id: userId, partner_id: partnerId, token_hash: tokenHash, expires_at: expiresAt, created_at: now })
        .execute(),

    /**
     * Spends a live link: the learner role at its partner is approved and every link of that user is used up,
     * so no older one works either. Answers the user and partner, or nothing for a dead or unknown link.
     */
    confirm: (tokenHash: string, now: Date) =>
      db.transaction().execute(async (trx) => {
        const link = await trx
          .selectFrom('registration_confirmations')
          .select(['id', 'user_id', 'partner_id'])
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .forUpdate()
          .executeTakeFirst();
        if (!link) return null;
        await trx
          .updateTable('registration_confirmations')
          .set({ used_at: now })
          .where('user_id', '=', link.user_id)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .updateTable('user_roles')
          .set({ is_approved: true, updated_at: now })
          .where('user_id', '=', link.user_id)
          .where('partner_id', '=', link.partner_id)
          .where('role_id', '=', ROLE.learner)
          .execute();
        return { userId: link.user_id, partnerId: link.partner_id };
      }),
  };
}
export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
