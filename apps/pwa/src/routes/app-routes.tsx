import { createRoute, redirect } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../features/errors/ErrorPage';
import { emptyLayoutRoute, publicLayoutRoute, signedInLayoutRoute } from './layouts';
import { rootRoute } from './root';

// The pages load with their area (decision 0033): only the route definitions and guards are in the main bundle.

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard' });
  },
});

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'dashboard',
}).lazy(() => import('./dashboard-routes.lazy').then((d) => d.dashboardLazyRoute));

/** Every signed-in user has a profile; its Availability card needs user.availability (spec 000 §2.13). */
export const profileRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'profile',
}).lazy(() => import('./profile-routes.lazy').then((d) => d.profileLazyRoute));

export const contactRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'contactus',
}).lazy(() => import('./public-routes.lazy').then((d) => d.contactLazyRoute));

export const privacyPolicyRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'privacy-policy',
}).lazy(() => import('./public-routes.lazy').then((d) => d.privacyPolicyLazyRoute));

export const termsOfServiceRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'terms-of-service',
}).lazy(() => import('./public-routes.lazy').then((d) => d.termsOfServiceLazyRoute));

/** Not split: the error page is in the main bundle anyway (the root's 404 and the route error page use it). */
export const errorRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'error/$code',
  component: ErrorRoute,
});

function ErrorRoute(): ReactElement {
  const { code } = errorRoute.useParams();
  return <ErrorPage code={code} />;
}

/** Demo mode only; reachable signed out so the forgot-password journey can be followed. */
export const outboxRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'outbox',
}).lazy(() => import('./outbox-routes.lazy').then((d) => d.outboxLazyRoute));
