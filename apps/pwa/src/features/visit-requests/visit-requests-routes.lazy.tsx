import { parseId } from '@simvisit/schema';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { RequestPage } from './RequestPage';

/** The request id of the address, or null when it is not one (the page then shows 404). */
function requestIdOf(raw: string): number | null {
  return parseId(raw);
}

export const requestLazyRoute = createLazyRoute('/signed-in/request/$request_id')({ component: RequestRoute });

function RequestRoute(): ReactElement {
  const id = requestIdOf(requestLazyRoute.useParams().request_id);
  if (id === null) return <ErrorPage code="404" />;
  return <RequestPage key={id} requestId={id} />;
}
