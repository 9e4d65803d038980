import { Spinner } from '@simvisit/ui';
import { createRoute } from '@tanstack/react-router';
import { lazy, type ReactElement, Suspense } from 'react';
import { ErrorPage } from '../features/errors/ErrorPage';
import type { RubricListSearch } from '../features/rubrics/RubricListPage';
import { stringParam } from '../lib/search-params';
import { signedInLayoutRoute } from './layouts';

// Few people open the rubric editor; its drag-and-drop and rich-text code loads only when they do.
const RubricListPage = lazy(() => import('../features/rubrics/RubricListPage').then((m) => ({ default: m.RubricListPage })));
const RubricDetailPage = lazy(() => import('../features/rubrics/RubricDetailPage').then((m) => ({ default: m.RubricDetailPage })));

/** A search value as text: the router reads "?page=2" as the number 2. */
function textParam(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return stringParam(value);
}

function Loading(): ReactElement {
  return <Spinner label="Loading" />;
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
  component: RubricListRoute,
});

function RubricListRoute(): ReactElement {
  const navigate = rubricListRoute.useNavigate();
  return (
    <Suspense fallback={<Loading />}>
      <RubricListPage search={rubricListRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    </Suspense>
  );
}

/** rubric.show (id), path /rubrics/{id}. */
export const rubricShowRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'rubrics/$id',
  component: RubricShowRoute,
});

function RubricShowRoute(): ReactElement {
  const { id } = rubricShowRoute.useParams();
  const rubricId = Number(id);
  if (!Number.isInteger(rubricId) || rubricId <= 0) return <ErrorPage code="404" />;
  return (
    <Suspense fallback={<Loading />}>
      {/* Another rubric (after Clone) starts with fresh state. */}
      <RubricDetailPage key={rubricId} rubricId={rubricId} />
    </Suspense>
  );
}

export const rubricRoutes = [rubricListRoute, rubricShowRoute] as const;
