import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/** /management/institutions (spec 002 §2.13); super admins only, the page says 403 to others. */
export const institutionsRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/institutions',
}).lazy(() => import('./institutions-routes.lazy').then((d) => d.institutionsLazyRoute));

export const institutionsRoutes = { signedIn: [institutionsRoute] };
