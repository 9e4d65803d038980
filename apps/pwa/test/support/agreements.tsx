import type { AgreementResponse, AgreementState } from '@simvisit/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { agreementKeys } from '../../src/features/agreements/agreements-api';

/** The agreement pages' fixtures: an agreement's answer in each state, and a page rendered with it. */

export function answer(
  state: AgreementState,
  changes: Partial<AgreementResponse['agreement']> = {},
  password: string | null = null,
): AgreementResponse {
  const signed = state === 'signed' || state === 'finalized';
  return {
    agreement: {
      id: 7,
      title: 'Riverside Health',
      slug: 'riverside',
      state,
      agreement_path: signed ? '/api/agreement/pdf?agreement_id=7' : null,
      is_agreement_signed: signed,
      agreement_signed_at: signed ? '2026-11-20T15:00:00.000Z' : null,
      signer_name: signed ? 'Ada Lovelace' : null,
      is_payment_made: state === 'finalized',
      payment_made_at: state === 'finalized' ? '2026-11-21T15:00:00.000Z' : null,
      is_rejected: state === 'rejected',
      invoice_requested: false,
      invoice_id: null,
      number_of_sessions: 12,
      session_rate: '100.00',
      agreement_duration: 12,
      payment_amount: '1200.00',
      processing_fee: '36.35',
      total_amount: '1236.35',
      total_amount_cents: 123635,
      partner_id: state === 'finalized' ? 44 : null,
      company_name: 'Riverside Health Inc.',
      settings: { start_date: '2027-01-04' },
      ...changes,
    },
    password,
    scenarios: [
      { id: 's1', title: 'Chest pain', sessions: 8 },
      { id: 's2', title: 'Breaking bad news', sessions: 4 },
    ],
    states: [
      { id: 5, short_name: 'CA' },
      { id: 33, short_name: 'NY' },
    ],
    payment: { provider: 'demo', publishable_key: null },
  };
}

/** Renders a page inside a router (its links) with the agreement already in the cache (no first fetch). */
export function renderPage(ui: ReactNode, shown?: AgreementResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  if (shown) client.setQueryData(agreementKeys.one(shown.agreement.id), shown);
  const root = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

/** The message shown under a field (its aria-describedby error). */
export function errorUnder(label: string | RegExp): string | null {
  const control = screen.getByLabelText(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))?.textContent ?? null;
}
