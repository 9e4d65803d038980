import { ROLE } from '@simvisit/schema';
import type { Database, Executor } from '../../db/database';
import { insertEmailedLink } from '../../platform/emailed-links';

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
        await insertEmailedLink(trx, {
          purpose: 'registration_confirmation',
          subjectId: user.id,
          partnerId: l.partnerId,
          tokenHash: l.confirmation.tokenHash,
          expiresAt: l.confirmation.expiresAt,
          createdAt: l.now,
        });
        return { ok: true as const, userId: user.id };
      }),

    /** Whether the user's learner role at this partner still waits for approval (its emailed link). */
    unapprovedLearnerAt: (userId: number, partnerId: number) =>
      db
        .selectFrom('user_roles')
        .select('id')
        .where('user_id', '=', userId)
        .where('partner_id', '=', partnerId)
        .where('role_id', '=', ROLE.learner)
        .where('is_approved', '=', false)
        .executeTakeFirst(),

    /**
     * What confirming the email does, inside the transaction that spends the link (platform/emailed-links): the
     * learner role at the link's partner is approved.
     */
    approveLearner: async (ex: Executor, userId: number, partnerId: number, now: Date) => {
      await ex
        .updateTable('user_roles')
        .set({ is_approved: true, updated_at: now })
        .where('user_id', '=', userId)
        .where('partner_id', '=', partnerId)
        .where('role_id', '=', ROLE.learner)
        .execute();
    },
  };
}
export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
