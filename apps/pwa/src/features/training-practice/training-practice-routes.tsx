import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/**
 * training.practice.feedback (training_session_id): the SP scorecard practice page (spec 002 §2.1), opened in a
 * window of its own; the server decides access.
 */
export const trainingPracticeRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'training/$training_session_id/practice/feedback',
}).lazy(() => import('./training-practice-routes.lazy').then((d) => d.trainingPracticeLazyRoute));

export const trainingPracticeRoutes = { signedIn: [trainingPracticeRoute] };
