import { FINANCIAL_CATEGORIES, type FinancialOverviewResponse, financialApi, FINANCIAL_MESSAGES as M } from '@simvisit/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthorFinancialCard, FinancialOverviewCard } from '../src/features/financial';
import { ApiError } from '../src/lib/api';
import { type Session, SignedInProvider } from '../src/platform/session';

const calls = vi.hoisted(() => ({ apiCall: vi.fn() }));
// The real hooks run over a stand-in apiCall that answers as the contract (api/financial.ts) says.
vi.mock('../src/lib/api', async (original) => ({ ...(await original<typeof import('../src/lib/api')>()), apiCall: calls.apiCall }));
// Links outside a router: a plain anchor with the same address.
vi.mock('../src/lib/app-link', () => ({ AppLink: ({ to, ...props }: { to: string }) => <a href={to} {...props} /> }));

const NOW = new Date(2026, 10, 28, 12);
const hours = Object.fromEntries(FINANCIAL_CATEGORIES.map((c) => [c, 0])) as FinancialOverviewResponse['hours'];
const answer = (over: Partial<FinancialOverviewResponse> = {}): FinancialOverviewResponse => ({
  completed_total: '150.00',
  scorecards_total: '40.50',
  training_sessions_total: '60.00',
  late_cancellations_total: '25.00',
  early_cancellations_total: '12.50',
  no_shows_total: '25.00',
  learner_technical_issues_total: '12.50',
  interviews_total: '30.00',
  authoring_total: '0.00',
  authoring_scenarios: [],
  total: '355.50',
  hours: {
    ...hours,
    sp: 6,
    scorecard: 1.5,
    training: 1,
    trainer: 1,
    late_canc: 1,
    early_canc: 0.5,
    no_show: 1,
    learner_tech: 0.5,
    interview: 1,
  },
  show_sub_rows: false,
  is_author: false,
  user_id: 7,
  partner_id: 1,
  time_zone: 'America/New_York',
  months: [],
  ...over,
});

function session(over: { permissions?: string[]; superAdmin?: boolean; partnerId?: number } = {}): Session {
  return {
    user: { id: 7, super_admin: over.superAdmin ? 1 : 0, user_roles: [] },
    partner: { id: over.partnerId ?? 1 },
    permissions: over.permissions ?? [],
  } as unknown as Session;
}

function renderCard(ui: ReactNode, s: Session = session()) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SignedInProvider session={s}>{ui}</SignedInProvider>
    </QueryClientProvider>,
  );
}

const rowNames = () => screen.getAllByRole('rowheader').map((h) => h.textContent);
const amountOf = (label: string) =>
  within(screen.getByRole('rowheader', { name: label }).closest('tr')!).getAllByRole('cell')[1]!.textContent;

beforeEach(() => {
  calls.apiCall.mockReset();
  calls.apiCall.mockResolvedValue(answer());
});

