import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/** /management/social-media (spec 002 §2.10); whoever may list the posts (super admins), else the 403 page. */
export const socialMediaRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/social-media',
  staticData: { access: ACCESS.superAdmin },
}).lazy(() => import('./social-posts-routes.lazy').then((d) => d.socialMediaLazyRoute));

export const socialPostsRoutes = { signedIn: [socialMediaRoute] };
