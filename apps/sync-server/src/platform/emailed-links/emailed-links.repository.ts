import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database, Executor } from '../../db/database';
import type { DB } from '../../db/types';
import type { LinkPurpose } from './purposes';

/** A link as it is stored: the token's hash only. */
export interface NewLink {
  purpose: LinkPurpose;
  subjectId: number;
  partnerId: number | null;
  tokenHash: string;
  expiresAt: Date;
  createdAt: Date;
}

/** The link a spend used up. */
export interface SpentLink {
  id: number;
  subjectId: number;
  partnerId: number | null;
}

/** Stores a link through the database or the caller's transaction (so it commits with what it confirms). */
export async function insertEmailedLink(ex: Executor, link: NewLink): Promise<void> {
  await ex
    .insertInto('emailed_links')
    .values({
      purpose: link.purpose,
      subject_id: link.subjectId,
      partner_id: link.partnerId,
      token_hash: link.tokenHash,
      expires_at: link.expiresAt,
      created_at: link.createdAt,
    })
    .execute();
}

/** Removes a subject's links of these purposes, inside the transaction that removes the subject. */
export async function deleteEmailedLinks(ex: Executor, purposes: readonly LinkPurpose[], subjectId: number): Promise<void> {
  await ex
    .deleteFrom('emailed_links')
    .where('purpose', 'in', [...purposes])
    .where('subject_id', '=', subjectId)
    .execute();
}

/**
 * Whether the subject in `subjectColumn` (a column of the caller's query, e.g. 'users.id') has a link of this
 * purpose that could still be followed: for a feature's own query, such as the cleanup of unconfirmed accounts.
 */
export function liveEmailedLinkExists(purpose: LinkPurpose, subjectColumn: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from emailed_links l where l.purpose = ${purpose} and l.subject_id = ${sql.ref(subjectColumn)} and l.spent_at is null and l.expires_at > ${now})`;
}

export function createEmailedLinksRepository(db: Database) {
  return {
    insert: (link: NewLink) => insertEmailedLink(db, link),

    /**
     * Spends a live link in one guarded UPDATE … WHERE spent_at IS NULL AND expires_at > now RETURNING, so of two
     * spends of one link at the same moment exactly one gets it; then every other unspent link of its subject and
     * purpose (no older one works either), then `effect`, all in one transaction: a failing effect un-spends.
     */
    spend: <T>(
      purpose: LinkPurpose,
      tokenHash: string,
      now: Date,
      subjectId: number | undefined,
      effect: (trx: Transaction<DB>, link: SpentLink) => Promise<T>,
    ) =>
      db.transaction().execute(async (trx) => {
        let spend = trx
          .updateTable('emailed_links')
          .set({ spent_at: now })
          .where('purpose', '=', purpose)
          .where('token_hash', '=', tokenHash)
          .where('spent_at', 'is', null)
          .where('expires_at', '>', now);
        if (subjectId !== undefined) spend = spend.where('subject_id', '=', subjectId);
        const row = await spend.returning(['id', 'subject_id', 'partner_id']).executeTakeFirst();
        if (!row) return null;
        await trx
          .updateTable('emailed_links')
          .set({ spent_at: now })
          .where('purpose', '=', purpose)
          .where('subject_id', '=', row.subject_id)
          .where('spent_at', 'is', null)
          .execute();
        const link = { id: row.id, subjectId: row.subject_id, partnerId: row.partner_id };
        return { link, result: await effect(trx, link) };
      }),

    /** The subject's newest link of this purpose never spent, expired or not (a waiting confirmation). */
    newestUnspent: (purpose: LinkPurpose, subjectId: number) =>
      db
        .selectFrom('emailed_links')
        .select(['id', 'partner_id', 'expires_at'])
        .where('purpose', '=', purpose)
        .where('subject_id', '=', subjectId)
        .where('spent_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
  };
}
export type EmailedLinksRepository = ReturnType<typeof createEmailedLinksRepository>;
