import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/** /management/institutions (spec 002 §2.13); whoever may list institutions (super admins), else the 403 page. */
export const institutionsRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/institutions',
  staticData: { access: ACCESS.superAdmin },
}).lazy(() => import('./institutions-routes.lazy').then((d) => d.institutionsLazyRoute));

export const institutionsRoutes = { signedIn: [institutionsRoute] };
