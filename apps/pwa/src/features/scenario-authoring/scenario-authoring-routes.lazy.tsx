import { parseId } from '@simvisit/schema';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { ScenarioPage } from './ScenarioPage';

export const scenarioShowLazyRoute = createLazyRoute('/signed-in/scenarios/$id')({ component: ScenarioShowRoute });

function ScenarioShowRoute(): ReactElement {
  const id = parseId(scenarioShowLazyRoute.useParams().id);
  if (id === null) return <ErrorPage code="404" />;
  // Another scenario starts with fresh drafts, comment selection and tabs.
  return <ScenarioPage key={id} scenarioId={id} />;
}
