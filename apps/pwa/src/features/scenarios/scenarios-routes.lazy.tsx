import { parseId } from '@simvisit/schema';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { ScenarioDashboardPage } from './ScenarioDashboardPage';
import { ScenarioOverviewPage } from './ScenarioOverviewPage';
import { type PrintKind, ScenarioPrintPage } from './ScenarioPrintPage';
import { ScenarioSharePage } from './ScenarioSharePage';

/** The scenario id of the address, or null when it is not one (the page then shows 404). */
function scenarioIdOf(raw: string): number | null {
  return parseId(raw);
}

export const scenarioListLazyRoute = createLazyRoute('/signed-in/scenarios')({ component: ScenarioListRoute });

function ScenarioListRoute(): ReactElement {
  const navigate = scenarioListLazyRoute.useNavigate();
  return <ScenarioDashboardPage search={scenarioListLazyRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}

export const scenarioOverviewLazyRoute = createLazyRoute('/signed-in/scenarios/$id/overview')({ component: ScenarioOverviewRoute });

function ScenarioOverviewRoute(): ReactElement {
  const id = scenarioIdOf(scenarioOverviewLazyRoute.useParams().id);
  if (id === null) return <ErrorPage code="404" />;
  return <ScenarioOverviewPage key={id} scenarioId={id} />;
}

export const scenarioShareLazyRoute = createLazyRoute('/signed-in-empty/scenarios/$id/share')({ component: ScenarioShareRoute });

function ScenarioShareRoute(): ReactElement {
  const id = scenarioIdOf(scenarioShareLazyRoute.useParams().id);
  if (id === null) return <ErrorPage code="404" />;
  return <ScenarioSharePage key={id} scenarioId={id} />;
}

export const scenarioPrintLazyRoute = createLazyRoute('/signed-in-empty/scenarios/$id/print')({
  component: function ScenarioPrintRoute(): ReactElement {
    return <PrintRoute raw={scenarioPrintLazyRoute.useParams().id} kind="print" />;
  },
});

export const scenarioPrintFeedbackLazyRoute = createLazyRoute('/signed-in-empty/scenarios/$id/print-feedback')({
  component: function ScenarioPrintFeedbackRoute(): ReactElement {
    return <PrintRoute raw={scenarioPrintFeedbackLazyRoute.useParams().id} kind="print-feedback" />;
  },
});

function PrintRoute({ raw, kind }: { raw: string; kind: PrintKind }): ReactElement {
  const id = scenarioIdOf(raw);
  if (id === null) return <ErrorPage code="404" />;
  return <ScenarioPrintPage key={id} scenarioId={id} kind={kind} />;
}
