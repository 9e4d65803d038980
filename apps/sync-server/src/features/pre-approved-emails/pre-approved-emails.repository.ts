import type { Database } from '../../db/database';

/** The SQL of a partner's pre-approved emails. Emails are compared lower-cased, as they are stored. */
export function createPreApprovedEmailsRepository(db: Database) {
  return {
    partnerExists: async (partnerId: number) =>
      (await db.selectFrom('partners').select('id').where('id', '=', partnerId).executeTakeFirst()) !== undefined,
    async isPreApproved(partnerId: number, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('partner_pre_approved_emails')
        .select('id')
        .where('partner_id', '=', partnerId)
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Adds the emails not yet on the list; answers how many were new. */
    async addMany(partnerId: number, emails: readonly string[]): Promise<number> {
      const unique = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
      if (unique.length === 0) return 0;
      const inserted = await db
        .insertInto('partner_pre_approved_emails')
        .values(unique.map((email) => ({ partner_id: partnerId, email })))
        .onConflict((oc) => oc.columns(['partner_id', 'email']).doNothing())
        .returning('id')
        .execute();
      return inserted.length;
    },
  };
}
export type PreApprovedEmailsRepository = ReturnType<typeof createPreApprovedEmailsRepository>;
