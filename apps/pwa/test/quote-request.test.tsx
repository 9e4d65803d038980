import { QUOTE_REQUEST_MESSAGES as M } from '@simvisit/schema';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestQuotePage } from '../src/features/quotes/RequestQuotePage';
import { ApiError } from '../src/lib/api';

/* The quote request form (issue 19 item 1, decision 0073) on useApiForm, its calls mocked. */
const calls = vi.hoisted(() => ({
  sendQuoteRequest: vi.fn(),
  invalidate: vi.fn(),
  formSlug: vi.fn(),
  session: null as null | { user: { first_name: string; last_name: string; email: string }; partner: { slug: string; is_sim: boolean } },
}));
vi.mock('../src/features/quotes/quote-request-api', () => ({
  sendQuoteRequest: calls.sendQuoteRequest,
  useQuoteForm: (slug: string) => {
    calls.formSlug(slug);
    return {
      isPending: false,
      data: {
        partner: { id: 28, slug: 'simclusive', long_name: 'Simclusive' },
        scenarios: [
          { id: 'scn-a', title: 'Chest Pain' },
          { id: 'scn-b', title: 'Sepsis' },
        ],
        states: [
          { id: 44, title: 'Texas', short_name: 'TX' },
          { id: 5, title: 'California', short_name: 'CA' },
        ],
      },
    };
  },
}));
vi.mock('../src/platform/session', () => ({ useSession: () => calls.session }));
vi.mock('../src/features/applications', () => ({ applicationsQuery: { queryKey: ['user', 'applications'] } }));
vi.mock('@tanstack/react-query', () => ({ useQueryClient: () => ({ invalidateQueries: calls.invalidate }) }));
vi.mock('../src/lib/app-config', () => ({ useAppConfig: () => ({ host_partner_slug: null, product_name: 'SimVisit' }) }));
vi.mock('../src/lib/use-document-title', () => ({ useDocumentTitle: () => undefined }));
vi.mock('../src/features/partners', () => ({ usePartnerBySlug: () => ({ partner: undefined }) }));
vi.mock('../src/features/auth', () => ({
  AuthCard: ({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) => (
    <main>
      <h1>{title}</h1>
      {children}
      {footer}
    </main>
  ),
}));
vi.mock('@tanstack/react-router', () => ({ Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a> }));

const PASSWORD = 'a-long-secret-2026';

function errorUnder(label: string | RegExp): string | null {
  const control = screen.getByLabelText(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))?.textContent ?? null;
}

async function fillCompany(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Mobile Number/), '512 555 0142');
  await user.type(screen.getByLabelText(/^Job Title/), 'Simulation Director');
  await user.type(screen.getByLabelText(/^Company Name/), 'Lone Star Nursing');
  await user.type(screen.getByLabelText(/^Address 1/), '100 Congress Ave');
  await user.type(screen.getByLabelText(/^City/), 'Austin');
  await user.selectOptions(screen.getByLabelText(/^State/), '44');
  await user.type(screen.getByLabelText(/^Zip/), '78701');
}

beforeEach(() => {
  calls.sendQuoteRequest.mockReset();
  calls.invalidate.mockReset();
  calls.formSlug.mockReset();
  calls.session = null;
});

