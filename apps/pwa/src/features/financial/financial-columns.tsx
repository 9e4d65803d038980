import {
  type CategoryFigure,
  FINANCIAL_CATEGORIES,
  FINANCIAL_CATEGORY_LABELS,
  type FinancialCategory,
  type FinancialReportResponse,
  type FinancialUserRecord,
  toCents,
} from '@simvisit/schema';
import { type DataColumn, Disclosure } from '@simvisit/ui';
import { money } from './report-filters';

/** A row of the report's table: a person, or (isTotal) the grand totals that end it. */
export type ReportRow = FinancialUserRecord & { isTotal?: boolean };

const hoursText = (hours: number) => hours.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * One category of one person as the screen shows it: "2.5 h × $20.00 = $50.00", several rates joined with " / "
 * when the rate changed inside the month; authoring counts visits, not hours, so it shows its rates and total.
 * Nothing worked in the category shows nothing.
 */
export function figureText(category: FinancialCategory, f: CategoryFigure | undefined): string {
  if (!f || (f.hours === 0 && toCents(f.total) === 0)) return '';
  const rates = f.rates.map(money).join(' / ');
  if (category === 'author') return rates ? `${rates} each = ${money(f.total)}` : money(f.total);
  return rates ? `${hoursText(f.hours)} h × ${rates} = ${money(f.total)}` : `${hoursText(f.hours)} h = ${money(f.total)}`;
}

/** The grand totals of the response as the table's last row. */
export function totalsRow(report: FinancialReportResponse): ReportRow {
  const categories = {} as Record<FinancialCategory, CategoryFigure>;
  for (const c of FINANCIAL_CATEGORIES) categories[c] = { hours: report[`grand_hours_${c}`], rates: [], total: report[`grand_total_${c}`] };
  return {
    user_id: 0,
    name: 'Grand Total',
    email: '',
    categories,
    jobs: [],
    hours: report.grand_hours,
    total: report.grand_total,
    isTotal: true,
  };
}

/** The categories anyone worked in this month: the others would be columns of blanks (decision 0078). */
export function categoriesShown(report: FinancialReportResponse): FinancialCategory[] {
  return FINANCIAL_CATEGORIES.filter((c) => report[`grand_hours_${c}`] > 0 || toCents(report[`grand_total_${c}`]) > 0);
}

const jobLabel = (jobNumber: string | null) => jobNumber ?? 'None';

/** A person's work per job number, behind a disclosure so the table stays one line a person. */
function JobBreakdown({ row }: { row: ReportRow }) {
  if (row.isTotal || row.jobs.length === 0) return null;
  const count = row.jobs.length;
  return (
    <Disclosure
      label={
        <>
          {count} job {count === 1 ? 'number' : 'numbers'}
          <span className="sr-only"> of {row.name}</span>
        </>
      }
      triggerClassName="px-0 py-0 text-brand-700 print:hidden"
    >
      <table className="mt-1 text-xs">
        <caption className="sr-only">Work of {row.name} by job number</caption>
        <thead>
          <tr className="text-left">
            <th scope="col" className="pr-3">
              Job number
            </th>
            <th scope="col" className="pr-3">
              Work
            </th>
            <th scope="col" className="pr-3 text-right">
              Hours
            </th>
            <th scope="col" className="text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {row.jobs.map((job) => (
            <tr key={jobLabel(job.job_number)}>
              <th scope="row" className="pr-3 text-left font-normal">
                {jobLabel(job.job_number)}
              </th>
              <td className="pr-3">
                {FINANCIAL_CATEGORIES.filter((c) => toCents(job.categories[c]?.total) > 0 || (job.categories[c]?.hours ?? 0) > 0)
                  .map((c) => `${FINANCIAL_CATEGORY_LABELS[c]} ${money(job.categories[c].total)}`)
                  .join('; ')}
              </td>
              <td className="pr-3 text-right tabular-nums">{hoursText(job.hours)}</td>
              <td className="text-right tabular-nums">{money(job.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Disclosure>
  );
}

const strong = (row: ReportRow, text: string) => (row.isTotal ? <strong>{text}</strong> : text);

/** The report's columns: who, then one per category worked, the per-job breakdown, and the person's totals. */
export function reportColumns(categories: readonly FinancialCategory[]): DataColumn<ReportRow>[] {
  return [
    { id: 'name', header: 'Name', value: (r) => r.name, cell: (r) => strong(r, r.name), className: 'font-medium' },
    { id: 'email', header: 'Email', value: (r) => r.email },
    ...categories.map(
      (c): DataColumn<ReportRow> => ({
        id: c,
        header: FINANCIAL_CATEGORY_LABELS[c],
        value: (r) => figureText(c, r.categories[c]),
        cell: (r) => strong(r, figureText(c, r.categories[c])),
        align: 'end',
        className: 'tabular-nums',
      }),
    ),
    { id: 'jobs', header: 'Job numbers', cell: (r) => <JobBreakdown row={r} />, exportValue: false },
    { id: 'hours', header: 'Hours', value: (r) => r.hours, cell: (r) => strong(r, hoursText(r.hours)), align: 'end' },
    { id: 'total', header: 'Total', value: (r) => r.total, cell: (r) => strong(r, money(r.total)), align: 'end' },
  ];
}
