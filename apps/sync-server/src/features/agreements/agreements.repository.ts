import { ROLE } from '@simvisit/schema';
import { sql, type Transaction } from 'kysely';
import type { Database, Executor } from '../../db/database';
import type { DB } from '../../db/types';

/** The partner finalizing creates (decision 0071). */
export interface NewPartner {
  slug: string;
  short_name: string;
  long_name: string;
  seats: number;
  start_date: string | null;
  end_date: string | null;
  password: string;
}

/** quotes as agreements, their scenarios, invoices, and the partner a finalized agreement creates. */
export function createAgreementsRepository(db: Database) {
  /** An agreement with its request and requester (quote_requests, users). */
  const agreementQuery = (ex: Executor = db) =>
    ex
      .selectFrom('quotes as q')
      .innerJoin('quote_requests as r', 'r.id', 'q.quote_request_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('states as s', 's.id', 'r.state_id')
      .leftJoin('partners as p', 'p.id', 'q.partner_id')
      .selectAll('q')
      .select(['r.user_id as requester_id', 'r.partner_id as request_partner_id', 'r.company_name', 'r.job_title'])
      .select(['r.address_1', 'r.address_2', 'r.city', 'r.zip', 'r.mobile_number', 's.short_name as state_short_name'])
      .select(['u.first_name', 'u.last_name', 'u.email', 'p.password as partner_password', 'p.slug as partner_slug'])
      .select((eb) => eb.selectFrom('invoices as i').select('i.id').whereRef('i.quote_id', '=', 'q.id').as('invoice_id'));

  const invoiceQuery = (ex: Executor = db) =>
    ex
      .selectFrom('invoices as i')
      .innerJoin('quotes as q', 'q.id', 'i.quote_id')
      .innerJoin('quote_requests as r', 'r.id', 'q.quote_request_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('states as s', 's.id', 'r.state_id')
      .selectAll('i')
      .select(['q.title', 'q.is_payment_made', 'q.payment_made_at', 'q.billing_contact', 'r.user_id as requester_id'])
      .select(['r.company_name', 'r.job_title', 'r.address_1', 'r.address_2', 'r.city', 'r.zip', 's.short_name as state_short_name'])
      .select(['u.first_name', 'u.last_name', 'u.email']);

  return {
    transaction: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => db.transaction().execute(fn),
    agreement: (id: number, ex: Executor = db) => agreementQuery(ex).where('q.id', '=', id).executeTakeFirst(),
    /** The quote row locked for a change of state (signing, an invoice, finalizing): one change at a time. */
    lock: (trx: Transaction<DB>, id: number) => trx.selectFrom('quotes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
    /** Decided quotes (approved, or rejected), the requester's own or all of them. */
    list: (userId: number | null) => {
      let q = agreementQuery().where((eb) => eb.or([eb('q.is_approved', '=', true), eb('q.is_rejected', '=', true)]));
      if (userId !== null) q = q.where('r.user_id', '=', userId);
      return q.orderBy('q.created_at', 'desc').orderBy('q.id', 'desc').execute();
    },
    /** The scenarios sold (sessions > 0), with their titles. */
    scenarios: (quoteId: number, ex: Executor = db) =>
      ex
        .selectFrom('quotes as q')
        .innerJoin('quote_request_scenarios as x', 'x.quote_request_id', 'q.quote_request_id')
        .innerJoin('scenarios as s', 's.id', 'x.scenario_id')
        .select(['x.scenario_id', 's.title', 'x.scenario_count_invoice'])
        .where('q.id', '=', quoteId)
        .where('x.scenario_count_invoice', '>', 0)
        .orderBy('s.title')
        .orderBy('x.scenario_id')
        .execute(),
    /** Who administers invoices (the invoice requests list is theirs): told when one is requested. */
    superAdminEmails: async () =>
      (await db.selectFrom('users').select('email').where('super_admin', '=', true).orderBy('id').execute()).map((u) => u.email),
    usStates: () =>
      db.selectFrom('states').select(['id', 'short_name', 'title']).where('country_code', '=', 'US').orderBy('title').execute(),
    stateShortName: async (id: number) =>
      (await db.selectFrom('states').select('short_name').where('id', '=', id).where('country_code', '=', 'US').executeTakeFirst())
        ?.short_name,

    sign: (
      trx: Transaction<DB>,
      id: number,
      s: {
        userId: number;
        firstName: string;
        lastName: string;
        ip: string;
        userAgent: string;
        sha256: string;
        path: string;
        billing: string | null;
        at: Date;
      },
    ) =>
      trx
        .updateTable('quotes')
        .set({
          is_agreement_signed: true,
          agreement_signed_at: s.at,
          signer_user_id: s.userId,
          signer_first_name: s.firstName,
          signer_last_name: s.lastName,
          signer_ip: s.ip,
          signer_user_agent: s.userAgent,
          agreement_pdf_sha256: s.sha256,
          agreement_path: s.path,
          billing_contact: s.billing,
          updated_at: s.at,
        })
        .where('id', '=', id)
        .execute(),

    /** A numbered invoice (INV-{year}-{id, 5 digits}) for the agreement, and the request time on the agreement. */
    async createInvoice(trx: Transaction<DB>, quoteId: number, amountCents: number, by: number, at: Date) {
      const row = await trx
        .insertInto('invoices')
        .values({ quote_id: quoteId, number: `pending-${quoteId}`, amount_cents: amountCents, requested_by: by, requested_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const number = `INV-${at.getUTCFullYear()}-${String(row.id).padStart(5, '0')}`;
      await trx.updateTable('invoices').set({ number }).where('id', '=', row.id).execute();
      await trx.updateTable('quotes').set({ invoice_requested_at: at, updated_at: at }).where('id', '=', quoteId).execute();
      return row.id;
    },
    invoices: () => invoiceQuery().orderBy('i.requested_at', 'desc').orderBy('i.id', 'desc').execute(),
    invoice: (id: number, ex: Executor = db) => invoiceQuery(ex).where('i.id', '=', id).executeTakeFirst(),
    lockInvoice: (trx: Transaction<DB>, id: number) =>
      trx.selectFrom('invoices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
    markInvoicePaid: (trx: Transaction<DB>, id: number, by: number | null, at: Date) =>
      trx.updateTable('invoices').set({ paid_at: at, marked_paid_by: by }).where('id', '=', id).where('paid_at', 'is', null).execute(),

    slugTaken: async (trx: Transaction<DB>, slug: string) =>
      (await trx.selectFrom('partners').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined,

    /**
     * Finalizing's writes (run inside the transaction that locked the quote): the partner, the sold scenarios
     * distributed to it, the requester as its client admin, the quote marked paid and finalized, an open invoice
     * settled. Returns the new partner's id.
     */
    async finalize(
      trx: Transaction<DB>,
      q: { id: number; quote_request_id: number; requester_id: number },
      partner: NewPartner,
      at: Date,
    ): Promise<number> {
      const row = await trx
        .insertInto('partners')
        .values({
          ...partner,
          is_sim: true,
          used_seats: 0,
          enable_password: true,
          password_rotated_at: at,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sold = await trx
        .selectFrom('quote_request_scenarios')
        .select('scenario_id')
        .where('quote_request_id', '=', q.quote_request_id)
        .where('scenario_count_invoice', '>', 0)
        .execute();
      if (sold.length) {
        await trx
          .insertInto('scenario_partners')
          .values(sold.map((s) => ({ scenario_id: s.scenario_id, partner_id: row.id, featured: 0, job_number: '' })))
          .execute();
      }
      await trx
        .insertInto('user_roles')
        .values({ user_id: q.requester_id, role_id: ROLE.client_admin, partner_id: row.id, is_approved: true })
        .onConflict((oc) => oc.columns(['user_id', 'role_id', 'partner_id']).doUpdateSet({ is_approved: true, updated_at: at }))
        .execute();
      await trx
        .insertInto('client_admin_partners')
        .values({ user_id: q.requester_id, partner_id: row.id })
        .onConflict((oc) => oc.columns(['user_id', 'partner_id']).doNothing())
        .execute();
      await trx
        .updateTable('quotes')
        .set({
          is_payment_made: true,
          payment_made_at: sql`coalesce(payment_made_at, ${at})`,
          partner_id: row.id,
          finalized_at: at,
          updated_at: at,
        })
        .where('id', '=', q.id)
        .execute();
      await trx.updateTable('invoices').set({ paid_at: at }).where('quote_id', '=', q.id).where('paid_at', 'is', null).execute();
      return row.id;
    },
  };
}
export type AgreementsRepository = ReturnType<typeof createAgreementsRepository>;
export type AgreementRow = NonNullable<Awaited<ReturnType<AgreementsRepository['agreement']>>>;
export type InvoiceJoinedRow = NonNullable<Awaited<ReturnType<AgreementsRepository['invoice']>>>;
