import { QUOTE_MESSAGES as M, type QuoteDetail, type QuoteListResponse, quotesApi } from '@simvisit/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QuoteListPage, type QuoteListSearch } from '../src/features/quotes/QuoteListPage';
import { QuotePage } from '../src/features/quotes/QuotePage';
import { ApiError } from '../src/lib/api';

const calls = vi.hoisted(() => ({ apiCall: vi.fn(), navigate: vi.fn(), notify: vi.fn(), notifySuccess: vi.fn() }));
// The calls themselves are the server's (tested there); the real hooks run over a stand-in apiCall.
vi.mock('../src/lib/api', async (original) => ({ ...(await original<typeof import('../src/lib/api')>()), apiCall: calls.apiCall }));
vi.mock('../src/platform/notices', async (original) => ({
  ...(await original<typeof import('../src/platform/notices')>()),
  notify: calls.notify,
  notifySuccess: calls.notifySuccess,
}));
vi.mock('../src/lib/use-document-title', () => ({ useDocumentTitle: () => undefined }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to, params, ...rest }: { children: ReactNode; to: string; params?: Record<string, string> }) => (
    <a href={to.replace('$request_id', params?.request_id ?? '')} {...rest}>
      {children}
    </a>
  ),
  useNavigate: () => calls.navigate,
}));
// The reload after 'Quote saved' is the schema's 3 s; a test waits a fraction of it.
vi.mock('@simvisit/schema', async (original) => ({ ...(await original<typeof import('@simvisit/schema')>()), QUOTE_RELOAD_MS: 150 }));

beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
});

const withQueries = (ui: ReactNode) => <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;
const callsTo = (contract: unknown) => calls.apiCall.mock.calls.filter(([c]) => c === contract);

const row = (id: number, name: string) => ({
  id,
  created_at: '2026-11-20T12:00:00.000Z',
  name,
  email: `${name.toLowerCase().replace(' ', '.')}@clinic.test`,
  company_name: 'Clinic',
  status: 'To Do',
});
const listAnswer = (over: Partial<QuoteListResponse> = {}): QuoteListResponse => ({
  todo: 2,
  pending: 1,
  completed: 0,
  rejected: 3,
  quotes: { data: [row(11, 'Ada Reyes'), row(12, 'Ben Cole')], total: 2, page: 1, per_page: 20 },
  ...over,
});

/** The page as its route holds it: the search in the address. */
function ListHarness({ initial = {} }: { initial?: QuoteListSearch }) {
  const [search, setSearch] = useState<QuoteListSearch>(initial);
  return <QuoteListPage search={search} onSearchChange={setSearch} />;
}

