import { type QuoteRequestBody, quotesApi } from '@simvisit/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';
import { queryKeyOf } from '../../lib/query-keys';

/** The request form's choices at a sim partner: its published scenarios and the US states (GET api/request/quote-form). */
export function quoteFormQuery(partnerSlug: string) {
  return queryOptions({
    queryKey: queryKeyOf(quotesApi.form, { query: { partner_slug: partnerSlug } }),
    queryFn: () => apiCall(quotesApi.form, { query: { partner_slug: partnerSlug } }, { onUnauthenticated: 'ignore' }),
    retry: false,
  });
}

export function useQuoteForm(partnerSlug: string) {
  return useQuery(quoteFormQuery(partnerSlug));
}

/** POST api/request/quote-request; a signed-in caller's request carries no password. */
export function sendQuoteRequest(body: QuoteRequestBody) {
  return apiCall(quotesApi.request, { body }, { onUnauthenticated: 'ignore' });
}
