import { createRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search-params';
import { emptyLayoutRoute } from '../../platform/shell';
import type { RequestQuoteSearch } from './RequestQuotePage';

/**
 * The quote request (issue 19 item 1, decision 0073), open to anyone signed out or in, like the application. Its
 * own file: quote management's pages of this feature register theirs beside it.
 */
export const requestQuoteRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'request-quote',
  validateSearch: (search: Record<string, unknown>): RequestQuoteSearch => ({ partner_slug: stringParam(search.partner_slug) }),
}).lazy(() => import('./quote-request-routes.lazy').then((d) => d.requestQuoteLazyRoute));

export const quoteRequestRoutes = { empty: [requestQuoteRoute] };
