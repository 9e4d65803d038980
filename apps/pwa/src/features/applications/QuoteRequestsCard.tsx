import { formatShortDate, namedRoutePath } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader } from '@simvisit/ui';
import { AppLink } from '../../lib/app-link';
import { StatusBadge } from './StatusBadge';
import type { QuoteRequest } from './types';

/** One request: when, for whom, its quote status; View Quote once the quote is decided (the agreement page). */
function QuoteRequestRow({ request }: { request: QuoteRequest }) {
  const viewQuote = request.agreement_id === null ? null : namedRoutePath('PartnerAgreement', { agreement_id: request.agreement_id });
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
        <div>
          <dt className="text-xs font-medium text-slate-500">Status</dt>
          <dd>
            <StatusBadge status={request.status} />
          </dd>
        </div>
      </dl>
      {viewQuote ? (
        <Button asChild size="sm" variant="secondary" className="shrink-0">
          <AppLink to={viewQuote}>View Quote</AppLink>
        </Button>
      ) : null}
    </li>
  );
}

/** The applicant dashboard's Quote Requests card (spec 000 §2.10), with a way to ask for another quote. */
export function QuoteRequestsCard({ requests }: { requests: readonly QuoteRequest[] }) {
  return (
    <Card>
      <CardHeader
        title="Quote Requests"
        actions={
          <Button asChild size="sm">
            <AppLink to="/request-quote">Request a Quote</AppLink>
          </Button>
        }
      />
      <CardBody padding="list">
        {requests.length === 0 ? (
          <p className="py-4 text-sm text-slate-600">You have no quote requests at this time.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {requests.map((r) => (
              <QuoteRequestRow key={r.id} request={r} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
