import {
  FINANCIAL_CATEGORIES,
  type FinancialReportResponse,
  financialApi,
  FINANCIAL_MESSAGES as M,
  type PaymentReportResponse,
} from '@simvisit/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FinancialReportPage } from '../src/features/financial/FinancialReportPage';
import { figureText } from '../src/features/financial/financial-columns';
import { PaymentReportPage } from '../src/features/financial/PaymentReportPage';
import { ApiError } from '../src/lib/api';

const calls = vi.hoisted(() => ({ apiCall: vi.fn(), apiBlobCall: vi.fn() }));
// The real hooks run over stand-in calls that answer as the contracts (api/financial.ts) say.
vi.mock('../src/lib/api', async (original) => ({
  ...(await original<typeof import('../src/lib/api')>()),
  apiCall: calls.apiCall,
  apiBlobCall: calls.apiBlobCall,
}));
vi.mock('../src/lib/app-config', () => ({ useAppConfig: () => ({ product_name: 'SimVisit' }) }));
vi.mock('../src/lib/use-document-title', () => ({ useDocumentTitle: () => undefined }));

beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
  vi.restoreAllMocks();
});

const withQueries = (ui: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>
);
const callsTo = (fn: typeof calls.apiCall, contract: unknown) => fn.mock.calls.filter(([c]) => c === contract);
const NOW = new Date(2026, 10, 28, 12);

