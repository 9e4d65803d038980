import { FINANCIAL_MESSAGES as M, PAYMENT_REPORT_FIRST_YEAR, paymentReportQuerySchema } from '@simvisit/schema';
import { DataTable, SelectField } from '@simvisit/ui';
import { useState } from 'react';
import { tableRows } from '../../lib/table-rows';
import { usePaymentReport, usePaymentReportExport } from './financial-queries';
import { agreementColumns, type JobRow, jobColumns, jobTotalsRow } from './payment-columns';
import { ReportPage } from './ReportPage';
import { currentPeriod, money, PeriodFields, periodName } from './report-filters';

/** The payment report's filters as they stand in the address. */
export interface PaymentReportSearch {
  month?: string;
  year?: string;
  job_number?: string;
}
type Filters = Required<PaymentReportSearch>;

/** The address's filters, the current month where it names none or names one before 2024. */
export function appliedPaymentFilters(search: PaymentReportSearch, now: Date): Filters {
  const filters: Filters = { ...currentPeriod(now), job_number: '', ...Object.fromEntries(Object.entries(search).filter(([, v]) => v)) };
  return paymentReportQuerySchema.safeParse(filters).success ? filters : { ...filters, ...currentPeriod(now) };
}

/** /reports/payment (spec 002 §2.7, issue 20 item 3): what learners and agreements paid in a month, per job number. */
export function PaymentReportPage({
  search,
  onSearchChange,
  now = new Date(),
}: {
  search: PaymentReportSearch;
  onSearchChange: (search: PaymentReportSearch) => void;
  now?: Date;
}) {
  const applied = appliedPaymentFilters(search, now);
  const [draft, setDraft] = useState<Filters>(applied);
  const query = { month: applied.month, year: applied.year, ...(applied.job_number ? { job_number: applied.job_number } : {}) };
  const report = usePaymentReport(query);
  const exporting = usePaymentReportExport();
  const data = report.data;
  const empty = !data || (data.results.length === 0 && data.agreement_payments.length === 0);

  return (
    <ReportPage
      title={M.paymentReportTitle}
      exporting={exporting}
      canExport={!empty}
      onExport={() => exporting.mutate(query)}
      onApply={() => onSearchChange(draft)}
      timeZone={data?.time_zone}
      filters={
        <>
          <PeriodFields
            idPrefix="payment"
            value={draft}
            onChange={(p) => setDraft({ ...draft, ...p })}
            firstYear={PAYMENT_REPORT_FIRST_YEAR}
            now={now}
          />
          <SelectField
            id="payment-job-number"
            label="Job number"
            options={[{ value: '', label: 'All' }, ...(data?.job_numbers ?? []).map((j) => ({ value: j, label: j }))]}
            value={draft.job_number}
            onChange={(e) => setDraft({ ...draft, job_number: e.target.value })}
          />
        </>
      }
    >
      <DataTable<JobRow>
        caption={`Visit payments by job number, ${periodName(applied)}`}
        captionVisible
        columns={jobColumns}
        {...tableRows(report, (d) => (d.results.length ? [...d.results, jobTotalsRow(d)] : []), M.reportError)}
        getRowId={(r) => (r.isTotal ? 'total' : (r.job_number ?? 'none'))}
        loadingLabel="Loading the payment report"
        empty={M.noRecords}
      />
      {data && data.agreement_payments.length > 0 ? (
        <DataTable
          caption={`Agreement payments, ${periodName(applied)}`}
          captionVisible
          columns={agreementColumns}
          rows={data.agreement_payments}
          getRowId={(r) => `${r.quote_id}-${r.paid_at}`}
          loadingLabel="Loading agreement payments"
          empty={M.noRecords}
        />
      ) : null}
      {data ? (
        <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
          <dt>Visit payments</dt>
          <dd className="text-right tabular-nums">{money(data.total_visit_payments)}</dd>
          <dt>Agreement payments</dt>
          <dd className="text-right tabular-nums">{money(data.total_agreement_payments)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{money(data.total)}</dd>
        </dl>
      ) : null}
    </ReportPage>
  );
}
