import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** A PostgreSQL error code of a failed statement (pg and PGlite put it in different places). */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The client_admin_requests table and the grants an approval writes (migration 20261127170000). */
export function createClientAdminRequestsRepository(db: Database) {
  const withUser = () =>
    db
      .selectFrom('client_admin_requests as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.user_id', 'r.partner_id', 'r.is_sim', 'r.created_at', 'r.approved_at', 'u.first_name', 'u.last_name', 'u.email']);

  return {
    async pending(email: string, offset: number, limit: number) {
      let q = withUser().where('r.approved_at', 'is', null);
      if (email) q = q.where(sql<boolean>`u.email ILIKE ${`%${escapeLike(email)}%`}`);
      const rows = await q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').offset(offset).limit(limit).execute();
      let count = db
        .selectFrom('client_admin_requests as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('r.approved_at', 'is', null);
      if (email) count = count.where(sql<boolean>`u.email ILIKE ${`%${escapeLike(email)}%`}`);
      const total = Number((await count.executeTakeFirstOrThrow()).n);
      return { rows, total };
    },
    byId: (id: number) => withUser().where('r.id', '=', id).executeTakeFirst(),
    latestOf: (userId: number) => withUser().where('r.user_id', '=', userId).orderBy('r.id', 'desc').executeTakeFirst(),
    insert: (row: { user_id: number; partner_id: number; is_sim: boolean }) =>
      db.insertInto('client_admin_requests').values(row).returning('id').executeTakeFirstOrThrow(),
    partner: (id: number) => db.selectFrom('partners').select(['id', 'is_sim']).where('id', '=', id).executeTakeFirst(),
    partnersOfBrand: (isSim: boolean) =>
      db
        .selectFrom('partners')
        .select(['id', 'long_name', 'slug'])
        .where('is_sim', '=', isSim)
        .orderBy('long_name')
        .orderBy('id')
        .execute(),
    hasRole: async (userId: number, roleId: number, partnerId: number) =>
      Boolean(
        await db
          .selectFrom('user_roles')
          .select('id')
          .where('user_id', '=', userId)
          .where('role_id', '=', roleId)
          .where('partner_id', '=', partnerId)
          .where('is_approved', '=', true)
          .executeTakeFirst(),
      ),

    /**
     * Approves a pending request in one transaction: the request is claimed by a conditional update (a second,
     * concurrent approval finds nothing to claim and writes nothing), then the role at each partner and the
     * client-admin partner rows. Answers false when the request was no longer pending.
     */
    approve: (req: { id: number; userId: number; approverId: number; rolePartnerIds: number[]; partnerIds: number[]; roleId: number }) =>
      db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('client_admin_requests')
          .set({ approved_at: new Date(), approved_by: req.approverId })
          .where('id', '=', req.id)
          .where('approved_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!claimed) return false;
        for (const partner_id of req.rolePartnerIds) {
          await trx
            .insertInto('user_roles')
            .values({ user_id: req.userId, role_id: req.roleId, partner_id, is_approved: true })
            .onConflict((oc) => oc.columns(['user_id', 'role_id', 'partner_id']).doUpdateSet({ is_approved: true, updated_at: new Date() }))
            .execute();
        }
        await trx
          .insertInto('client_admin_partners')
          .values(req.partnerIds.map((partner_id) => ({ user_id: req.userId, partner_id })))
          .onConflict((oc) => oc.columns(['user_id', 'partner_id']).doNothing())
          .execute();
        return true;
      }),
  };
}
export type ClientAdminRequestsRepository = ReturnType<typeof createClientAdminRequestsRepository>;
