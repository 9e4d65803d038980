import { parseId } from '@simvisit/schema';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { TrainingSessionPage } from './TrainingSessionPage';

export const trainingSessionLazyRoute = createLazyRoute('/signed-in/training/$training_session_id')({
  component: TrainingSessionRoute,
});

function TrainingSessionRoute(): ReactElement {
  const id = parseId(trainingSessionLazyRoute.useParams().training_session_id);
  if (id === null) return <ErrorPage code="404" />;
  return <TrainingSessionPage key={id} id={id} />;
}
