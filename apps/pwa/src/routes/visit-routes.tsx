import { createRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../features/errors/ErrorPage';
import { VisitPage } from '../features/visits/VisitPage';
import { signedInLayoutRoute } from './layouts';

export interface VisitSearch {
  /** R=1 opens the learner's reschedule view (spec 002 §2.2; the admin's reschedule link) */
  R?: string;
}

/** The visit id of the address, or null when it is not one (the page then shows 404). */
function visitIdOf(raw: string): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** visit (visit_id): the visit detail page (spec 002 §2.1), for every signed-in person; the server decides access. */
export const visitRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'visit/$visit_id',
  validateSearch: (search: Record<string, unknown>): VisitSearch => {
    const r = search.R;
    return r === 1 || r === '1' || r === true || r === 'true' ? { R: '1' } : {};
  },
  component: function VisitRoute(): ReactElement {
    const id = visitIdOf(visitRoute.useParams().visit_id);
    const { R } = visitRoute.useSearch();
    if (id === null) return <ErrorPage code="404" />;
    return <VisitPage key={id} visitId={id} openReschedule={R === '1'} />;
  },
});

export const visitRoutes = [visitRoute] as const;
