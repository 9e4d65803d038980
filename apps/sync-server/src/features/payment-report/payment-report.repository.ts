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

/** The month's visit payments of one job number (null: none): how many, and their cents. */
export interface VisitPaymentRow {
  job_number: string | null;
  payments: number;
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

/** The advisory-lock class of the payment report's kept months ('PA'); the month is the second key. */
const PAYMENT_LOCK_CLASS = 0x5041;

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
     * Brings the month's kept visit payments up to date (decision 0096): when a write has marked the month, it is
     * recomputed under its lock from the month's succeeded visit payments, per request partner and scenario (a
     * payment not yet attached to a request has no partner). Unmarked, nothing is read but the mark's index.
     */
    async refreshMonth(m: PaymentMonth): Promise<void> {
      const index = m.year * 12 + m.month - 1;
      const marked = await db.selectFrom('payment_dirty').select('month').where('month', '=', index).limit(1).execute();
      if (marked.length === 0) return;
      const { start, end } = monthBounds(m);
      await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${PAYMENT_LOCK_CLASS}::int, ${index}::int)`.execute(trx);
        const taken = await sql`DELETE FROM payment_dirty WHERE month = ${index} RETURNING month`.execute(trx);
        if (taken.rows.length === 0) return;
        await sql`DELETE FROM payment_months WHERE month = ${index}`.execute(trx);
        await sql`INSERT INTO payment_months (month, partner_id, scenario_id, payments, fee_cents, processing_fee_cents, refunded_cents)
          SELECT ${index}::int, r.partner_id, p.scenario_id, count(*), sum(p.fee_cents), sum(p.processing_fee_cents), sum(p.amount_refunded_cents)
          FROM payments p LEFT JOIN requests r ON r.id = p.visit_request_id
          WHERE p.scenario_id IS NOT NULL AND p.status = 'succeeded' AND p.created_at >= ${start} AND p.created_at < ${end}
          GROUP BY r.partner_id, p.scenario_id`.execute(trx);
      });
    },

    /**
     * The month's succeeded visit payments per job number, from the kept month: the job number is its scenario's at
     * the request's partner as it stands (an empty one, or no request, is none). `jobNumber` narrows to one job
     * number, or to none with JOB_NUMBER_NONE; a scoped holder reads their partner's requests only.
     */
    async visitPayments(m: PaymentMonth, jobNumber: string | null): Promise<VisitPaymentRow[]> {
      const jobNumberOf = sql<string | null>`nullif(sp.job_number, '')`;
      let q = db
        .selectFrom('payment_months as pm')
        .leftJoin('scenario_partners as sp', (join) =>
          join.onRef('sp.scenario_id', '=', 'pm.scenario_id').onRef('sp.partner_id', '=', 'pm.partner_id'),
        )
        .select((eb) => [
          jobNumberOf.as('job_number'),
          eb.fn.sum<number>('pm.payments').as('payments'),
          eb.fn.sum<number>('pm.fee_cents').as('fee_cents'),
          eb.fn.sum<number>('pm.processing_fee_cents').as('processing_fee_cents'),
          eb.fn.sum<number>('pm.refunded_cents').as('amount_refunded_cents'),
        ])
        .where('pm.month', '=', m.year * 12 + m.month - 1)
        .groupBy(jobNumberOf);
      if (m.partnerId !== null) q = q.where('pm.partner_id', '=', m.partnerId);
      if (jobNumber === JOB_NUMBER_NONE) q = q.where(jobNumberOf, 'is', null);
      else if (jobNumber !== null) q = q.where('sp.job_number', '=', jobNumber);
      return q.execute();
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
