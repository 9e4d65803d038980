import { createRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../features/errors/ErrorPage';
import { ScenarioPage } from '../features/scenario-authoring/ScenarioPage';
import { signedInLayoutRoute } from './layouts';

/**
 * scenario.show (id), /scenarios/{id} (spec 001 §2): the authoring page. The router declares no permission;
 * the server decides who may see the scenario (403 'No Access' on the page).
 */
export const scenarioShowRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'scenarios/$id',
  component: function ScenarioShowRoute(): ReactElement {
    const raw = scenarioShowRoute.useParams().id;
    const id = Number(raw);
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return <ErrorPage code="404" />;
    // Another scenario starts with fresh drafts, comment selection and tabs.
    return <ScenarioPage key={id} scenarioId={id} />;
  },
});
