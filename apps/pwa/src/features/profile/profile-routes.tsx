import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/** Every signed-in user has a profile; its Availability card needs user.availability (spec 000 §2.13). */
export const profileRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'profile',
}).lazy(() => import('./profile-routes.lazy').then((d) => d.profileLazyRoute));

export const profileRoutes = { signedIn: [profileRoute] };
