import { createRoute, redirect } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../errors';
import { publicLayoutRoute } from './layouts';
import { rootRoute } from './root';

/** The app's first address opens the dashboard (the signed-in guard sends everyone else to the login page). */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard' });
  },
});

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
