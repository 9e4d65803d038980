import { randomUUID } from 'node:crypto';
import { ROLE } from '@simvisit/schema';
import type { Database, Executor } from '../../db/database';
import { deleteEmailedLinks, liveEmailedLinkExists, USER_LINK_PURPOSES } from '../../platform/emailed-links';
import { insertApplicantAccount } from './applicant-account';

/** The rows an applicant's account holds from applying, signing in and its profile (deleted with it). */
const OWN_ROWS = [
  'user_roles',
  'availabilities',
  'user_custom_data',
  'notifications',
  'sessions',
  'push_subscriptions',
  'calendar_feeds',
  'mobile_verification_codes',
  'personal_access_tokens',
  'auto_login_tokens',
] as const;

export interface NewApplicant {
  partnerId: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  experience: string;
  timezone: { id: number; zone: string };
  resumePath: string;
  headshotPath: string;
  /** role ids applied for (application_roles) */
  roleIds: number[];
  /** the same roles as unapproved grants, where they would be held (the Simclusive Author at partner 28) */
  grants: { roleId: number; partnerId: number }[];
  availabilities: { day: string; start_time: string; end_time: string }[];
  customValues: { fieldId: number; value: string | null }[];
  /** the emailed link (platform/emailed-links), stored with the account (insertApplicantAccount) */
  confirmation: { tokenHash: string; expiresAt: Date };
  now: Date;
}

