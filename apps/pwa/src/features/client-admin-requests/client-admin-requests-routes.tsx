import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search-params';
import { signedInLayoutRoute } from '../../platform/shell';
import type { ClientRequestsSearch } from './ClientRequestsPage';

const textParam = (value: unknown) => (typeof value === 'number' ? String(value) : stringParam(value));

/** /management/clients (spec 002 §2.8); whoever may list the requests (super admins), else the 403 page. */
export const clientRequestsRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/clients',
  staticData: { access: ACCESS.superAdmin },
  validateSearch: (search: Record<string, unknown>): ClientRequestsSearch => ({
    email: textParam(search.email),
    page: textParam(search.page),
  }),
}).lazy(() => import('./client-admin-requests-routes.lazy').then((d) => d.clientRequestsLazyRoute));

/** /management/client/:request_id */
export const clientRequestRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/client/$request_id',
  staticData: { access: ACCESS.superAdmin },
}).lazy(() => import('./client-admin-requests-routes.lazy').then((d) => d.clientRequestLazyRoute));

export const clientAdminRequestsRoutes = { signedIn: [clientRequestsRoute, clientRequestRoute] };