describe('requesting a quote without an account', () => {
  it('checks every field with the shared schema and sends nothing when one is wrong', async () => {
    render(<RequestQuotePage search={{ partner_slug: 'simclusive' }} />);
    const user = userEvent.setup();
    const count = screen.getByLabelText(/^Sessions 1/);
    await user.clear(count);
    await user.type(count, '1000');
    await user.click(screen.getByRole('button', { name: 'Request a Quote' }));
    expect(await screen.findByText('The first name field is required.')).toBeTruthy();
    expect(errorUnder(/^Password/)).toBe('The password field is required.');
    expect(errorUnder(/^Zip/)).toBe('The zip field is required.');
    expect(errorUnder(/^Sessions 1/)).toBe(M.countRange);
    expect(calls.sendQuoteRequest).not.toHaveBeenCalled();
  });

  it('adds and removes scenario rows, sends the request and tells to confirm the email', async () => {
    calls.sendQuoteRequest.mockResolvedValue({ message: M.sentConfirm('quinn@quote.test'), quote_request_id: 7, account_created: true });
    render(<RequestQuotePage search={{}} />);
    expect(calls.formSlug).toHaveBeenCalledWith('simclusive');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^First Name/), 'Quinn');
    await user.type(screen.getByLabelText(/^Last Name/), 'Requester');
    await user.type(screen.getByLabelText(/^Email/), 'quinn@quote.test');
    await user.type(screen.getByLabelText(/^Password/), PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm Password/), PASSWORD);
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Add Scenario' }));
    expect(screen.getAllByTestId('quote-scenario-row')).toHaveLength(2);
    // every published scenario has a row: no more to add
    expect((screen.getByRole('button', { name: 'Add Scenario' }) as HTMLButtonElement).disabled).toBe(true);
    const second = within(screen.getAllByTestId('quote-scenario-row')[1]!);
    await user.clear(second.getByLabelText(/^Sessions 2/));
    await user.type(second.getByLabelText(/^Sessions 2/), '12');
    await user.click(screen.getByRole('button', { name: 'Remove scenario 1' }));
    expect(screen.getAllByTestId('quote-scenario-row')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Request a Quote' }));
    await vi.waitFor(() => expect(calls.sendQuoteRequest).toHaveBeenCalledTimes(1));
    expect(calls.sendQuoteRequest.mock.calls[0]![0]).toMatchObject({
      partner_slug: 'simclusive',
      email: 'quinn@quote.test',
      password: PASSWORD,
      state_id: 44,
      zip: '78701',
      scenarios: [{ scenario_id: 'scn-b', scenario_count: 12 }],
    });
    expect((await screen.findByRole('status')).textContent).toContain(M.sentConfirm('quinn@quote.test'));
    expect(screen.getByRole('status').textContent).toContain('Sign in with this email address and your password');
    expect(screen.queryByRole('button', { name: 'Request a Quote' })).toBeNull();
  });

  it("shows the server's refusal of a taken email under the email", async () => {
    calls.sendQuoteRequest.mockRejectedValue(new ApiError(422, { message: M.emailTaken, errors: { email: [M.emailTaken] } }));
    render(<RequestQuotePage search={{ partner_slug: 'simclusive' }} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^First Name/), 'Quinn');
    await user.type(screen.getByLabelText(/^Last Name/), 'Requester');
    await user.type(screen.getByLabelText(/^Email/), 'taken@quote.test');
    await user.type(screen.getByLabelText(/^Password/), PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm Password/), PASSWORD);
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Request a Quote' }));
    await vi.waitFor(() => expect(errorUnder(/^Email/)).toBe(M.emailTaken));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('requesting a quote while signed in', () => {
  it('uses the account: its name and email shown read-only, no password, and the dashboard refreshed', async () => {
    calls.session = {
      user: { first_name: 'Mia', last_name: 'Member', email: 'mia@quote.test' },
      partner: { slug: 'riverbend', is_sim: true },
    };
    calls.sendQuoteRequest.mockResolvedValue({ message: M.sent, quote_request_id: 8, account_created: false });
    render(<RequestQuotePage search={{}} />);
    expect(calls.formSlug).toHaveBeenCalledWith('riverbend');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(email.value).toBe('mia@quote.test');
    expect(email.readOnly).toBe(true);
    const user = userEvent.setup();
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Request a Quote' }));
    await vi.waitFor(() => expect(calls.sendQuoteRequest).toHaveBeenCalledTimes(1));
    const sent = calls.sendQuoteRequest.mock.calls[0]![0];
    expect(sent).toMatchObject({ first_name: 'Mia', email: 'mia@quote.test', scenarios: [{ scenario_id: 'scn-a', scenario_count: 1 }] });
    expect(sent.password).toBeUndefined();
    expect(calls.invalidate).toHaveBeenCalledWith({ queryKey: ['user', 'applications'] });
    expect((await screen.findByRole('status')).textContent).toBe(M.sent);
  });
});
