import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/**
 * scenario.show (id), /scenarios/{id} (spec 001 §2): the authoring page. The router declares no permission;
 * the server decides who may see the scenario (403 'No Access' on the page).
 */
export const scenarioShowRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'scenarios/$id',
}).lazy(() => import('./scenario-authoring-routes.lazy').then((d) => d.scenarioShowLazyRoute));

export const scenarioAuthoringRoutes = { signedIn: [scenarioShowRoute] };
