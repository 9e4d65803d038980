import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/**
 * visit.scorecard (visit_id): the visit scorecard page (spec 002 §2.1, §2.3), for every signed-in person; the
 * server decides access. It works offline for the SP and observers once their documents are on the device (the
 * service worker precaches this chunk with the others).
 */
export const visitScorecardRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'visit/$visit_id/scorecard',
}).lazy(() => import('./visit-scorecards-routes.lazy').then((d) => d.visitScorecardLazyRoute));

export const visitScorecardsRoutes = { signedIn: [visitScorecardRoute] };
