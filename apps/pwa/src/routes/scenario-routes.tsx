import { createRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../features/errors/ErrorPage';
import { ScenarioDashboardPage, type ScenarioDashboardSearch } from '../features/scenarios/ScenarioDashboardPage';
import { ScenarioOverviewPage } from '../features/scenarios/ScenarioOverviewPage';
import { type PrintKind, ScenarioPrintPage } from '../features/scenarios/ScenarioPrintPage';
import { ScenarioSharePage } from '../features/scenarios/ScenarioSharePage';
import { ZoomMessagePage } from '../features/scenarios/ZoomMessagePage';
import { stringParam } from '../lib/search-params';
import { emptyLayoutRoute, signedInEmptyLayoutRoute, signedInLayoutRoute } from './layouts';

/** A search value as text: the router reads "?page=2" as the number 2. */
function textParam(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return stringParam(value);
}

/** The scenario id of the address, or null when it is not one (the page then shows 404). */
function scenarioIdOf(raw: string): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** scenario.list (spec 001 §2): the scenario dashboard. The router declares no permission (spec 000 §2.1). */
export const scenarioListRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'scenarios',
  validateSearch: (search: Record<string, unknown>): ScenarioDashboardSearch => ({
    tab: textParam(search.tab),
    page: textParam(search.page),
  }),
  component: ScenarioListRoute,
});

function ScenarioListRoute(): ReactElement {
  const navigate = scenarioListRoute.useNavigate();
  return <ScenarioDashboardPage search={scenarioListRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}

/** scenario.overview (id): a published scenario as a learner sees it. */
export const scenarioOverviewRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'scenarios/$id/overview',
  component: function ScenarioOverviewRoute(): ReactElement {
    const id = scenarioIdOf(scenarioOverviewRoute.useParams().id);
    if (id === null) return <ErrorPage code="404" />;
    return <ScenarioOverviewPage key={id} scenarioId={id} />;
  },
});

/** The pop-up pages (spec 000 §2.1, layout E): signed in, without the shell. */
export const scenarioShareRoute = createRoute({
  getParentRoute: () => signedInEmptyLayoutRoute,
  path: 'scenarios/$id/share',
  component: function ScenarioShareRoute(): ReactElement {
    const id = scenarioIdOf(scenarioShareRoute.useParams().id);
    if (id === null) return <ErrorPage code="404" />;
    return <ScenarioSharePage key={id} scenarioId={id} />;
  },
});

export const scenarioPrintRoute = createRoute({
  getParentRoute: () => signedInEmptyLayoutRoute,
  path: 'scenarios/$id/print',
  component: function ScenarioPrintRoute(): ReactElement {
    return <PrintRoute raw={scenarioPrintRoute.useParams().id} kind="print" />;
  },
});

export const scenarioPrintFeedbackRoute = createRoute({
  getParentRoute: () => signedInEmptyLayoutRoute,
  path: 'scenarios/$id/print-feedback',
  component: function ScenarioPrintFeedbackRoute(): ReactElement {
    return <PrintRoute raw={scenarioPrintFeedbackRoute.useParams().id} kind="print-feedback" />;
  },
});

function PrintRoute({ raw, kind }: { raw: string; kind: PrintKind }): ReactElement {
  const id = scenarioIdOf(raw);
  if (id === null) return <ErrorPage code="404" />;
  return <ScenarioPrintPage key={id} scenarioId={id} kind={kind} />;
}

/**
 * The holding page 'Preparing visit feedback... Please stay in Zoom Session'. It shows no data, so it opens
 * without a session too: it may be shown in the meeting's own browser (docs/decisions/0019).
 */
export const scenarioZoomMessageRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'scenarios/$id/zoom-message',
  component: ZoomMessagePage,
});

export const scenarioRoutes = [scenarioListRoute, scenarioOverviewRoute] as const;
export const scenarioPopupRoutes = [scenarioShareRoute, scenarioPrintRoute, scenarioPrintFeedbackRoute] as const;