describe('the financial overview card', () => {
  it('asks for the current month without a user id and shows every row of spec 000 §3 in money', async () => {
    renderCard(<FinancialOverviewCard now={NOW} />);
    expect(await screen.findByRole('rowheader', { name: 'Total' })).toBeTruthy();
    expect(screen.getByRole('region', { name: M.overviewTitle })).toBeTruthy();
    expect(calls.apiCall).toHaveBeenCalledWith(financialApi.overview, {
      body: { month: 11, year: 2026, partner_id: 0, scenario_id: 0, is_author: false },
    });
    expect(calls.apiCall.mock.calls[0]![1].body).not.toHaveProperty('user_id');
    expect(rowNames()).toEqual([
      'Visits',
      'Training Sessions',
      'Late Cancellations',
      'Early Cancellations',
      'No Shows',
      'Learner Technical Issues',
      'Interviews',
      'Authoring',
      'Total',
    ]);
    // The visits row holds the SP's completed visits and the observer's scorecards together.
    expect(amountOf('Visits')).toBe('$190.50');
    expect(amountOf('Late Cancellations')).toBe('$25.00');
    expect(amountOf('Total')).toBe('$355.50');
    expect((screen.getByLabelText('Month') as HTMLSelectElement).value).toBe('11');
    expect((screen.getByLabelText('Year') as HTMLSelectElement).value).toBe('2026');
  });

  it('draws the months up to the chosen one with a table of the same figures', async () => {
    calls.apiCall.mockResolvedValue(
      answer({
        months: [
          { year: 2026, month: 10, hours: 4, total: '100.00' },
          { year: 2026, month: 11, hours: 7.5, total: '355.50' },
        ],
      }),
    );
    renderCard(<FinancialOverviewCard now={NOW} />);
    const chart = await screen.findByRole('figure', { name: 'Hours and earnings by month' });
    await userEvent.setup().click(within(chart).getByRole('button', { name: 'Show as table' }));
    const nov = within(chart).getByRole('rowheader', { name: 'Nov 2026' }).closest('tr')!;
    expect(
      within(nov)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7.5', '$355.50']);
  });

  it('offers the years 2021 to the current one', () => {
    renderCard(<FinancialOverviewCard now={NOW} />);
    const years = within(screen.getByLabelText('Year'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(years).toEqual(['2026', '2025', '2024', '2023', '2022', '2021']);
    expect(within(screen.getByLabelText('Month')).getAllByRole('option')).toHaveLength(12);
  });

  it('splits the visits row into its SP and observer sub-rows only when the server says so', async () => {
    calls.apiCall.mockResolvedValue(answer({ show_sub_rows: true }));
    const { unmount } = renderCard(<FinancialOverviewCard now={NOW} />);
    expect(await screen.findByRole('rowheader', { name: 'SP Visits' })).toBeTruthy();
    expect(amountOf('SP Visits')).toBe('$150.00');
    expect(amountOf('Observer Scorecards')).toBe('$40.50');
    expect(rowNames().slice(0, 4)).toEqual(['Visits', 'SP Visits', 'Observer Scorecards', 'Training Sessions']);
    unmount();
    calls.apiCall.mockResolvedValue(answer({ show_sub_rows: false }));
    renderCard(<FinancialOverviewCard now={NOW} />);
    await screen.findByRole('rowheader', { name: 'Visits' });
    expect(screen.queryByRole('rowheader', { name: 'SP Visits' })).toBeNull();
    expect(screen.queryByRole('rowheader', { name: 'Observer Scorecards' })).toBeNull();
  });

  it('shows authors no visit, training or cancellation rows', async () => {
    calls.apiCall.mockResolvedValue(answer({ is_author: true, show_sub_rows: true, authoring_total: '80.00', total: '80.00' }));
    renderCard(<FinancialOverviewCard isAuthor now={NOW} />);
    await screen.findByRole('rowheader', { name: 'Authoring' });
    expect(calls.apiCall.mock.calls[0]![1].body.is_author).toBe(true);
    expect(rowNames()).toEqual(['Interviews', 'Authoring', 'Total']);
    expect(amountOf('Authoring')).toBe('$80.00');
  });

  it('asks again for the month chosen when Update is pressed', async () => {
    renderCard(<FinancialOverviewCard now={NOW} />);
    await screen.findByRole('rowheader', { name: 'Total' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Month'), '3');
    await user.selectOptions(screen.getByLabelText('Year'), '2024');
    expect(calls.apiCall).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: M.update }));
    await vi.waitFor(() => expect(calls.apiCall).toHaveBeenCalledTimes(2));
    expect(calls.apiCall.mock.calls[1]![1].body).toMatchObject({ month: 3, year: 2024 });
  });

  it('links to the two reports only with financial_report.access in admin mode', async () => {
    const reportLinks = () => screen.queryAllByRole('link', { name: /View (Full|Payment) Report/ });
    const cases: [string, ReactNode, Session, number][] = [
      [
        'admin mode with the permission',
        <FinancialOverviewCard key="a" adminMode now={NOW} />,
        session({ permissions: ['financial_report.access'] }),
        2,
      ],
      ['admin mode as a super admin', <FinancialOverviewCard key="b" adminMode now={NOW} />, session({ superAdmin: true }), 2],
      ['admin mode without the permission', <FinancialOverviewCard key="c" adminMode now={NOW} />, session(), 0],
      [
        'the permission outside admin mode',
        <FinancialOverviewCard key="d" now={NOW} />,
        session({ permissions: ['financial_report.access'] }),
        0,
      ],
    ];
    for (const [what, ui, s, count] of cases) {
      const { unmount } = renderCard(ui, s);
      await screen.findByRole('rowheader', { name: 'Total' });
      expect(reportLinks(), what).toHaveLength(count);
      if (count) {
        expect(screen.getByRole('link', { name: M.viewFullReport }).getAttribute('href')).toBe('/reports/financial?month=11&year=2026');
        expect(screen.getByRole('link', { name: M.viewPaymentReport }).getAttribute('href')).toBe('/reports/payment?month=11&year=2026');
      }
      unmount();
    }
  });

  it("says 'Error retrieving financial data.' with the server's message when the call fails", async () => {
    calls.apiCall.mockRejectedValue(new ApiError(422, { message: 'Choose a year from the list.' }));
    renderCard(<FinancialOverviewCard now={NOW} />);
    expect(await screen.findByText(M.overviewError)).toBeTruthy();
    expect(screen.getByText('Choose a year from the list.')).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Total' })).toBeNull();
  });
});

describe('the author financial card', () => {
  it('lists each authored scenario with its visits, rate and total', async () => {
    calls.apiCall.mockResolvedValue(
      answer({
        is_author: true,
        authoring_total: '45.00',
        authoring_scenarios: [
          { scenario_id: 3, title: 'Acute low back pain', count: 4, rate: '7.50', total: '30.00' },
          { scenario_id: 5, title: 'Annual wellness visit', count: 2, rate: '7.50', total: '15.00' },
        ],
      }),
    );
    renderCard(<AuthorFinancialCard period={{ month: 11, year: 2026 }} />, session({ partnerId: 28 }));
    const card = await screen.findByRole('region', { name: M.authorCardTitle });
    const row = (await within(card).findByRole('rowheader', { name: 'Acute low back pain' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '$7.50', '$30.00']);
    expect(within(within(card).getByRole('rowheader', { name: 'Total' }).closest('tr')!).getByRole('cell').textContent).toBe('$45.00');
    expect(calls.apiCall.mock.calls[0]![1].body).toMatchObject({ month: 11, year: 2026, is_author: true });
  });

  it('says when the author has nothing for the month', async () => {
    renderCard(<AuthorFinancialCard period={{ month: 11, year: 2026 }} />);
    expect(await screen.findByText(M.noRecords)).toBeTruthy();
  });
});
