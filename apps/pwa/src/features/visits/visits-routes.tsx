import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

export interface VisitSearch {
  /** R=1 opens the learner's reschedule view (spec 002 §2.2; the admin's reschedule link) */
  R?: string;
}

/** visit (visit_id): the visit detail page (spec 002 §2.1), for every signed-in person; the server decides access. */
export const visitRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'visit/$visit_id',
  validateSearch: (search: Record<string, unknown>): VisitSearch => {
    const r = search.R;
    return r === 1 || r === '1' || r === true || r === 'true' ? { R: '1' } : {};
  },
}).lazy(() => import('./visits-routes.lazy').then((d) => d.visitLazyRoute));

export const visitsRoutes = { signedIn: [visitRoute] };
