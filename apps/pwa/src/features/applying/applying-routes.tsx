import { createRoute } from '@tanstack/react-router';
import { partnerSearch, stringParam } from '../../lib/search-params';
import { emptyLayoutRoute } from '../../platform/shell';
import type { ApplySearch } from './ApplyPage';

/** The application, open to anyone signed out or in (issue 12 item 1, docs/decisions/0047). */
export const applyRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'apply',
  validateSearch: (search: Record<string, unknown>): ApplySearch => ({
    role: stringParam(search.role),
    partner_slug: stringParam(search.partner_slug),
  }),
}).lazy(() => import('./applying-routes.lazy').then((d) => d.applyLazyRoute));

/** The mailed confirmation link. */
export const confirmEmailRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'confirm-email/$token',
  validateSearch: partnerSearch,
}).lazy(() => import('./applying-routes.lazy').then((d) => d.confirmEmailLazyRoute));

export const applyingRoutes = { empty: [applyRoute, confirmEmailRoute] };
