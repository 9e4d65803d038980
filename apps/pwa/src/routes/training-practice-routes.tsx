import { createRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../features/errors/ErrorPage';
import { PracticeScorecardPage } from '../features/training-practice';
import { signedInLayoutRoute } from './layouts';

/** The training session id of the address, or null when it is not one (the page then shows 404). */
function sessionIdOf(raw: string): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * training.practice.feedback (training_session_id): the SP scorecard practice page (spec 002 §2.1), opened in a
 * window of its own; the server decides access.
 */
export const trainingPracticeRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'training/$training_session_id/practice/feedback',
  component: function TrainingPracticeRoute(): ReactElement {
    const id = sessionIdOf(trainingPracticeRoute.useParams().training_session_id);
    if (id === null) return <ErrorPage code="404" />;
    return <PracticeScorecardPage key={id} trainingSessionId={id} />;
  },
});

export const trainingPracticeRoutes = [trainingPracticeRoute] as const;
