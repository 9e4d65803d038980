import {
  centsToAmount,
  PARTNER_MAIN,
  PARTNER_SIM,
  type PaymentReportResponse,
  paymentReportFileName,
  type paymentReportQuerySchema,
  toCents,
} from '@simvisit/schema';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditRequest, AuditService } from '../../platform/audit';
import { type SpreadsheetColumn, writeWorkbook } from '../../platform/spreadsheet';
import type { PaymentReportRepository, VisitPaymentRow } from './payment-report.repository';

type PaymentReportQuery = z.output<typeof paymentReportQuerySchema>;
type ResultRow = PaymentReportResponse['results'][number];
type AgreementRow = PaymentReportResponse['agreement_payments'][number];

interface Deps {
  repo: PaymentReportRepository;
  audit: AuditService;
}

/**
 * Whose payments a holder of financial_report.access reads (decision 0078 Scope): super admins and holders signed
 * in at partner 1 or 28 every partner's; a holder elsewhere only their partner's (null: every partner).
 */
function paymentScope(actor: Actor): number | null {
  if (actor.user.super_admin) return null;
  if (actor.partnerId === PARTNER_MAIN || actor.partnerId === PARTNER_SIM) return null;
  // A holder always has a current partner (the permission is held there); 0 matches nothing should one not.
  return actor.partnerId ?? 0;
}

/** The visit payments summed per job number (null last, the others in order), with the net of each. */
function byJobNumber(rows: readonly VisitPaymentRow[]): ResultRow[] {
  const groups = new Map<string | null, { payments: number; fee: number; processing: number; refunded: number }>();
  for (const r of rows) {
    const g = groups.get(r.job_number) ?? { payments: 0, fee: 0, processing: 0, refunded: 0 };
    g.payments += r.payments;
    g.fee += r.fee_cents;
    g.processing += r.processing_fee_cents;
    g.refunded += r.amount_refunded_cents;
    groups.set(r.job_number, g);
  }
  const order = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)));
  return order.map((job_number) => {
    const g = groups.get(job_number)!;
    return {
      job_number,
      payments: g.payments,
      visit_fees: centsToAmount(g.fee),
      processing_fees: centsToAmount(g.processing),
      refunds: centsToAmount(g.refunded),
      amount: centsToAmount(g.fee + g.processing - g.refunded),
    };
  });
}

/** The sum of the API's dollar texts, in cents. */
const sum = (amounts: readonly string[]) => amounts.reduce((total, a) => total + toCents(a), 0);

const jobColumns: readonly SpreadsheetColumn<ResultRow>[] = [
  { header: 'Job Number', kind: 'text', value: (r) => r.job_number ?? 'None', width: 24 },
  { header: 'Payments', kind: 'number', value: (r) => r.payments },
  { header: 'Visit Fees', kind: 'money', value: (r) => r.visit_fees, width: 14 },
  { header: 'Processing Fees', kind: 'money', value: (r) => r.processing_fees, width: 16 },
  { header: 'Refunds', kind: 'money', value: (r) => r.refunds, width: 14 },
  { header: 'Amount', kind: 'money', value: (r) => r.amount, width: 14 },
];
const agreementColumns: readonly SpreadsheetColumn<AgreementRow>[] = [
  { header: 'Agreement', kind: 'text', value: (r) => r.title, width: 40 },
  { header: 'Company', kind: 'text', value: (r) => r.company_name ?? '', width: 30 },
  { header: 'Paid At', kind: 'text', value: (r) => r.paid_at, width: 26 },
  { header: 'Processing Fee', kind: 'money', value: (r) => r.processing_fee, width: 16 },
  { header: 'Amount', kind: 'money', value: (r) => r.amount, width: 14 },
];

/**
 * The payment report (spec 002 §2.7, §7, §9; docs/decisions/0078): what learners paid in a month per job number,
 * and the month's agreement payments. Months are bounded in the centre's (partner 1's) time zone.
 */
export function createPaymentReportService(d: Deps) {
  async function report(actor: Actor, q: PaymentReportQuery): Promise<PaymentReportResponse> {
    const partnerId = paymentScope(actor);
    const timeZone = await d.repo.centreTimeZone();
    const month = { year: q.year, month: q.month, timeZone, partnerId };
    await d.repo.refreshMonth(month);
    // An agreement has no job number: a job number filter (or -1, "none") narrows to visit payments.
    const [jobNumbers, visits, agreements] = await Promise.all([
      d.repo.jobNumbers(partnerId),
      d.repo.visitPayments(month, q.job_number),
      q.job_number === null ? d.repo.agreementPayments(month) : Promise.resolve([]),
    ]);
    const results = byJobNumber(visits);
    const agreement_payments = agreements.map((a) => ({
      quote_id: a.quote_id,
      title: a.title,
      company_name: a.company_name,
      paid_at: a.created_at.toISOString(),
      // what the agreement brought in: the charge (processing fee included) less any refund
      amount: centsToAmount(a.amount_cents - a.amount_refunded_cents),
      processing_fee: centsToAmount(a.processing_fee_cents),
    }));
    const visitTotal = sum(results.map((r) => r.amount));
    const agreementTotal = sum(agreement_payments.map((a) => a.amount));
    return {
      job_numbers: jobNumbers,
      results,
      agreement_payments,
      total_visit_payments: centsToAmount(visitTotal),
      total_agreement_payments: centsToAmount(agreementTotal),
      total: centsToAmount(visitTotal + agreementTotal),
      time_zone: timeZone,
    };
  }

  return {
    /** GET api/reports/payment */
    report,

    /** GET api/reports/payment/export: the same report as payment_report_{month}_{year}.xlsx, audited. */
    async export(actor: Actor, request: AuditRequest, q: PaymentReportQuery): Promise<{ bytes: Buffer; filename: string }> {
      const r = await report(actor, q);
      const bytes = await writeWorkbook([
        {
          name: 'By job number',
          columns: jobColumns,
          rows: r.results,
          footer: {
            job_number: 'Total',
            payments: r.results.reduce((n, row) => n + row.payments, 0),
            visit_fees: centsToAmount(sum(r.results.map((row) => row.visit_fees))),
            processing_fees: centsToAmount(sum(r.results.map((row) => row.processing_fees))),
            refunds: centsToAmount(sum(r.results.map((row) => row.refunds))),
            amount: r.total_visit_payments,
          },
        },
        {
          name: 'Agreements',
          columns: agreementColumns,
          rows: r.agreement_payments,
          footer: {
            quote_id: 0,
            title: 'Total',
            company_name: null,
            paid_at: '',
            processing_fee: centsToAmount(sum(r.agreement_payments.map((a) => a.processing_fee))),
            amount: r.total_agreement_payments,
          },
        },
      ]);
      await d.audit.fromRequest(request, {
        action: 'report.exported',
        target_type: 'payment_report',
        details: { month: q.month, year: q.year, job_number: q.job_number, partner_scope: paymentScope(actor) },
      });
      return { bytes, filename: paymentReportFileName(q.month, q.year) };
    },
  };
}
export type PaymentReportService = ReturnType<typeof createPaymentReportService>;
