import { createRoute } from '@tanstack/react-router';
import { partnerSearch } from '../../lib/search-params';
import { emptyLayoutRoute } from '../../platform/shell';

/** A learner's registration at a partner, open signed out (issue 13 item 1, docs/decisions/0051). */
export const registerRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'register',
  validateSearch: partnerSearch,
}).lazy(() => import('./registration-routes.lazy').then((d) => d.registerLazyRoute));

/** The mailed confirmation link of a new learner. */
export const registerConfirmRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'register/confirm/$token',
  validateSearch: partnerSearch,
}).lazy(() => import('./registration-routes.lazy').then((d) => d.registerConfirmLazyRoute));

export const registrationRoutes = { empty: [registerRoute, registerConfirmRoute] };
