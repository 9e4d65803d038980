import { createRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../features/errors/ErrorPage';
import { VisitScorecardPage } from '../features/visit-scorecards';
import { signedInLayoutRoute } from './layouts';

/** The visit id of the address, or null when it is not one (the page then shows 404). */
function visitIdOf(raw: string): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * visit.scorecard (visit_id): the visit scorecard page (spec 002 §2.1, §2.3), for every signed-in person; the
 * server decides access. It works offline for the SP and observers once their documents are on the device.
 */
export const visitScorecardRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'visit/$visit_id/scorecard',
  component: function VisitScorecardRoute(): ReactElement {
    const id = visitIdOf(visitScorecardRoute.useParams().visit_id);
    if (id === null) return <ErrorPage code="404" />;
    return <VisitScorecardPage key={id} visitId={id} />;
  },
});

export const visitScorecardRoutes = [visitScorecardRoute] as const;
