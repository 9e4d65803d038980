import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';
import { RoleSwitcher } from './RoleSwitcher';

// The pages load with their area (decision 0033): only the route definitions and guards are in the main bundle.

/** The dashboard; the sub-header shows its view buttons (spec 000 §2.2). */
export const dashboardRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'dashboard',
  staticData: { subHeader: RoleSwitcher },
}).lazy(() => import('./dashboard-routes.lazy').then((d) => d.dashboardLazyRoute));

export const dashboardRoutes = { signedIn: [dashboardRoute] };
