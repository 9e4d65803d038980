import { formatShortDate, namedRoutePath, quoteStatus } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader } from '@simvisit/ui';
import { AppLink } from '../../lib/app-link';
import { StatusBadge } from './StatusBadge';
import type { Quote, QuoteRequest } from './types';

function QuoteRequestRow({ request, quote }: { request: QuoteRequest; quote: Quote | undefined }) {
  const viewQuote = namedRoutePath('management.quote', { request_id: request.id });
  return (
    <li data-testid={`quote-request-${request.id}`} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <dl className="grid grid-cols-1 gap-x-8 gap-y-2 text-sm sm:grid-cols-[auto_1fr_auto]">
        <div>
          <dt className="text-xs font-medium text-slate-500">Submitted</dt>
          <dd className="text-slate-900">{formatShortDate(new Date(request.created_at))}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Request</dt>
          <dd className="text-slate-900">{request.title}</dd>
        </div>
        {quote ? (
          <div>
            <dt className="text-xs font-medium text-slate-500">Status</dt>
            <dd>
              <StatusBadge status={quoteStatus(quote)} />
            </dd>
          </div>
        ) : null}
      </dl>
      {viewQuote ? (
        <Button asChild size="sm" variant="secondary" className="shrink-0">
          <AppLink to={viewQuote}>View Quote</AppLink>
        </Button>
      ) : null}
    </li>
  );
}

export function QuoteRequestsCard({ requests, quotes }: { requests: readonly QuoteRequest[]; quotes: readonly Quote[] }) {
  return (
    <Card>
      <CardHeader title="Quote Requests" />
      <CardBody padding="list">
        {requests.length === 0 ? (
          <p className="py-4 text-sm text-slate-600">You have no quote requests at this time.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {requests.map((r) => (
              <QuoteRequestRow key={r.id} request={r} quote={quotes.find((q) => q.quote_request_id === r.id)} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
