import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { UserUpdate } from '../../db/types';

/** Escapes LIKE wildcards so a search string is matched literally (VAL-12). */
const likeLiteral = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export function createUserManagementRepository(db: Database) {
  /** Users with a role at one of the partners (null: every user). */
  function scoped(partnerIds: number[] | null) {
    let q = db.selectFrom('users').where('users.deleted_at', 'is', null);
    if (partnerIds !== null) {
      q = q.where('users.super_admin', '=', false).where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_roles')
            .select('user_roles.id')
            .whereRef('user_roles.user_id', '=', 'users.id')
            .where('user_roles.partner_id', 'in', partnerIds.length ? partnerIds : [-1]),
        ),
      );
    }
    return q;
  }

  return {
    async list(
      partnerIds: number[] | null,
      filter: { roleId: number; superAdmins: boolean; email: string },
      page: { offset: number; limit: number },
    ) {
      let q = scoped(partnerIds);
      if (filter.superAdmins) q = q.where('users.super_admin', '=', true);
      else if (filter.roleId > 0) {
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('user_roles')
              .select('user_roles.id')
              .whereRef('user_roles.user_id', '=', 'users.id')
              .where('user_roles.role_id', '=', filter.roleId)
              .where('user_roles.is_approved', '=', true)
              .$if(partnerIds !== null, (w) => w.where('user_roles.partner_id', 'in', partnerIds!.length ? partnerIds! : [-1])),
          ),
        );
      }
      if (filter.email) q = q.where(sql<string>`lower(users.email)`, 'like', likeLiteral(filter.email.toLowerCase()));
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const users = await q
        .select(['users.id', 'users.first_name', 'users.last_name', 'users.email', 'users.image'])
        .orderBy('users.last_name')
        .orderBy('users.first_name')
        .orderBy('users.id')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      return { users, total: Number(total.n) };
    },
    inScope: (partnerIds: number[] | null, userId: number) =>
      scoped(partnerIds).selectAll('users').where('users.id', '=', userId).executeTakeFirst(),
    clientAdminPartners: (userId: number) =>
      db
        .selectFrom('client_admin_partners')
        .innerJoin('partners', 'partners.id', 'client_admin_partners.partner_id')
        .select(['partners.id', 'partners.long_name', 'partners.slug', 'partners.is_sim'])
        .where('client_admin_partners.user_id', '=', userId)
        .orderBy('partners.id')
        .execute(),
    allPartners: () => db.selectFrom('partners').selectAll().orderBy('id').execute(),
    partnersByIds: (ids: number[]) =>
      ids.length ? db.selectFrom('partners').selectAll().where('id', 'in', ids).orderBy('id').execute() : Promise.resolve([]),
    interviewsOf: (userId: number, offset: number, limit: number) =>
      db
        .selectFrom('interviews')
        .select(['id', 'start_at', 'is_complete', 'is_canceled', 'applicant_user_id', 'trainer_user_id'])
        .where((eb) => eb.or([eb('applicant_user_id', '=', userId), eb('trainer_user_id', '=', userId)]))
        .orderBy('start_at', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    countInterviews: async (userId: number) =>
      Number(
        (
          await db
            .selectFrom('interviews')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where((eb) => eb.or([eb('applicant_user_id', '=', userId), eb('trainer_user_id', '=', userId)]))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    updateUser: (userId: number, changes: UserUpdate) =>
      db
        .updateTable('users')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', userId)
        .execute(),
    /** Writes a role change atomically: rows to set, rows to remove, and replaced client-admin partner sets. */
    saveRoles: (
      userId: number,
      change: {
        upserts: { role_id: number; partner_id: number; pay_rate: number | null }[];
        deletes: { role_id: number; partner_id: number }[];
        clientPartners: { sim: boolean; partnerIds: number[] }[];
      },
      now: Date,
    ) =>
      db.transaction().execute(async (trx) => {
        for (const r of change.upserts) {
          await trx
            .insertInto('user_roles')
            // the app clock dates the row, and so the pay_rate_history entry its trigger writes (decision 0078)
            .values({
              user_id: userId,
              role_id: r.role_id,
              partner_id: r.partner_id,
              is_approved: true,
              pay_rate: r.pay_rate,
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) =>
              oc.columns(['user_id', 'role_id', 'partner_id']).doUpdateSet({ is_approved: true, pay_rate: r.pay_rate, updated_at: now }),
            )
            .execute();
        }
        for (const r of change.deletes) {
          await trx
            .deleteFrom('user_roles')
            .where('user_id', '=', userId)
            .where('role_id', '=', r.role_id)
            .where('partner_id', '=', r.partner_id)
            .execute();
        }
        for (const set of change.clientPartners) {
          const brand = trx.selectFrom('partners').select('id').where('is_sim', '=', set.sim);
          await trx.deleteFrom('client_admin_partners').where('user_id', '=', userId).where('partner_id', 'in', brand).execute();
          if (set.partnerIds.length) {
            await trx
              .insertInto('client_admin_partners')
              .values(set.partnerIds.map((partner_id) => ({ user_id: userId, partner_id })))
              .execute();
          }
        }
      }),
    insertAutoLogin: (row: { user_id: number; partner_id: number; token_hash: string; created_by: number; expires_at: Date }) =>
      db.insertInto('auto_login_tokens').values(row).execute(),
    /** Marks a live token used and returns it, in one statement, so a link works once. */
    consumeAutoLogin: (tokenHash: string, now: Date) =>
      db
        .updateTable('auto_login_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'partner_id'])
        .executeTakeFirst(),
  };
}
export type UserManagementRepository = ReturnType<typeof createUserManagementRepository>;
