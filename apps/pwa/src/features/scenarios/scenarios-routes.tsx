import { createRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search-params';
import { emptyLayoutRoute, signedInEmptyLayoutRoute, signedInLayoutRoute } from '../../platform/shell';
import type { ScenarioDashboardSearch } from './ScenarioDashboardPage';

/** A search value as text: the router reads "?page=2" as the number 2. */
function textParam(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return stringParam(value);
}

/** scenario.list (spec 001 §2): the scenario dashboard. The router declares no permission (spec 000 §2.1). */
export const scenarioListRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'scenarios',
  validateSearch: (search: Record<string, unknown>): ScenarioDashboardSearch => ({
    tab: textParam(search.tab),
    page: textParam(search.page),
  }),
}).lazy(() => import('./scenarios-routes.lazy').then((d) => d.scenarioListLazyRoute));

/** scenario.overview (id): a published scenario as a learner sees it. */
export const scenarioOverviewRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'scenarios/$id/overview',
}).lazy(() => import('./scenarios-routes.lazy').then((d) => d.scenarioOverviewLazyRoute));

/** The pop-up pages (spec 000 §2.1, layout E): signed in, without the shell. */
export const scenarioShareRoute = createRoute({
  getParentRoute: () => signedInEmptyLayoutRoute,
  path: 'scenarios/$id/share',
}).lazy(() => import('./scenarios-routes.lazy').then((d) => d.scenarioShareLazyRoute));

export const scenarioPrintRoute = createRoute({
  getParentRoute: () => signedInEmptyLayoutRoute,
  path: 'scenarios/$id/print',
}).lazy(() => import('./scenarios-routes.lazy').then((d) => d.scenarioPrintLazyRoute));

export const scenarioPrintFeedbackRoute = createRoute({
  getParentRoute: () => signedInEmptyLayoutRoute,
  path: 'scenarios/$id/print-feedback',
}).lazy(() => import('./scenarios-routes.lazy').then((d) => d.scenarioPrintFeedbackLazyRoute));

/**
 * The holding page 'Preparing visit feedback... Please stay in Zoom Session'. It shows no data, so it opens
 * without a session too: it may be shown in the meeting's own browser (docs/decisions/0019). A chunk of its own,
 * so that browser does not load the scenario pages.
 */
export const scenarioZoomMessageRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'scenarios/$id/zoom-message',
}).lazy(() => import('./zoom-message-routes.lazy').then((d) => d.scenarioZoomMessageLazyRoute));

export const scenariosRoutes = {
  signedIn: [scenarioListRoute, scenarioOverviewRoute],
  signedInEmpty: [scenarioShareRoute, scenarioPrintRoute, scenarioPrintFeedbackRoute],
  empty: [scenarioZoomMessageRoute],
};
