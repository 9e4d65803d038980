import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/** /management/social-media (spec 002 §2.10); super admins only, the page says 403 to others. */
export const socialMediaRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/social-media',
}).lazy(() => import('./social-posts-routes.lazy').then((d) => d.socialMediaLazyRoute));

export const socialPostsRoutes = { signedIn: [socialMediaRoute] };
