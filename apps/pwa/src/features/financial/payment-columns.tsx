import { centsToAmount, type PaymentReportResponse, toCents } from '@simvisit/schema';
import { defineColumns } from '@simvisit/ui';
import { money } from './report-filters';

type JobRow = PaymentReportResponse['results'][number] & { isTotal?: boolean };
type AgreementRow = PaymentReportResponse['agreement_payments'][number];

export type { AgreementRow, JobRow };

const strong = (row: JobRow, text: string) => (row.isTotal ? <strong>{text}</strong> : text);
const amountColumn = (id: 'visit_fees' | 'processing_fees' | 'refunds' | 'amount', header: string) => ({
  id,
  header,
  value: (r: JobRow) => r[id],
  cell: (r: JobRow) => strong(r, money(r[id])),
  align: 'end' as const,
});

/** What learners paid per job number (spec 002 §2.7): fees and processing fees less refunds. */
export const jobColumns = defineColumns<JobRow>([
  {
    id: 'job_number',
    header: 'Job number',
    value: (r) => r.job_number ?? 'None',
    cell: (r) => strong(r, r.isTotal ? 'Total' : (r.job_number ?? 'None')),
  },
  { id: 'payments', header: 'Payments', value: (r) => r.payments, cell: (r) => strong(r, String(r.payments)), align: 'end' },
  amountColumn('visit_fees', 'Visit fees'),
  amountColumn('processing_fees', 'Processing fees'),
  amountColumn('refunds', 'Refunds'),
  amountColumn('amount', 'Amount'),
]);

/** The job rows' totals as the table's last row (the amounts summed in cents). */
export function jobTotalsRow(report: PaymentReportResponse): JobRow {
  const sum = (key: 'visit_fees' | 'processing_fees' | 'refunds') =>
    centsToAmount(report.results.reduce((cents, r) => cents + toCents(r[key]), 0));
  return {
    job_number: null,
    payments: report.results.reduce((n, r) => n + r.payments, 0),
    visit_fees: sum('visit_fees'),
    processing_fees: sum('processing_fees'),
    refunds: sum('refunds'),
    amount: report.total_visit_payments,
    isTotal: true,
  };
}

const paidOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Payments of agreements (quotes) in the month. */
export const agreementColumns = defineColumns<AgreementRow>([
  { id: 'quote_id', header: 'Quote', value: (r) => r.quote_id, align: 'end' },
  { id: 'title', header: 'Title', value: (r) => r.title },
  { id: 'company_name', header: 'Company', value: (r) => r.company_name ?? '' },
  { id: 'paid_at', header: 'Paid', value: (r) => r.paid_at, cell: (r) => paidOn.format(new Date(r.paid_at)) },
  { id: 'amount', header: 'Amount', value: (r) => r.amount, cell: (r) => money(r.amount), align: 'end' },
  { id: 'processing_fee', header: 'Processing fee', value: (r) => r.processing_fee, cell: (r) => money(r.processing_fee), align: 'end' },
]);
