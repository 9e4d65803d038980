import { createRoute } from '@tanstack/react-router';
import { publicLayoutRoute } from '../../platform/shell';

export const privacyPolicyRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'privacy-policy',
}).lazy(() => import('./legal-routes.lazy').then((d) => d.privacyPolicyLazyRoute));

export const termsOfServiceRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'terms-of-service',
}).lazy(() => import('./legal-routes.lazy').then((d) => d.termsOfServiceLazyRoute));

export const legalRoutes = { public: [privacyPolicyRoute, termsOfServiceRoute] };
