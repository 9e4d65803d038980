import { parseId } from '@simvisit/schema';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { VisitScorecardPage } from './VisitScorecardPage';

/** The visit id of the address, or null when it is not one (the page then shows 404). */
function visitIdOf(raw: string): number | null {
  return parseId(raw);
}

export const visitScorecardLazyRoute = createLazyRoute('/signed-in/visit/$visit_id/scorecard')({ component: VisitScorecardRoute });

function VisitScorecardRoute(): ReactElement {
  const id = visitIdOf(visitScorecardLazyRoute.useParams().visit_id);
  if (id === null) return <ErrorPage code="404" />;
  return <VisitScorecardPage key={id} visitId={id} />;
}
