import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/** training (training_session_id): the training session page (spec 001 §2); the server decides access. */
export const trainingSessionRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'training/$training_session_id',
}).lazy(() => import('./training-sessions-routes.lazy').then((d) => d.trainingSessionLazyRoute));

export const trainingSessionsRoutes = { signedIn: [trainingSessionRoute] };
