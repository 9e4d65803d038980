import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { quoteAmounts } from '@simvisit/schema';

/*
 * Quotes made and decided through the product's own calls (the requester's and the super admin's sessions), for
 * the journeys that are about what comes after: an invoice, a rejection. The whole path through the pages is the
 * journey of quote-to-partner.spec.ts.
 */

/** A state-changing call in a signed-in page's session (its XSRF cookie), answered with JSON. */
export async function callAs<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const request: APIRequestContext = page.request;
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const headers = { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? '') };
  const response = method === 'GET' ? await request.get(path, { headers }) : await request.post(path, { data, headers });
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface QuoteForm {
  scenarios: { id: string; title: string }[];
  states: { id: number; title: string }[];
}

/** The signed-in requester asks Simclusive for a quote of one published scenario; answers the request's id. */
export async function requestQuoteAs(requester: Page, company: string, sessions = 5): Promise<number> {
  const form = await callAs<QuoteForm>(requester, 'GET', '/api/request/quote-form?partner_slug=simclusive');
  const scenario = form.scenarios[0]!;
  const answer = await callAs<{ quote_request_id: number }>(requester, 'POST', '/api/request/quote-request', {
    first_name: 'Ignored',
    last_name: 'When Signed In',
    email: 'ignored@quotes.simvisit.test',
    mobile_number: '(212) 555-0142',
    job_title: 'Simulation Director',
    company_name: company,
    address_1: '1 Harbor Way',
    city: 'Albany',
    state_id: form.states[0]!.id,
    zip: '12207',
    partner_slug: 'simclusive',
    scenarios: [{ scenario_id: scenario.id, scenario_count: sessions }],
  });
  return answer.quote_request_id;
}

/** The super admin builds the quote (every requested session sold at $40) and approves it. */
export async function approveQuoteAs(admin: Page, requestId: number, subdomain: string, title: string): Promise<void> {
  const detail = await callAs<{
    selected_scenarios: { scenario_id: string; scenario_count: number }[];
    settings: { today: string };
  }>(admin, 'GET', `/api/request/quote?request_id=${requestId}`);
  const rateCents = 4_000;
  const counts = detail.selected_scenarios.map((s) => s.scenario_count);
  const amounts = quoteAmounts(rateCents, counts);
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  await callAs(admin, 'POST', '/api/request/approve-partner', {
    request_id: requestId,
    title,
    subdomain,
    session_rate: dollars(rateCents),
    agreement_duration: 12,
    target_start_date: detail.settings.today,
    number_of_sessions: amounts.number_of_sessions,
    payment_amount: dollars(amounts.payment_amount_cents),
    processing_fee: dollars(amounts.processing_fee_cents),
    total_amount: dollars(amounts.total_amount_cents),
    scenarios: detail.selected_scenarios.map((s) => ({ scenario_id: s.scenario_id, scenario_count_invoice: s.scenario_count })),
  });
}
