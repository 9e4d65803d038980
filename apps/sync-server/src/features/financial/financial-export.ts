import {
  FINANCIAL_CATEGORIES,
  FINANCIAL_CATEGORY_LABELS,
  type FinancialCategory,
  type FinancialReportResponse,
  type FinancialUserRecord,
  financialReportFileName,
} from '@simvisit/schema';
import { type SpreadsheetColumn, workbookWriter } from '../../platform/spreadsheet';

/**
 * The financial report as a workbook (spec 002 §2.6; decision 0078): a "Report" sheet with one row per person
 * (hours, rates and total per category, then their totals) ending in a bold grand-total row, and a "By job number"
 * sheet with each person's hours and total per job number. Text passes the formula rule in platform/spreadsheet.
 * The people come page after page (decision 0096) and go into both sheets as they come: none is held back.
 */
type ReportRow = Pick<FinancialUserRecord, 'name' | 'email' | 'categories' | 'hours' | 'total'>;
interface JobRow {
  name: string;
  email: string;
  job_number: string | null;
  hours: number;
  total: string;
}

const reportColumns: SpreadsheetColumn<ReportRow>[] = [
  { header: 'Name', kind: 'text', value: (r) => r.name, width: 28 },
  { header: 'Email', kind: 'text', value: (r) => r.email, width: 32 },
  ...FINANCIAL_CATEGORIES.flatMap((c): SpreadsheetColumn<ReportRow>[] => {
    const label = FINANCIAL_CATEGORY_LABELS[c];
    return [
      { header: `${label} Hours`, kind: 'hours', value: (r) => r.categories[c].hours },
      { header: `${label} Rate`, kind: 'text', value: (r) => r.categories[c].rates.join(', ') },
      { header: `${label} Total`, kind: 'money', value: (r) => r.categories[c].total },
    ];
  }),
  { header: 'Total Hours', kind: 'hours', value: (r) => r.hours },
  { header: 'Total', kind: 'money', value: (r) => r.total },
];

const jobColumns: SpreadsheetColumn<JobRow>[] = [
  { header: 'Name', kind: 'text', value: (r) => r.name, width: 28 },
  { header: 'Email', kind: 'text', value: (r) => r.email, width: 32 },
  { header: 'Job Number', kind: 'text', value: (r) => r.job_number ?? 'None', width: 16 },
  { header: 'Hours', kind: 'hours', value: (r) => r.hours },
  { header: 'Total', kind: 'money', value: (r) => r.total },
];

type GrandFigures = Pick<
  FinancialReportResponse,
  `grand_hours_${FinancialCategory}` | `grand_total_${FinancialCategory}` | 'grand_hours' | 'grand_total'
>;

/** The grand-total row, from the report's grand figures (no rate: several apply). */
function grandRow(report: GrandFigures): ReportRow {
  const categories = Object.fromEntries(
    FINANCIAL_CATEGORIES.map((c) => [c, { hours: report[`grand_hours_${c}`], rates: [] as string[], total: report[`grand_total_${c}`] }]),
  ) as ReportRow['categories'];
  return { name: 'Grand Total', email: '', categories, hours: report.grand_hours, total: report.grand_total };
}

export async function financialReportFile(
  report: { totals: GrandFigures; pages: AsyncIterable<readonly FinancialUserRecord[]> },
  month: number,
  year: number,
): Promise<{ bytes: Buffer; filename: string }> {
  const book = workbookWriter();
  const people = book.sheet('Report', reportColumns);
  const jobs = book.sheet('By job number', jobColumns);
  for await (const page of report.pages) {
    people.add(page);
    jobs.add(
      page.flatMap((u) => u.jobs.map((j) => ({ name: u.name, email: u.email, job_number: j.job_number, hours: j.hours, total: j.total }))),
    );
  }
  people.footer(grandRow(report.totals));
  return { bytes: await book.bytes(), filename: financialReportFileName(month, year) };
}
