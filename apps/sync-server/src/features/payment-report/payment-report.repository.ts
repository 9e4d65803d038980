import { JOB_NUMBER_NONE, PARTNER_MAIN } from '@simvisit/schema';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Which payments a query reads: a month in a time zone, and (for a holder outside 1 and 28) one partner. */
export interface PaymentMonth {
  year: number;
  month: number;
  timeZone: string;
  /** null: every partner */
  partnerId: number | null;
}

/** A visit payment with the job number its scenario has at the learner's partner (null: none). */
export interface VisitPaymentRow {
  job_number: string | null;
  fee_cents: number;
  processing_fee_cents: number;
  amount_refunded_cents: number;
}

export interface AgreementPaymentDbRow {
  quote_id: number;
  title: string;
  company_name: string | null;
  created_at: Date;
  amount_cents: number;
  processing_fee_cents: number;
  amount_refunded_cents: number;
}

/**
 * The month's bounds as moments: midnight of the 1st in the zone, and of the 1st of the next month. Written as
 * bounds on created_at (not a conversion of each row) so the comparison can use an index.
 */
function monthBounds(m: PaymentMonth) {
  const start = sql<Date>`(make_timestamp(${m.year}::int, ${m.month}::int, 1, 0, 0, 0) AT TIME ZONE ${m.timeZone}::text)`;
  const end = sql<Date>`((make_timestamp(${m.year}::int, ${m.month}::int, 1, 0, 0, 0) + interval '1 month') AT TIME ZONE ${m.timeZone}::text)`;
  return { start, end };
}

/** The SQL of the payment report: succeeded payments of a month, visit ones with their job number, agreement ones. */
export function createPaymentReportRepository(db: Database) {
  return {
    /** The zone that bounds the report's months: the centre's (partner 1), 'America/New_York' by the column's default. */
    async centreTimeZone(): Promise<string> {
      const row = await db.selectFrom('partners').select('time_zone').where('id', '=', PARTNER_MAIN).executeTakeFirst();
      return row?.time_zone ?? 'America/New_York';
    },

    /** The job numbers of the menu: every non-empty one scenarios carry (at one partner when scoped), sorted. */
    async jobNumbers(partnerId: number | null): Promise<string[]> {
      let q = db.selectFrom('scenario_partners').select('job_number').distinct().where('job_number', '<>', '');
      if (partnerId !== null) q = q.where('partner_id', '=', partnerId);
      const rows = await q.orderBy('job_number').execute();
      return rows.map((r) => r.job_number);
    },

    /**
     * The month's succeeded visit payments (scenario_id set). The learner's partner is the booked request's; a
     * payment not yet attached to a request has none, so no job number, and no scoped holder sees it. An empty
     * job number counts as none. `jobNumber` narrows to one job number, or to none with JOB_NUMBER_NONE.
     */
    async visitPayments(m: PaymentMonth, jobNumber: string | null): Promise<VisitPaymentRow[]> {
      const { start, end } = monthBounds(m);
      const jobNumberOf = sql<string | null>`nullif(sp.job_number, '')`;
      let q = db
        .selectFrom('payments as p')
        .leftJoin('requests as r', 'r.id', 'p.visit_request_id')
        .leftJoin('scenario_partners as sp', (join) =>
          join.onRef('sp.scenario_id', '=', 'p.scenario_id').onRef('sp.partner_id', '=', 'r.partner_id'),
        )
        .select([jobNumberOf.as('job_number'), 'p.fee_cents', 'p.processing_fee_cents', 'p.amount_refunded_cents'])
        .where('p.scenario_id', 'is not', null)
        .where('p.status', '=', 'succeeded')
        .where('p.created_at', '>=', start)
        .where('p.created_at', '<', end);
      if (m.partnerId !== null) q = q.where('r.partner_id', '=', m.partnerId);
      if (jobNumber === JOB_NUMBER_NONE) q = q.where(jobNumberOf, 'is', null);
      else if (jobNumber !== null) q = q.where('sp.job_number', '=', jobNumber);
      return q.orderBy('p.id').execute();
    },

    /**
     * The month's succeeded agreement payments (quote_id set) with the agreement's title (the quote's, else its
     * request's) and company; scoped to the agreements of one partner (the quote's, else its request's) when asked.
     */
    async agreementPayments(m: PaymentMonth): Promise<AgreementPaymentDbRow[]> {
      const { start, end } = monthBounds(m);
      let q = db
        .selectFrom('payments as p')
        .innerJoin('quotes as q', 'q.id', 'p.quote_id')
        .innerJoin('quote_requests as qr', 'qr.id', 'q.quote_request_id')
        .select([
          'q.id as quote_id',
          sql<string>`coalesce(q.title, qr.title)`.as('title'),
          'qr.company_name',
          'p.created_at',
          'p.amount_cents',
          'p.processing_fee_cents',
          'p.amount_refunded_cents',
        ])
        .where('p.status', '=', 'succeeded')
        .where('p.created_at', '>=', start)
        .where('p.created_at', '<', end);
      if (m.partnerId !== null) q = q.where(sql<number | null>`coalesce(q.partner_id, qr.partner_id)`, '=', m.partnerId);
      return q.orderBy('p.created_at').orderBy('p.id').execute();
    },
  };
}
export type PaymentReportRepository = ReturnType<typeof createPaymentReportRepository>;
