import { createRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search-params';
import { signedInLayoutRoute } from '../../platform/shell';
import type { RubricListSearch } from './RubricListPage';

/** A search value as text: the router reads "?page=2" as the number 2. */
function textParam(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return stringParam(value);
}

/**
 * rubric.list (spec 001 §2). No permission is declared here: the server lets authors, scenario admins and
 * super admins in (decision 0016) and the page shows the 403 page when it refuses (decision 0022).
 */
export const rubricListRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'rubrics',
  validateSearch: (search: Record<string, unknown>): RubricListSearch => ({
    tab: stringParam(search.tab),
    page: textParam(search.page),
  }),
}).lazy(() => import('./rubrics-routes.lazy').then((d) => d.rubricListLazyRoute));

/** rubric.show (id), path /rubrics/{id}. */
export const rubricShowRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'rubrics/$id',
}).lazy(() => import('./rubrics-routes.lazy').then((d) => d.rubricShowLazyRoute));

export const rubricsRoutes = { signedIn: [rubricListRoute, rubricShowRoute] };
