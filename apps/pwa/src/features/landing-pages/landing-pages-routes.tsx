import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { emptyLayoutRoute, signedInLayoutRoute } from '../../platform/shell';

/*
 * Landing pages (spec 002 §2.1, §2.12, §2.15, §2.21; decisions 0055, 0056). Each route takes the access of the
 * call its page stands on: articles and welcome messages are the super admins'; the landing pages are open to
 * any signed-in user and the server decides (a sim partner's client admin for its own), the page showing the
 * 403 or 404 page when it refuses.
 */
export const articlesRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/articles',
  staticData: { access: ACCESS.superAdmin },
}).lazy(() => import('./landing-pages-routes.lazy').then((d) => d.articlesLazyRoute));

export const welcomeMessagesRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/welcome-messages',
  staticData: { access: ACCESS.superAdmin },
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