export function createApplyingRepository(db: Database) {
  /** Accounts that applied and never confirmed the email: every application unconfirmed, no other approved role. */
  const unconfirmedAccounts = () =>
    db
      .selectFrom('users')
      .select(['users.id', 'users.email', 'users.resume_path', 'users.headshot_path', 'users.image'])
      .where('users.super_admin', '=', false)
      .where(({ and, exists, not, selectFrom }) =>
        and([
          exists(selectFrom('applications').select('id').whereRef('user_id', '=', 'users.id').where('status', '=', 'unconfirmed')),
          not(exists(selectFrom('applications').select('id').whereRef('user_id', '=', 'users.id').where('status', '!=', 'unconfirmed'))),
          not(
            exists(
              selectFrom('user_roles')
                .select('user_id')
                .whereRef('user_id', '=', 'users.id')
                .where('is_approved', '=', true)
                .where('role_id', '!=', ROLE.applicant),
            ),
          ),
        ]),
      );

  return {
    timezone: (id: number) => db.selectFrom('timezones').select(['id', 'short_name']).where('id', '=', id).executeTakeFirst(),

    /** The account, its applicant role, the unconfirmed application and its link, in one transaction. */
    createApplicant: (a: NewApplicant) =>
      db.transaction().execute(async (trx) => {
        const userId = await insertApplicantAccount(trx, {
          partnerId: a.partnerId,
          email: a.email,
          passwordHash: a.passwordHash,
          firstName: a.firstName,
          lastName: a.lastName,
          user: {
            experience: a.experience,
            timezone_id: a.timezone.id,
            resume_path: a.resumePath,
            headshot_path: a.headshotPath,
          },
          confirmation: a.confirmation,
          now: a.now,
        });
        const user = { id: userId };
        if (a.grants.length > 0) {
          await trx
            .insertInto('user_roles')
            .values(
              a.grants.map((g) => ({
                user_id: user.id,
                role_id: g.roleId,
                partner_id: g.partnerId,
                is_approved: false,
                created_at: a.now,
                updated_at: a.now,
              })),
            )
            .execute();
        }
        const application = await trx
          .insertInto('applications')
          .values({ user_id: user.id, partner_id: a.partnerId, status: 'unconfirmed', note: null, created_at: a.now, updated_at: a.now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('application_roles')
          .values(a.roleIds.map((role_id) => ({ application_id: application.id, role_id })))
          .execute();
        if (a.availabilities.length > 0) {
          await trx
            .insertInto('availabilities')
            .values(
              a.availabilities.map((w) => {
                const id = randomUUID();
                const doc = {
                  id,
                  write_id: randomUUID(),
                  _deleted: false,
                  user_id: user.id,
                  ...w,
                  timezone: a.timezone.zone,
                  updated_at: a.now.toISOString(),
                };
                return {
                  id,
                  user_id: user.id,
                  ...w,
                  timezone: a.timezone.zone,
                  doc: JSON.stringify(doc),
                  created_at: a.now,
                  updated_at: a.now,
                };
              }),
            )
            .execute();
        }
        const custom = a.customValues.filter((c) => c.value !== null);
        if (custom.length > 0) {
          await trx
            .insertInto('user_custom_data')
            .values(custom.map((c) => ({ user_id: user.id, registration_field_id: c.fieldId, field_value: c.value })))
            .execute();
        }
        return { userId: user.id, applicationId: application.id };
      }),

    /** The user's newest application still waiting for its email's confirmation. */
    unconfirmedOf: (userId: number) =>
      db
        .selectFrom('applications')
        .select(['id', 'partner_id'])
        .where('user_id', '=', userId)
        .where('status', '=', 'unconfirmed')
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    /**
     * What confirming the email does, inside the transaction that spends the link (platform/emailed-links): the
     * user's unconfirmed applications go to pending for recruitment. Answers them and their partner.
     */
    submitApplications: async (ex: Executor, userId: number, now: Date) => {
      const apps = await ex
        .updateTable('applications')
        .set({ status: 'pending', updated_at: now })
        .where('user_id', '=', userId)
        .where('status', '=', 'unconfirmed')
        .returning(['id', 'partner_id'])
        .execute();
      return { applicationIds: apps.map((a) => a.id), partnerId: apps[0]?.partner_id ?? null };
    },

    /**
     * Accounts that applied and never confirmed the email (decision 0060): created before `createdBefore`, every
     * application still unconfirmed, no live confirmation link and no approved role but the applicant role.
     */
    staleUnconfirmed: (createdBefore: Date, now: Date, limit: number) =>
      unconfirmedAccounts()
        .where('users.created_at', '<', createdBefore)
        .where(({ not }) => not(liveEmailedLinkExists('application_confirmation', 'users.id', now)))
        .orderBy('users.id')
        .limit(limit)
        .execute(),

    /**
     * The account with this id when it applied and still waits for its email's confirmation, whatever its link's
     * age: such an address is nobody's yet, and applying with it again replaces the account (issue 21 item 13).
     */
    waitingAccount: (userId: number) => unconfirmedAccounts().where('users.id', '=', userId).executeTakeFirst(),

    /**
     * Deletes one such account and what applying (or signing in) left behind, in one transaction that re-checks
     * the account is still unconfirmed. A row the account holds anywhere else (it did more than apply) makes the
     * foreign keys refuse, and the whole deletion is undone: such an account is kept. True when it was deleted.
     */
    deleteUnconfirmed: (userId: number) =>
      db
        .transaction()
        .execute(async (trx) => {
          const still = await trx
            .selectFrom('applications')
            .select('id')
            .where('user_id', '=', userId)
            .where('status', '!=', 'unconfirmed')
            .executeTakeFirst();
          if (still) return false;
          const applicationIds = (await trx.selectFrom('applications').select('id').where('user_id', '=', userId).execute()).map(
            (a) => a.id,
          );
          await deleteEmailedLinks(trx, USER_LINK_PURPOSES, userId);
          if (applicationIds.length > 0) {
            await trx.deleteFrom('application_roles').where('application_id', 'in', applicationIds).execute();
          }
          await trx.deleteFrom('applications').where('user_id', '=', userId).execute();
          for (const table of OWN_ROWS) await trx.deleteFrom(table).where('user_id', '=', userId).execute();
          const gone = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
          return Number(gone.numDeletedRows) === 1;
        })
        .catch((err: unknown) => {
          // 23503: a foreign key still points at the account; anything else is a real failure.
          if ((err as { code?: string }).code === '23503') return false;
          throw err;
        }),
  };
}
export type ApplyingRepository = ReturnType<typeof createApplyingRepository>;
