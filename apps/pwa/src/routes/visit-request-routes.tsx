import { createRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../features/errors/ErrorPage';
import { RequestPage } from '../features/visit-requests';
import { signedInLayoutRoute } from './layouts';

/** The request id of the address, or null when it is not one (the page then shows 404). */
function requestIdOf(raw: string): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** request (request_id): the request page (spec 001 §2); the server decides who may see which request. */
export const requestRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'request/$request_id',
  component: function RequestRoute(): ReactElement {
    const id = requestIdOf(requestRoute.useParams().request_id);
    if (id === null) return <ErrorPage code="404" />;
    return <RequestPage key={id} requestId={id} />;
  },
});

export const visitRequestRoutes = [requestRoute] as const;
