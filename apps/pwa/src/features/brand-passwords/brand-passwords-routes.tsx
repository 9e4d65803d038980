import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/**
 * /management/passwords (spec 002 §2.14). Super admins only: no permission grants it, so anyone else gets the
 * 403 page from the route's guard, and the server refuses the calls (AUTHZ-14).
 */
export const managementPasswordsRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/passwords',
  staticData: { access: ACCESS.superAdmin },
}).lazy(() => import('./brand-passwords-routes.lazy').then((d) => d.managementPasswordsLazyRoute));

export const brandPasswordsRoutes = { signedIn: [managementPasswordsRoute] };
