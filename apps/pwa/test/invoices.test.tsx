import { type Invoice, invoicesApi, INVOICE_MESSAGES as M } from '@simvisit/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InvoicePage } from '../src/features/invoices/InvoicePage';
import { InvoicesPage } from '../src/features/invoices/InvoicesPage';
import { ApiError } from '../src/lib/api';

const calls = vi.hoisted(() => ({ apiCall: vi.fn(), notifyFailure: vi.fn(), notifySuccess: vi.fn() }));
// The calls are another branch's server (contract in packages/schema/src/api/agreements.ts); the real hooks run
// over a stand-in apiCall that answers as the contract says.
vi.mock('../src/lib/api', async (original) => ({ ...(await original<typeof import('../src/lib/api')>()), apiCall: calls.apiCall }));
vi.mock('../src/platform/notices', () => ({ notifyFailure: calls.notifyFailure, notifySuccess: calls.notifySuccess }));
vi.mock('../src/lib/use-document-title', () => ({ useDocumentTitle: () => undefined }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to, params, ...rest }: { children: ReactNode; to: string; params?: Record<string, string> }) => (
    <a href={to.replace('$invoice_id', params?.invoice_id ?? '')} {...rest}>
      {children}
    </a>
  ),
}));

beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
});

const withQueries = (ui: ReactNode) => <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;
const callsTo = (contract: unknown) => calls.apiCall.mock.calls.filter(([c]) => c === contract);

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: 5,
  number: 'INV-000005',
  agreement_id: 90,
  title: 'Lakeside Clinic',
  invoice_requested_at: '2026-11-20T12:00:00.000Z',
  is_payment_made: false,
  payment_made_at: null,
  payment_amount: '1234.50',
  payment_amount_cents: 123_450,
  user: {
    first_name: 'Ada',
    last_name: 'Reyes',
    job_title: 'Director',
    company_name: 'Lakeside Clinic LLC',
    email: 'ada@clinic.test',
    address_1: '1 Main St',
    address_2: null,
    city: 'Springfield',
    state: null,
    zip: '62701',
  },
  ...over,
});

describe('Invoice Requests list', () => {
  it('shows Title, Date Requested as MM/DD/YYYY, Complete or Pending, and View', async () => {
    calls.apiCall.mockResolvedValue({
      invoices: [invoice(), invoice({ id: 6, title: 'Riverbend', is_payment_made: true, payment_made_at: '2026-11-22T12:00:00.000Z' })],
    });
    render(withQueries(<InvoicesPage />));
    const table = await screen.findByRole('table', { name: 'Invoice requests' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'Date Requested', 'Status', 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first as HTMLElement).getByText('11/20/2026')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Pending')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Complete')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Riverbend' }).getAttribute('href')).toBe('/management/invoice/6');
    expect(callsTo(invoicesApi.list)).toHaveLength(1);
  });

  it('says the spec’s words when there are none', async () => {
    calls.apiCall.mockResolvedValue({ invoices: [] });
    render(withQueries(<InvoicesPage />));
    expect(await screen.findByText(M.empty)).toBeTruthy();
  });
});

describe('Invoice request', () => {
  it('shows the requester, the amount, the date and the PDF, and marks it paid only after the confirmation', async () => {
    calls.apiCall.mockImplementation((contract: unknown) =>
      Promise.resolve(
        contract === invoicesApi.markAsPaid
          ? { message: M.markedPaid, invoice: invoice({ is_payment_made: true, payment_made_at: '2026-11-28T12:00:00.000Z' }) }
          : { invoice: invoice() },
      ),
    );
    render(withQueries(<InvoicePage invoiceId={5} />));
    expect(await screen.findByText('Ada Reyes')).toBeTruthy();
    expect(screen.getByText('Director')).toBeTruthy();
    expect(screen.getByText('Lakeside Clinic LLC')).toBeTruthy();
    expect(screen.getByText('Springfield, 62701')).toBeTruthy();
    expect(screen.getByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('11/20/2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Invoice PDF' }).getAttribute('href')).toBe('/api/invoice/pdf?invoice_id=5');
    expect(callsTo(invoicesApi.show)[0]?.[1]).toEqual({ query: { invoice_id: 5 } });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mark As Paid' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(invoicesApi.markAsPaid)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Mark As Paid' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark As Paid' }));
    expect(await screen.findByText('Payment was submitted on 11/28/2026')).toBeTruthy();
    expect(callsTo(invoicesApi.markAsPaid)[0]?.[1]).toEqual({ body: { invoice_id: 5 } });
    expect(calls.notifySuccess).toHaveBeenCalledWith(M.markedPaid);
    expect(screen.queryByRole('button', { name: 'Mark As Paid' })).toBeNull();
  });

  it('shows when a paid invoice was paid, without the button', async () => {
    calls.apiCall.mockResolvedValue({ invoice: invoice({ is_payment_made: true, payment_made_at: '2026-11-22T12:00:00.000Z' }) });
    render(withQueries(<InvoicePage invoiceId={5} />));
    expect(await screen.findByText('Payment was submitted on 11/22/2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark As Paid' })).toBeNull();
  });

  it('reports a refused mark as paid and a failed load with the spec’s words', async () => {
    const refusal = new ApiError(404, { message: M.invoiceNotFound });
    calls.apiCall.mockImplementation((contract: unknown) =>
      contract === invoicesApi.markAsPaid ? Promise.reject(refusal) : Promise.resolve({ invoice: invoice() }),
    );
    const view = render(withQueries(<InvoicePage invoiceId={5} />));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark As Paid' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark As Paid' }));
    await vi.waitFor(() => expect(calls.notifyFailure).toHaveBeenCalledWith(M.markError, refusal));
    expect(screen.getByRole('button', { name: 'Mark As Paid' })).toBeTruthy();
    view.unmount();

    calls.apiCall.mockRejectedValue(refusal);
    render(withQueries(<InvoicePage invoiceId={6} />));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(M.loadError);
    expect(alert.textContent).toContain(M.invoiceNotFound);
  });
});
