import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { RubricDetailPage } from './RubricDetailPage';
import { RubricListPage } from './RubricListPage';

// The rich-text editor is not in this chunk: the detail page loads it on its own, only when the rubric is editable.

export const rubricListLazyRoute = createLazyRoute('/signed-in/rubrics')({ component: RubricListRoute });

function RubricListRoute(): ReactElement {
  const navigate = rubricListLazyRoute.useNavigate();
  return <RubricListPage search={rubricListLazyRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}

export const rubricShowLazyRoute = createLazyRoute('/signed-in/rubrics/$id')({ component: RubricShowRoute });

function RubricShowRoute(): ReactElement {
  const { id } = rubricShowLazyRoute.useParams();
  const rubricId = Number(id);
  if (!Number.isInteger(rubricId) || rubricId <= 0) return <ErrorPage code="404" />;
  // Another rubric (after Clone) starts with fresh state.
  return <RubricDetailPage key={rubricId} rubricId={rubricId} />;
}
