import { createRoute } from '@tanstack/react-router';
import { emptyLayoutRoute } from '../../platform/shell';

/** Demo mode only; reachable signed out so the forgot-password journey can be followed. */
export const outboxRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'outbox',
}).lazy(() => import('./outbox-routes.lazy').then((d) => d.outboxLazyRoute));

export const outboxRoutes = { empty: [outboxRoute] };
