import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { ClientRequestPage } from './ClientRequestPage';
import { ClientRequestsPage } from './ClientRequestsPage';

export const clientRequestsLazyRoute = createLazyRoute('/signed-in/management/clients')({ component: ClientRequestsRoute });

function ClientRequestsRoute(): ReactElement {
  const navigate = clientRequestsLazyRoute.useNavigate();
  return <ClientRequestsPage search={clientRequestsLazyRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}

export const clientRequestLazyRoute = createLazyRoute('/signed-in/management/client/$request_id')({ component: ClientRequestRoute });

function ClientRequestRoute(): ReactElement {
  const { request_id } = clientRequestLazyRoute.useParams();
  const id = Number(request_id);
  if (!Number.isInteger(id) || id <= 0) return <ErrorPage code="404" />;
  return <ClientRequestPage key={id} requestId={id} />;
}
