import { parseId } from '@simvisit/schema';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { VisitPage } from './VisitPage';

/** The visit id of the address, or null when it is not one (the page then shows 404). */
function visitIdOf(raw: string): number | null {
  return parseId(raw);
}

export const visitLazyRoute = createLazyRoute('/signed-in/visit/$visit_id')({ component: VisitRoute });

function VisitRoute(): ReactElement {
  const id = visitIdOf(visitLazyRoute.useParams().visit_id);
  const { R } = visitLazyRoute.useSearch();
  if (id === null) return <ErrorPage code="404" />;
  return <VisitPage key={id} visitId={id} openReschedule={R === '1'} />;
}
