import { type QuoteTab, SCENARIO_STATUS } from '@simvisit/schema';
import { type ExpressionBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/types';

/** A PostgreSQL error code of a failed statement (pg and PGlite put it in different places). */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

type Eb = ExpressionBuilder<DB & { r: DB['quote_requests']; u: DB['users']; q: DB['quotes'] }, 'r' | 'u' | 'q'>;

/** The tabs of spec 002 §2.18 as conditions on a request and its quote (left joined: a new request has none). */
function tabWhere(eb: Eb, tab: Exclude<QuoteTab, 'all'>) {
  const approved = eb.fn.coalesce('q.is_approved', sql<boolean>`false`);
  const rejected = eb.fn.coalesce('q.is_rejected', sql<boolean>`false`);
  switch (tab) {
    case 'todo':
      return eb.and([eb(approved, '=', false), eb(rejected, '=', false)]);
    case 'pending':
      return eb.and([eb(approved, '=', true), eb('q.finalized_at', 'is', null)]);
    case 'completed':
      return eb('q.finalized_at', 'is not', null);
    case 'rejected':
      return eb(rejected, '=', true);
  }
}

export interface QuoteWrite {
  title: string;
  slug: string;
  session_rate_cents: number;
  number_of_sessions: number;
  agreement_duration: number;
  target_start_date: string;
  payment_amount_cents: number;
  processing_fee_cents: number;
  total_amount_cents: number;
}

/** quote_requests, quote_request_scenarios and quotes (migration 20261128110000_quotes_agreements_invoices). */
export function createQuotesRepository(db: Database) {
  const base = (email: string) => {
    let q = db
      .selectFrom('quote_requests as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('quotes as q', 'q.quote_request_id', 'r.id');
    if (email) q = q.where(sql<boolean>`u.email ILIKE ${`%${escapeLike(email)}%`}`);
    return q;
  };

  return {
    async count(tab: Exclude<QuoteTab, 'all'>, email: string) {
      const row = await base(email)
        .where((eb) => tabWhere(eb as unknown as Eb, tab))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async page(tab: QuoteTab, email: string, offset: number, limit: number) {
      let q = base(email);
      if (tab !== 'all') q = q.where((eb) => tabWhere(eb as unknown as Eb, tab));
      const rows = await q
        .select(['r.id', 'r.created_at', 'r.company_name', 'u.first_name', 'u.last_name', 'u.email'])
        .select(['q.is_rejected', 'q.is_approved', 'q.is_agreement_signed', 'q.is_payment_made', 'q.finalized_at'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      return { rows, total };
    },
    request: (id: number) =>
      db
        .selectFrom('quote_requests as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .leftJoin('states as s', 's.id', 'r.state_id')
        .select(['r.id', 'r.created_at', 'r.user_id', 'r.partner_id', 'r.mobile_number', 'r.job_title', 'r.company_name'])
        .select(['r.address_1', 'r.address_2', 'r.city', 'r.zip', 's.short_name as state_short_name'])
        .select(['u.first_name', 'u.last_name', 'u.email'])
        .where('r.id', '=', id)
        .executeTakeFirst(),
    quoteOf: (requestId: number, trx: Database | Transaction<DB> = db) =>
      trx.selectFrom('quotes').selectAll().where('quote_request_id', '=', requestId).executeTakeFirst(),
    selectedScenarios: (requestId: number, trx: Database | Transaction<DB> = db) =>
      trx
        .selectFrom('quote_request_scenarios as x')
        .innerJoin('scenarios as s', 's.id', 'x.scenario_id')
        .select(['x.scenario_id', 's.title', 'x.scenario_count', 'x.scenario_count_invoice'])
        .where('x.quote_request_id', '=', requestId)
        .orderBy('s.title')
        .execute(),
    /** The scenarios published at the request's partner, to show beside the selected ones. */
    publishedAt: (partnerId: number | null) =>
      db
        .selectFrom('scenarios as s')
        .innerJoin('scenario_partners as sp', 'sp.scenario_id', 's.id')
        .select(['s.id', 's.title'])
        .where('sp.partner_id', '=', partnerId ?? -1)
        .orderBy('s.title')
        .execute(),
    /** Published scenarios at a partner (SCENARIO_STATUS.published), for the public request form. */
    publishedScenarios: (partnerId: number) =>
      db
        .selectFrom('scenarios as s')
        .innerJoin('scenario_partners as sp', 'sp.scenario_id', 's.id')
        .select(['s.id', 's.title'])
        .where('sp.partner_id', '=', partnerId)
        .where('s.status', '=', SCENARIO_STATUS.published)
        .orderBy('s.title')
        .execute(),
    usStates: () =>
      db.selectFrom('states').select(['id', 'title', 'short_name']).where('country_code', '=', 'US').orderBy('title').execute(),
    partnerSlugTaken: async (slug: string) =>
      (await db.selectFrom('partners').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined,
    openQuoteSlugTaken: async (slug: string, requestId: number) =>
      (await db
        .selectFrom('quotes')
        .select('id')
        .where('slug', '=', slug)
        .where('is_rejected', '=', false)
        .where('partner_id', 'is', null)
        .where('quote_request_id', '<>', requestId)
        .executeTakeFirst()) !== undefined,
    transaction: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => db.transaction().execute(fn),
    /**
     * The request's quote row, created empty if need be, and locked: two decisions or saves at once wait for each
     * other here instead of both passing the 'undecided' check or both inserting (quotes_one_per_request).
     */
    async lockQuote(trx: Transaction<DB>, requestId: number) {
      await trx
        .insertInto('quotes')
        .values({ quote_request_id: requestId, created_at: sql`now()` })
        .onConflict((oc) => oc.column('quote_request_id').doNothing())
        .execute();
      return trx.selectFrom('quotes').selectAll().where('quote_request_id', '=', requestId).forUpdate().executeTakeFirstOrThrow();
    },
    update: (trx: Transaction<DB>, quoteId: number, values: QuoteWrite) =>
      trx
        .updateTable('quotes')
        .set({ ...values, updated_at: sql`now()` })
        .where('id', '=', quoteId)
        .execute(),
    setSold: (trx: Transaction<DB>, requestId: number, scenarioId: string, sold: number) =>
      trx
        .updateTable('quote_request_scenarios')
        .set({ scenario_count_invoice: sold })
        .where('quote_request_id', '=', requestId)
        .where('scenario_id', '=', scenarioId)
        .execute(),
    approve: (trx: Transaction<DB>, quoteId: number, by: number, at: Date) =>
      trx
        .updateTable('quotes')
        .set({ is_approved: true, approved_at: at, decided_by: by, updated_at: at })
        .where('id', '=', quoteId)
        .execute(),
    reject: (trx: Transaction<DB>, quoteId: number, by: number, at: Date) =>
      trx
        .updateTable('quotes')
        .set({ is_rejected: true, rejected_at: at, decided_by: by, updated_at: at })
        .where('id', '=', quoteId)
        .execute(),
  };
}
export type QuotesRepository = ReturnType<typeof createQuotesRepository>;