describe('Quote Requests list', () => {
  it('opens on To Do with every tab’s count, and asks the server for the tab chosen', async () => {
    calls.apiCall.mockResolvedValue(listAnswer());
    render(withQueries(<ListHarness />));
    expect(await screen.findByRole('tab', { name: 'To Do (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pending (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Completed (0)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Rejected (3)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'To Do (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(callsTo(quotesApi.list)[0]?.[1]).toEqual({ query: { type: 'todo', email_string: '', page: 1 } });
    expect(screen.getByRole('link', { name: 'Ada Reyes' }).getAttribute('href')).toBe('/management/quote/11');

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Rejected (3)' }));
    await vi.waitFor(() => expect(callsTo(quotesApi.list).at(-1)?.[1]).toEqual({ query: { type: 'rejected', email_string: '', page: 1 } }));
  });

  it('searches by email, resets the filters, and opens a quote on a row click', async () => {
    calls.apiCall.mockResolvedValue(listAnswer());
    render(withQueries(<ListHarness initial={{ tab: 'pending' }} />));
    const user = userEvent.setup();
    await screen.findByText('Ada Reyes');
    await user.type(screen.getByLabelText('Search by Email'), 'ada@{Enter}');
    await vi.waitFor(() =>
      expect(callsTo(quotesApi.list).at(-1)?.[1]).toEqual({ query: { type: 'pending', email_string: 'ada@', page: 1 } }),
    );
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await vi.waitFor(() => expect(callsTo(quotesApi.list).at(-1)?.[1]).toEqual({ query: { type: 'pending', email_string: '', page: 1 } }));
    expect((screen.getByLabelText('Search by Email') as HTMLInputElement).value).toBe('');

    await user.click(screen.getByText('Ben Cole').closest('tr')?.querySelector('td:nth-child(2)') as HTMLElement);
    expect(calls.navigate).toHaveBeenCalledWith({ to: '/management/quote/$request_id', params: { request_id: '12' } });
  });

  it('pages by 20 only above 20, and says the spec’s words when a tab is empty', async () => {
    calls.apiCall.mockResolvedValueOnce(listAnswer({ quotes: { data: [row(11, 'Ada Reyes')], total: 45, page: 1, per_page: 20 } }));
    calls.apiCall.mockResolvedValue(listAnswer({ todo: 0, quotes: { data: [], total: 0, page: 2, per_page: 20 } }));
    render(withQueries(<ListHarness />));
    const pages = await screen.findByRole('navigation', { name: 'Quote list pages' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await vi.waitFor(() => expect(callsTo(quotesApi.list).at(-1)?.[1]).toEqual({ query: { type: 'todo', email_string: '', page: 2 } }));
    expect(await screen.findByText(M.empty)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Quote list pages' })).toBeNull();
  });
});

const detail = (pendingPartner: QuoteDetail['pending_partner'] = null): QuoteDetail => ({
  quote: {
    id: 11,
    created_at: '2026-11-20T12:00:00.000Z',
    user: {
      user_id: 40,
      name: 'Ada Reyes',
      email: 'ada@clinic.test',
      mobile_number: '5551234567',
      job_title: 'Director',
      company_name: 'Lakeside Clinic',
      address_1: '1 Main St',
      address_2: null,
      city: 'Springfield',
      state: { short_name: 'IL' },
      zip: '62701',
    },
  },
  selected_scenarios: [
    { scenario_id: 's-1', title: 'Chest Pain', scenario_count: 10, scenario_count_invoice: 0 },
    { scenario_id: 's-2', title: 'Asthma', scenario_count: 5, scenario_count_invoice: 0 },
  ],
  scenarios: [],
  pending_partner: pendingPartner,
  settings: { today: '2026-11-28', reload_ms: 3000, reserved_subdomains: ['www'] },
});

const approved = {
  id: 90,
  title: 'Lakeside Clinic',
  slug: 'lakeside',
  session_rate: '50.00',
  number_of_sessions: 12,
  agreement_duration: 12,
  target_start_date: '2026-12-01',
  payment_amount: '600.00',
  processing_fee: '18.23',
  total_amount: '618.23',
  is_approved: true,
  is_rejected: false,
  approved_at: '2026-11-27T12:00:00.000Z',
  rejected_at: null,
};

/** Answers the detail with `shown`, and the other calls with `answers` by contract. */
function server(shown: QuoteDetail, answers: Map<unknown, () => Promise<unknown>> = new Map()) {
  calls.apiCall.mockImplementation((contract: unknown) => answers.get(contract)?.() ?? Promise.resolve(shown));
}

async function fillQuote(user: ReturnType<typeof userEvent.setup>) {
  const type = async (label: string, text: string) => {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    await user.type(input, text);
  };
  await type('Chest Pain: sessions sold', '8');
  await type('Asthma: sessions sold', '4');
  await type('Session Rate (USD)', '50');
  await type('Agreement Duration (Months)', '12');
  await type('Brand Title', 'Lakeside Clinic');
  await type('Brand Subdomain', 'lakeside');
  await type('Target Start Date', '2026-12-01');
}

describe('Quote detail', () => {
  it('shows the applicant, previews the server’s amounts and saves the spec’s payload, then reads the quote again', async () => {
    server(detail(), new Map([[quotesApi.save, () => Promise.resolve({ message: M.saved })]]));
    render(withQueries(<QuotePage requestId={11} />));
    expect(await screen.findByText('Lakeside Clinic')).toBeTruthy();
    expect(screen.getByText('ada@clinic.test')).toBeTruthy();
    expect(screen.getByText('Sessions requested: 10')).toBeTruthy();
    const user = userEvent.setup();
    await fillQuote(user);
    // 12 sessions × $50 = $600; fee (600 + 0.30) / 0.971 − 600 = 18.23.
    expect(screen.getByText('$600.00')).toBeTruthy();
    expect(screen.getByText('$18.23')).toBeTruthy();
    expect(screen.getByText('$618.23')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.notifySuccess).toHaveBeenCalledWith(M.saved));
    expect(callsTo(quotesApi.save)[0]?.[1]).toEqual({
      body: {
        request_id: 11,
        id: null,
        user_id: 40,
        title: 'Lakeside Clinic',
        subdomain: 'lakeside',
        session_rate: '50',
        agreement_duration: '12',
        target_start_date: '2026-12-01',
        number_of_sessions: 12,
        payment_amount: '600.00',
        processing_fee: '18.23',
        total_amount: '618.23',
        scenarios: [
          { scenario_id: 's-1', scenario_count_invoice: '8' },
          { scenario_id: 's-2', scenario_count_invoice: '4' },
        ],
      },
    });
    const reads = callsTo(quotesApi.detail).length;
    expect(reads).toBe(1);
    await vi.waitFor(() => expect(callsTo(quotesApi.detail).length).toBe(2));
  });

  it('refuses out-of-range values with the spec’s words and sends nothing', async () => {
    server(detail());
    render(withQueries(<QuotePage requestId={11} />));
    const user = userEvent.setup();
    await screen.findByText('Lakeside Clinic');
    await fillQuote(user);
    await user.clear(screen.getByLabelText('Agreement Duration (Months)'));
    await user.type(screen.getByLabelText('Agreement Duration (Months)'), '61');
    await user.clear(screen.getByLabelText('Asthma: sessions sold'));
    await user.type(screen.getByLabelText('Asthma: sessions sold'), '-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.durationRange)).toBeTruthy();
    expect(screen.getByText(M.countMin)).toBeTruthy();
    expect(callsTo(quotesApi.save)).toHaveLength(0);
    expect(calls.notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: M.saveError, items: expect.arrayContaining([M.durationRange]) }),
    );
  });

  it('lists the server’s errors under ‘Error saving quote’ and shows each under its field', async () => {
    const refusal = new ApiError(422, { message: M.subdomainTaken, errors: { subdomain: [M.subdomainTaken] } });
    server(detail(), new Map([[quotesApi.save, () => Promise.reject(refusal)]]));
    render(withQueries(<QuotePage requestId={11} />));
    const user = userEvent.setup();
    await screen.findByText('Lakeside Clinic');
    await fillQuote(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.notify).toHaveBeenCalledWith(expect.objectContaining({ title: M.saveError, items: [M.subdomainTaken] })),
    );
    expect(screen.getByText(M.subdomainTaken)).toBeTruthy();
  });

  it('approves only after the confirmation, and says so', async () => {
    server(detail(), new Map([[quotesApi.approve, () => Promise.resolve({ message: M.approved })]]));
    render(withQueries(<QuotePage requestId={11} />));
    const user = userEvent.setup();
    await screen.findByText('Lakeside Clinic');
    await fillQuote(user);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/\$618\.23/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(quotesApi.approve)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(calls.notifySuccess).toHaveBeenCalledWith(M.approved));
    expect(callsTo(quotesApi.approve)[0]?.[1]).toMatchObject({ body: { request_id: 11, total_amount: '618.23', subdomain: 'lakeside' } });
    expect(callsTo(quotesApi.save)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('rejects after the confirmation, and reports a refused decision with the spec’s title', async () => {
    const decided = new ApiError(409, { message: M.decided });
    let rejectAnswer: () => Promise<unknown> = () => Promise.reject(decided);
    server(detail(), new Map([[quotesApi.reject, () => rejectAnswer()]]));
    render(withQueries(<QuotePage requestId={11} />));
    const user = userEvent.setup();
    await screen.findByText('Lakeside Clinic');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() =>
      expect(calls.notify).toHaveBeenCalledWith(expect.objectContaining({ title: M.rejectError, content: M.decided })),
    );
    expect(callsTo(quotesApi.reject)[0]?.[1]).toEqual({ body: { request_id: 11 } });

    rejectAnswer = () => Promise.resolve({ message: M.rejected });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(calls.notifySuccess).toHaveBeenCalledWith(M.rejected));
  });

  it('is read-only without buttons once decided, with the stored amounts', async () => {
    server(detail(approved));
    render(withQueries(<QuotePage requestId={11} />));
    expect(await screen.findByText('This quote was approved.')).toBeTruthy();
    expect((screen.getByLabelText('Brand Subdomain') as HTMLInputElement).value).toBe('lakeside');
    expect((screen.getByLabelText('Session Rate (USD)') as HTMLInputElement).value).toBe('50.00');
    expect((screen.getByLabelText('Brand Title') as HTMLInputElement).closest('fieldset')?.disabled).toBe(true);
    for (const name of ['Save', 'Approve', 'Reject']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByText('$618.23')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
  });
});
