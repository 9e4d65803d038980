import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/** management.seats (spec 002 §2.16), super admins only; the server refuses everyone else too (AUTHZ-14). */
export const seatsRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/seats',
  staticData: { access: ACCESS.superAdmin },
}).lazy(() => import('./partner-capacity-routes.lazy').then((d) => d.seatsLazyRoute));

/** management.dates (spec 002 §2.9). */
export const datesRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/dates',
  staticData: { access: ACCESS.superAdmin },
}).lazy(() => import('./partner-capacity-routes.lazy').then((d) => d.datesLazyRoute));

export const partnerCapacityRoutes = { signedIn: [seatsRoute, datesRoute] };
