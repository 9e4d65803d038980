import { ROLE } from '@simvisit/schema';
import { sql } from 'kysely';
import type { Database, Executor } from '../../db/database';
import { deleteEmailedLinks, insertEmailedLink, liveEmailedLinkExists, USER_LINK_PURPOSES } from '../../platform/emailed-links';

/** The rows an unconfirmed learner's account can hold (deleted with it); anything else keeps the account. */
const OWN_ROWS = [
  'user_roles',
  'user_custom_data',
  'notifications',
  'sessions',
  'push_subscriptions',
  'calendar_feeds',
  'mobile_verification_codes',
  'personal_access_tokens',
  'auto_login_tokens',
] as const;

/** A registration whose account waits for its emailed link: whom, and at which partner it holds a seat. */
export interface WaitingRegistration {
  userId: number;
  partnerId: number;
}

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
     * The learner's seat hold, account, unapproved learner role, answers and emailed link, in one transaction.
     * The seat is held first by one guarded UPDATE (used + held < seats in the same statement), so two
     * registrations for the last seat cannot both pass; without a seat nothing is written. A taken email (unique
     * index) rolls the hold back with everything else. `replaces`, an account still waiting for its own link, is
     * removed in the same transaction first (its hold given back), so the new registration never keeps its
     * password or data (issue 21 item 13).
     */
    createLearner: (l: NewLearner & { replaces?: WaitingRegistration[] }) =>
      db.transaction().execute(async (trx) => {
        for (const old of l.replaces ?? []) await removeWaiting(trx, old);
        const seat = await trx
          .updateTable('partners')
          .set((eb) => ({ held_seats: eb('held_seats', '+', 1) }))
          .where('id', '=', l.partnerId)
          .where(sql<boolean>`used_seats + held_seats < seats`)
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
     * learner role at the link's partner is approved, and the seat its registration held becomes a used seat.
     */
    approveLearner: async (ex: Executor, userId: number, partnerId: number, now: Date) => {
      const approved = await ex
        .updateTable('user_roles')
        .set({ is_approved: true, updated_at: now })
        .where('user_id', '=', userId)
        .where('partner_id', '=', partnerId)
        .where('role_id', '=', ROLE.learner)
        .where('is_approved', '=', false)
        .returning('id')
        .executeTakeFirst();
      if (!approved) return;
      // A hold from before the account was approved some other way may be gone: the used seat is counted anyway.
      await ex
        .updateTable('partners')
        .set({ used_seats: sql<number>`used_seats + 1`, held_seats: sql<number>`greatest(held_seats - 1, 0)` })
        .where('id', '=', partnerId)
        .execute();
    },

    /**
     * Registrations of an account that still waits for its emailed link: an unapproved learner role at a partner
     * where the account has a registration link never spent, no approved role anywhere and no super admin flag.
     * With `expiredBy`, only those none of whose registration links can still be followed at that moment.
     */
    waiting: (o: { userId?: number; expiredBy?: Date; limit: number }) => {
      let q = db
        .selectFrom('user_roles as ur')
        .innerJoin('users', 'users.id', 'ur.user_id')
        .select(['ur.user_id as userId', 'ur.partner_id as partnerId'])
        .where('ur.role_id', '=', ROLE.learner)
        .where('ur.is_approved', '=', false)
        .where('users.super_admin', '=', false)
        .where(({ and, exists, not, selectFrom }) =>
          and([
            exists(
              selectFrom('emailed_links as l')
                .select('l.id')
                .where('l.purpose', '=', 'registration_confirmation')
                .whereRef('l.subject_id', '=', 'ur.user_id')
                .whereRef('l.partner_id', '=', 'ur.partner_id')
                .where('l.spent_at', 'is', null),
            ),
            not(
              exists(
                selectFrom('user_roles as ok').select('ok.id').whereRef('ok.user_id', '=', 'ur.user_id').where('ok.is_approved', '=', true),
              ),
            ),
          ]),
        );
      if (o.userId !== undefined) q = q.where('ur.user_id', '=', o.userId);
      if (o.expiredBy) q = q.where(sql<boolean>`not ${liveEmailedLinkExists('registration_confirmation', 'ur.user_id', o.expiredBy)}`);
      return q.orderBy('ur.user_id').limit(o.limit).execute();
    },

    /**
     * Gives a waiting registration's seat back and removes its account, in one transaction that checks it still
     * waits. An account that holds rows elsewhere (the foreign keys refuse) keeps its account but loses the
     * registration: its learner role and links go, so nothing holds the seat any more. True when it was removed.
     */
    removeWaiting: (w: WaitingRegistration) =>
      db.transaction().execute(async (trx) => {
        const still = await trx
          .selectFrom('user_roles')
          .select('id')
          .where('user_id', '=', w.userId)
          .where('partner_id', '=', w.partnerId)
          .where('role_id', '=', ROLE.learner)
          .where('is_approved', '=', false)
          // Locked: a second runner (another server process) waits here, then finds the role gone and gives the
          // seat back no second time; a confirmation committed meanwhile is seen too (decision 0094).
          .forUpdate()
          .executeTakeFirst();
        if (!still) return false;
        await removeWaiting(trx, w);
        return true;
      }),
  };
}

/**
 * Gives the hold back and deletes the account with what registering left; when another row still points at the
 * account, only the registration (role, answers, links) is undone, inside a savepoint so the hold stays given back.
 */
async function removeWaiting(trx: Executor, w: WaitingRegistration): Promise<void> {
  await trx.updateTable('partners').set({ held_seats: sql<number>`greatest(held_seats - 1, 0)` }).where('id', '=', w.partnerId).execute();
  await deleteEmailedLinks(trx, USER_LINK_PURPOSES, w.userId);
  await sql`savepoint remove_account`.execute(trx);
  try {
    for (const table of OWN_ROWS) await trx.deleteFrom(table).where('user_id', '=', w.userId).execute();
    await trx.deleteFrom('users').where('id', '=', w.userId).execute();
    await sql`release savepoint remove_account`.execute(trx);
  } catch (err) {
    // 23503: a foreign key still points at the account; anything else is a real failure.
    if ((err as { code?: string }).code !== '23503') throw err;
    await sql`rollback to savepoint remove_account`.execute(trx);
    await trx
      .deleteFrom('user_roles')
      .where('user_id', '=', w.userId)
      .where('partner_id', '=', w.partnerId)
      .where('role_id', '=', ROLE.learner)
      .where('is_approved', '=', false)
      .execute();
    await trx.deleteFrom('user_custom_data').where('user_id', '=', w.userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', w.userId).execute();
  }
}
export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
