import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { QuoteListPage } from './QuoteListPage';
import { QuotePage } from './QuotePage';

export const quoteListLazyRoute = createLazyRoute('/signed-in/management/quotes')({ component: QuoteListRoute });

function QuoteListRoute(): ReactElement {
  const navigate = quoteListLazyRoute.useNavigate();
  return <QuoteListPage search={quoteListLazyRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}

export const quoteLazyRoute = createLazyRoute('/signed-in/management/quote/$request_id')({ component: QuoteRoute });

function QuoteRoute(): ReactElement {
  const { request_id } = quoteLazyRoute.useParams();
  const id = Number(request_id);
  if (!Number.isInteger(id) || id <= 0) return <ErrorPage code="404" />;
  return <QuotePage key={id} requestId={id} />;
}
