import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/** management.pre-approved (spec 002 §2.17), super admins only; the server refuses everyone else too (AUTHZ-14). */
export const preApprovedRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/pre-approved',
  staticData: { access: ACCESS.superAdmin },
}).lazy(() => import('./pre-approved-emails-routes.lazy').then((d) => d.preApprovedLazyRoute));

export const preApprovedEmailsRoutes = { signedIn: [preApprovedRoute] };
