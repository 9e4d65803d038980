import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search-params';
import { signedInLayoutRoute } from '../../platform/shell';
import type { QuoteListSearch } from './QuoteListPage';

const textParam = (value: unknown) => (typeof value === 'number' ? String(value) : stringParam(value));

/** /management/quotes (spec 002 §2.18): whoever may list quote requests (super admins), else the 403 page. */
export const quoteListRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/quotes',
  staticData: { access: ACCESS.superAdmin },
  validateSearch: (search: Record<string, unknown>): QuoteListSearch => ({
    tab: textParam(search.tab),
    email: textParam(search.email),
    page: textParam(search.page),
  }),
}).lazy(() => import('./quote-management-routes.lazy').then((d) => d.quoteListLazyRoute));

/** /management/quote/:request_id (route name management.quote) */
export const quoteRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/quote/$request_id',
  staticData: { access: ACCESS.superAdmin },
}).lazy(() => import('./quote-management-routes.lazy').then((d) => d.quoteLazyRoute));

export const quoteManagementRoutes = { signedIn: [quoteListRoute, quoteRoute] };
