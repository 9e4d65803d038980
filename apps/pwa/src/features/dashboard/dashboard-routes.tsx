import { createRoute, redirect } from '@tanstack/react-router';
import { ensureSession } from '../../platform/session';
import { signedInLayoutRoute } from '../../platform/shell';
import { currentDashboardView, dashboardRedirect } from './dashboard-view';
import { RoleSwitcher } from './RoleSwitcher';
import { preloadDashboardView } from './view-pages';

// The pages load with their area (decision 0033): only the route definitions and guards are in the main bundle.

/**
 * The dashboard; the sub-header shows its view buttons (spec 000 §2.2). Someone with no dashboard role who may
 * read the reports is sent to the financial report instead (decision 0078), after sign-in as on every visit.
 */
export const dashboardRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'dashboard',
  beforeLoad: async ({ context }) => {
    // The signed-in layout's guard ran first: the session is there (a missing one leaves the dashboard be).
    const session = await ensureSession(context.queryClient);
    const elsewhere = session ? dashboardRedirect(session) : null;
    if (elsewhere) throw redirect({ href: elsewhere, replace: true });
  },
  // The current view's chunk loads beside the page's (decision 0085).
  loader: async ({ context }) => {
    const session = await ensureSession(context.queryClient);
    if (session) await preloadDashboardView(currentDashboardView(session));
  },
  staticData: { subHeader: RoleSwitcher },
}).lazy(() => import('./dashboard-routes.lazy').then((d) => d.dashboardLazyRoute));

export const dashboardRoutes = { signedIn: [dashboardRoute] };