/** The names of the files the page hands to the browser (a link's download attribute, clicked). */
function capturedDownloads(): string[] {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

const zeroCategories = Object.fromEntries(FINANCIAL_CATEGORIES.map((c) => [c, { hours: 0, rates: [], total: '0.00' }]));
const grand = Object.fromEntries(
  FINANCIAL_CATEGORIES.flatMap((c) => [
    [`grand_hours_${c}`, 0],
    [`grand_total_${c}`, '0.00'],
  ]),
);

const report: FinancialReportResponse = {
  partners: [
    { id: 1, short_name: 'SimVisit', is_sim: false },
    { id: 7, short_name: 'Northfield', is_sim: false },
  ],
  scenarios: [{ id: 3, title: 'Chest pain' }],
  job_numbers: ['JN-100'],
  report_job_numbers: ['JN-100', null],
  next_cursor: null,
  previous_cursor: null,
  user_records: [
    {
      user_id: 41,
      name: 'Sam Patient',
      email: 'sam@example.test',
      categories: {
        ...zeroCategories,
        sp: { hours: 2.5, rates: ['20.00', '24.00'], total: '56.00' },
        scorecard: { hours: 1, rates: ['15.00'], total: '15.00' },
      },
      jobs: [
        { job_number: 'JN-100', categories: { sp: { hours: 2.5, total: '56.00' } } as never, hours: 2.5, total: '56.00' },
        { job_number: null, categories: { scorecard: { hours: 1, total: '15.00' } } as never, hours: 1, total: '15.00' },
      ],
      hours: 3.5,
      total: '71.00',
    },
  ],
  ...(grand as object),
  grand_hours_sp: 2.5,
  grand_total_sp: '56.00',
  grand_hours_scorecard: 1,
  grand_total_scorecard: '15.00',
  grand_hours: 3.5,
  grand_total: '71.00',
  time_zone: 'America/New_York',
  months: [
    { year: 2026, month: 10, hours: 0, total: '0.00' },
    { year: 2026, month: 11, hours: 3.5, total: '71.00' },
  ],
} as unknown as FinancialReportResponse;

describe('the financial report (spec 002 §2.6)', () => {
  it('writes a category as hours × rates = total, several rates joined, nothing for no work', () => {
    expect(figureText('sp', { hours: 2.5, rates: ['20.00', '24.00'], total: '56.00' })).toBe('2.5 h × $20.00 / $24.00 = $56.00');
    expect(figureText('author', { hours: 0, rates: ['5.00'], total: '15.00' })).toBe('$5.00 each = $15.00');
    expect(figureText('trainer', { hours: 0, rates: ['30.00'], total: '0.00' })).toBe('');
  });

  it('opens on the current month with its menus, shows a row per person and the totals, and applies the filters on Update', async () => {
    calls.apiCall.mockResolvedValue(report);
    const onSearchChange = vi.fn();
    render(withQueries(<FinancialReportPage search={{}} onSearchChange={onSearchChange} now={NOW} />));

    const table = await screen.findByRole('table', { name: 'Financial Report, November 2026' });
    expect(callsTo(calls.apiCall, financialApi.report)[0]?.[1]).toEqual({ query: { month: '11', year: '2026', get_menu_items: 1 } });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    // Only the categories someone worked in, scorecards under the spec's name Observer.
    expect(headers).toEqual(['Name', 'Email', 'SP', 'Observer', 'Job numbers', 'Hours', 'Total']);
    const [person, total] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(person).getByText('2.5 h × $20.00 / $24.00 = $56.00')).toBeTruthy();
    expect(within(person).getByText('$71.00')).toBeTruthy();
    expect(within(total).getByText('Grand Total')).toBeTruthy();
    expect(within(total).getByText('$71.00')).toBeTruthy();
    expect(screen.getByText(/America\/New_York time zone/)).toBeTruthy();

    await userEvent.click(within(person).getByRole('button', { name: '2 job numbers of Sam Patient' }));
    const jobs = within(person).getByRole('table', { name: 'Work of Sam Patient by job number' });
    expect(within(jobs).getByRole('rowheader', { name: 'None' })).toBeTruthy();
    expect(within(jobs).getByText('Observer $15.00')).toBeTruthy();

    expect(
      within(screen.getByLabelText('Platform'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'SimVisit', 'Simclusive']);
    expect(within(screen.getByLabelText('Year')).getAllByRole('option')[0]?.textContent).toBe('2026');
    expect(within(screen.getByLabelText('Year')).getAllByRole('option').at(-1)?.textContent).toBe('2021');
    await userEvent.selectOptions(screen.getByLabelText('Month'), 'March');
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2025');
    await userEvent.selectOptions(screen.getByLabelText('Partner'), 'Northfield');
    await userEvent.selectOptions(screen.getByLabelText('Job number'), 'None');
    await userEvent.click(screen.getByRole('button', { name: M.update }));
    expect(onSearchChange).toHaveBeenCalledWith({ month: '3', year: '2025', partner: '7', is_sim: '', scenario: '', job_number: '-1' });
  });

  it('pages its people with Previous page and Next page, the cursor kept in the address; Update starts again', async () => {
    calls.apiCall.mockResolvedValue({ ...report, next_cursor: 'after-sam', previous_cursor: null });
    const onSearchChange = vi.fn();
    const { unmount } = render(
      withQueries(<FinancialReportPage search={{ month: '3', year: '2025' }} onSearchChange={onSearchChange} now={NOW} />),
    );
    const pages = await screen.findByRole('navigation', { name: 'Financial report pages' });
    expect((within(pages).getByRole('button', { name: M.previousPage }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(pages).getByRole('button', { name: M.nextPage }));
    expect(onSearchChange).toHaveBeenCalledWith({
      month: '3',
      year: '2025',
      partner: '',
      is_sim: '',
      scenario: '',
      job_number: '',
      cursor: 'after-sam',
    });
    unmount();

    calls.apiCall.mockClear();
    render(
      withQueries(
        <FinancialReportPage search={{ month: '3', year: '2025', cursor: 'after-sam' }} onSearchChange={onSearchChange} now={NOW} />,
      ),
    );
    await screen.findByRole('table', { name: 'Financial Report, March 2025' });
    expect(callsTo(calls.apiCall, financialApi.report)[0]?.[1]).toEqual({
      query: { month: '3', year: '2025', cursor: 'after-sam', get_menu_items: 1 },
    });
    await userEvent.click(screen.getByRole('button', { name: M.update }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ month: '3', year: '2025', partner: '', is_sim: '', scenario: '', job_number: '' });
  });

  it('exports the applied filters as financial_report_{month}_{year}.xlsx', async () => {
    calls.apiCall.mockResolvedValue(report);
    calls.apiBlobCall.mockResolvedValue(new Blob(['xlsx']));
    const saved = capturedDownloads();
    render(withQueries(<FinancialReportPage search={{ month: '3', year: '2025', partner: '7' }} onSearchChange={vi.fn()} now={NOW} />));
    await screen.findByRole('table', { name: 'Financial Report, March 2025' });
    await userEvent.click(screen.getByRole('button', { name: M.export }));
    expect(calls.apiBlobCall).toHaveBeenCalledWith(financialApi.reportExport, { query: { month: '3', year: '2025', partner: '7' } });
    await vi.waitFor(() => expect(saved).toEqual(['financial_report_3_2025.xlsx']));
  });

  it("says 'No records for this period.' and, on a refusal, 'Error retrieving report.' with the server's message", async () => {
    calls.apiCall.mockResolvedValueOnce({ ...report, user_records: [] });
    render(withQueries(<FinancialReportPage search={{}} onSearchChange={vi.fn()} now={NOW} />));
    expect(await screen.findByText(M.noRecords)).toBeTruthy();
    expect((screen.getByRole('button', { name: M.export }) as HTMLButtonElement).disabled).toBe(true);

    calls.apiCall.mockRejectedValue(new ApiError(403, { message: 'This action is unauthorized.' }));
    render(withQueries(<FinancialReportPage search={{ month: '1', year: '2024' }} onSearchChange={vi.fn()} now={NOW} />));
    expect(await screen.findByText(M.reportError)).toBeTruthy();
    expect(screen.getByText('This action is unauthorized.')).toBeTruthy();
  });
});

const payments: PaymentReportResponse = {
  job_numbers: ['JN-100'],
  results: [
    { job_number: 'JN-100', payments: 2, visit_fees: '200.00', processing_fees: '12.10', refunds: '100.00', amount: '112.10' },
    { job_number: null, payments: 1, visit_fees: '50.00', processing_fees: '3.03', refunds: '0.00', amount: '53.03' },
  ],
  agreement_payments: [
    {
      quote_id: 9,
      title: 'Spring OSCE',
      company_name: 'Northfield',
      paid_at: '2026-11-03T15:00:00Z',
      amount: '1000.00',
      processing_fee: '29.30',
    },
  ],
  total_visit_payments: '165.13',
  total_agreement_payments: '1000.00',
  total: '1165.13',
  time_zone: 'America/New_York',
};

describe('the payment report (spec 002 §2.7)', () => {
  it('shows what was paid per job number with its totals, the agreement payments, and exports payment_report_{month}_{year}.xlsx', async () => {
    calls.apiCall.mockResolvedValue(payments);
    calls.apiBlobCall.mockResolvedValue(new Blob(['xlsx']));
    const saved = capturedDownloads();
    render(withQueries(<PaymentReportPage search={{}} onSearchChange={vi.fn()} now={NOW} />));
    const jobs = await screen.findByRole('table', { name: 'Visit payments by job number, November 2026' });
    expect(callsTo(calls.apiCall, financialApi.payment)[0]?.[1]).toEqual({ query: { month: '11', year: '2026' } });
    const rows = within(jobs)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['JN-100', '2', '$200.00', '$12.10', '$100.00', '$112.10'],
      ['None', '1', '$50.00', '$3.03', '$0.00', '$53.03'],
      ['Total', '3', '$250.00', '$15.13', '$100.00', '$165.13'],
    ]);
    expect(within(screen.getByRole('table', { name: 'Agreement payments, November 2026' })).getByText('Spring OSCE')).toBeTruthy();
    expect(screen.getByText('$1,165.13')).toBeTruthy();
    expect(within(screen.getByLabelText('Year')).getAllByRole('option').at(-1)?.textContent).toBe('2024');

    await userEvent.click(screen.getByRole('button', { name: M.export }));
    expect(calls.apiBlobCall).toHaveBeenCalledWith(financialApi.paymentExport, { query: { month: '11', year: '2026' } });
    await vi.waitFor(() => expect(saved).toEqual(['payment_report_11_2026.xlsx']));
  });
});
