import { parseId } from '@simvisit/schema';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { PracticeScorecardPage } from './PracticeScorecardPage';

/** The training session id of the address, or null when it is not one (the page then shows 404). */
function sessionIdOf(raw: string): number | null {
  return parseId(raw);
}

export const trainingPracticeLazyRoute = createLazyRoute('/signed-in/training/$training_session_id/practice/feedback')({
  component: TrainingPracticeRoute,
});

function TrainingPracticeRoute(): ReactElement {
  const id = sessionIdOf(trainingPracticeLazyRoute.useParams().training_session_id);
  if (id === null) return <ErrorPage code="404" />;
  return <PracticeScorecardPage key={id} trainingSessionId={id} />;
}
