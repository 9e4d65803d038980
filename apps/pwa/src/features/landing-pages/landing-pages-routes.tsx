import { createRoute } from '@tanstack/react-router';
import { emptyLayoutRoute, signedInLayoutRoute } from '../../platform/shell';

/*
 * Landing pages (spec 002 §2.1, §2.12, §2.15, §2.21; decisions 0055, 0056). No permission is declared: the
 * server decides (super admins; a sim partner's client admin for its landing page) and the pages show the 403
 * or 404 page when it refuses.
 */
export const articlesRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/articles',
}).lazy(() => import('./landing-pages-routes.lazy').then((d) => d.articlesLazyRoute));

export const welcomeMessagesRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/welcome-messages',
}).lazy(() => import('./landing-pages-routes.lazy').then((d) => d.welcomeMessagesLazyRoute));

export const landingPagesRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/partners',
}).lazy(() => import('./landing-pages-routes.lazy').then((d) => d.landingPagesLazyRoute));

/** management.partner (partner_id). */
export const partnerConfigRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/partner/$partner_id',
}).lazy(() => import('./landing-pages-routes.lazy').then((d) => d.partnerConfigLazyRoute));

/** The public landing page: no sign-in, no shell. */
export const publicLandingRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'p/$slug',
}).lazy(() => import('./landing-pages-routes.lazy').then((d) => d.publicLandingLazyRoute));

export const landingPagesRoutes = {
  signedIn: [articlesRoute, welcomeMessagesRoute, landingPagesRoute, partnerConfigRoute],
  empty: [publicLandingRoute],
};
