import { createRoute } from '@tanstack/react-router';
import { requireSuperAdmin } from '../../platform/session';
import { signedInLayoutRoute } from '../../platform/shell';

/** management.seats (spec 002 §2.16), super admins only; the server refuses everyone else too (AUTHZ-14). */
export const seatsRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/seats',
  beforeLoad: requireSuperAdmin,
}).lazy(() => import('./partner-capacity-routes.lazy').then((d) => d.seatsLazyRoute));

/** management.dates (spec 002 §2.9). */
export const datesRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/dates',
  beforeLoad: requireSuperAdmin,
}).lazy(() => import('./partner-capacity-routes.lazy').then((d) => d.datesLazyRoute));

export const partnerCapacityRoutes = { signedIn: [seatsRoute, datesRoute] };
