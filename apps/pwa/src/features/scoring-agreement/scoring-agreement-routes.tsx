import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search-params';
import { signedInLayoutRoute } from '../../platform/shell';
import type { ScoringAgreementSearch } from './ScoringAgreementPage';

const textParam = (value: unknown) => (typeof value === 'number' ? String(value) : stringParam(value));

/** /reports/scoring (issue 20 item 7): admins, head trainers and super admins (scenario.admin), else the 403 page. */
export const scoringAgreementRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'reports/scoring',
  staticData: { access: ACCESS.scenarioAdmin },
  validateSearch: (search: Record<string, unknown>): ScoringAgreementSearch => ({
    scenario_id: textParam(search.scenario_id),
    from: textParam(search.from),
    to: textParam(search.to),
  }),
}).lazy(() => import('./scoring-agreement-routes.lazy').then((d) => d.scoringAgreementLazyRoute));

export const scoringAgreementRoutes = { signedIn: [scoringAgreementRoute] };
