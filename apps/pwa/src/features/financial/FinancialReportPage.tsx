import {
  FINANCIAL_FIRST_YEAR,
  type FinancialReportQuery,
  financialReportQuerySchema,
  JOB_NUMBER_NONE,
  FINANCIAL_MESSAGES as M,
} from '@simvisit/schema';
import { Button, DataTable, SelectField } from '@simvisit/ui';
import { useState } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { tableRows } from '../../lib/table-rows';
import { EarningsChart } from './charts';
import { categoriesShown, type ReportRow, reportColumns, totalsRow } from './financial-columns';
import { useFinancialReport, useFinancialReportExport } from './financial-queries';
import { ReportPage } from './ReportPage';
import { currentPeriod, PeriodFields, periodName } from './report-filters';

/** The report's filters as they stand in the address, so Back and reload keep them. */
export interface FinancialReportSearch {
  month?: string;
  year?: string;
  partner?: string;
  is_sim?: string;
  scenario?: string;
  job_number?: string;
  /** the page of people shown (a cursor of the last answer); none: the first page */
  cursor?: string;
}
type Filters = Required<Omit<FinancialReportSearch, 'cursor'>>;

/** The address's filters, the current month where it names none; filters the contract refuses fall back to it. */
export function appliedFilters(search: FinancialReportSearch, now: Date): Filters {
  const filters: Filters = { ...currentPeriod(now), partner: '', is_sim: '', scenario: '', job_number: '', ...definedOnly(search) };
  return financialReportQuerySchema.safeParse(filters).success ? filters : { ...filters, ...currentPeriod(now) };
}
const definedOnly = (search: FinancialReportSearch) =>
  Object.fromEntries(Object.entries(search).filter(([k, v]) => v !== undefined && k !== 'cursor'));

/** The filters as the call takes them: blanks left out. */
export function reportQuery(f: Filters): FinancialReportQuery {
  return {
    month: f.month,
    year: f.year,
    ...(f.partner ? { partner: f.partner } : {}),
    ...(f.is_sim ? { is_sim: f.is_sim as '0' | '1' } : {}),
    ...(f.scenario ? { scenario: f.scenario } : {}),
    ...(f.job_number ? { job_number: f.job_number } : {}),
  };
}

const all = { value: '', label: 'All' };

/** /reports/financial (spec 002 §2.6, issue 20 item 2): what each person earned in a month, by category and job number. */
export function FinancialReportPage({
  search,
  onSearchChange,
  now = new Date(),
}: {
  search: FinancialReportSearch;
  onSearchChange: (search: FinancialReportSearch) => void;
  now?: Date;
}) {
  const { product_name } = useAppConfig();
  const applied = appliedFilters(search, now);
  const [draft, setDraft] = useState<Filters>(applied);
  const query = reportQuery(applied);
  const report = useFinancialReport({ ...query, ...(search.cursor ? { cursor: search.cursor } : {}) });
  const exporting = useFinancialReportExport();
  const data = report.data;
  const categories = data ? categoriesShown(data) : [];
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });

  return (
    <ReportPage
      title={M.financialReportTitle}
      exporting={exporting}
      canExport={!!data && data.user_records.length > 0}
      onExport={() => exporting.mutate(query)}
      // new filters read from the first page
      onApply={() => onSearchChange(draft)}
      timeZone={data?.time_zone}
      filters={
        <>
          <PeriodFields
            idPrefix="financial"
            value={draft}
            onChange={(p) => setDraft({ ...draft, ...p })}
            firstYear={FINANCIAL_FIRST_YEAR}
            now={now}
          />
          <SelectField
            id="financial-partner"
            label="Partner"
            options={[all, ...(data?.partners ?? []).map((p) => ({ value: String(p.id), label: p.short_name }))]}
            value={draft.partner}
            onChange={set('partner')}
          />
          <SelectField
            id="financial-platform"
            label="Platform"
            options={[all, { value: '0', label: product_name }, { value: '1', label: 'Simclusive' }]}
            value={draft.is_sim}
            onChange={set('is_sim')}
          />
          <SelectField
            id="financial-scenario"
            label="Scenario"
            options={[all, ...(data?.scenarios ?? []).map((s) => ({ value: String(s.id), label: s.title || `Scenario ${s.id}` }))]}
            value={draft.scenario}
            onChange={set('scenario')}
          />
          <SelectField
            id="financial-job-number"
            label="Job number"
            options={[all, { value: JOB_NUMBER_NONE, label: 'None' }, ...(data?.job_numbers ?? []).map((j) => ({ value: j, label: j }))]}
            value={draft.job_number}
            onChange={set('job_number')}
          />
        </>
      }
    >
      <DataTable<ReportRow>
        caption={`${M.financialReportTitle}, ${periodName(applied)}`}
        captionVisible
        columns={reportColumns(categories)}
        {...tableRows(report, (d) => (d.user_records.length ? [...d.user_records, totalsRow(d)] : []), M.reportError)}
        getRowId={(r) => r.user_id}
        loadingLabel="Loading the financial report"
        empty={M.noRecords}
      />
      {data && (data.previous_cursor || data.next_cursor) ? (
        <nav aria-label="Financial report pages" className="flex justify-end gap-2">
          <Button
            variant="secondary"
            disabled={!data.previous_cursor}
            onClick={() => data.previous_cursor && onSearchChange({ ...applied, cursor: data.previous_cursor })}
          >
            {M.previousPage}
          </Button>
          <Button
            variant="secondary"
            disabled={!data.next_cursor}
            onClick={() => data.next_cursor && onSearchChange({ ...applied, cursor: data.next_cursor })}
          >
            {M.nextPage}
          </Button>
        </nav>
      ) : null}
      {data && data.months.length > 0 ? <EarningsChart months={data.months} title="The last twelve months" /> : null}
    </ReportPage>
  );
}
