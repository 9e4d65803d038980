import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/** Partner Registration Fields (spec 002 §2.11): super admins only, as the server refuses everyone else. */
export const registrationFieldsRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/registration-fields',
  staticData: { access: ACCESS.superAdmin },
}).lazy(() => import('./registration-fields-routes.lazy').then((d) => d.registrationFieldsLazyRoute));

export const registrationFieldsRoutes = { signedIn: [registrationFieldsRoute] };
