import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/** request (request_id): the request page (spec 001 §2); the server decides who may see which request. */
export const requestRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'request/$request_id',
}).lazy(() => import('./visit-requests-routes.lazy').then((d) => d.requestLazyRoute));

export const visitRequestsRoutes = { signedIn: [requestRoute] };
