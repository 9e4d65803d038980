import { formatUsDate, QUOTE_RELOAD_MS, type QuoteDetail } from '@simvisit/schema';
import { Alert, Card, CardBody, CardHeader, Spinner } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { QuoteBuilder } from './QuoteBuilder';
import { useQuoteDetail } from './quotes-api';

/** Spec 002 §8 'Other errors': a request that cannot be loaded. */
const LOAD_ERROR = 'Error Loading Application';

/**
 * One quote request (spec 002 §2.18): who asked and for which organisation, and the quote builder. After
 * 'Quote saved' the quote is read again QUOTE_RELOAD_MS later (spec 002 §9's reload, without leaving the page);
 * an answer that differs from what is shown rebuilds the builder from what the server stored. Super admins only (the route's guard).
 */
export function QuotePage({ requestId }: { requestId: number }) {
  useDocumentTitle('Quote Request');
  const detail = useQuoteDetail(requestId);
  const reload = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reload.current), []);
  const refetch = detail.refetch;

  const back = (
    <Link to="/management/quotes" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
      Back to Quote Requests
    </Link>
  );
  if (detail.isPending) return <Spinner label="Loading quote request" />;
  if (detail.isError) {
    return (
      <div className="space-y-4">
        <Alert tone="danger" role="alert" title={LOAD_ERROR}>
          {errorMessage(detail.error)}
        </Alert>
        {back}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {back}
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Quote Request</h1>
      <Applicant detail={detail.data} />
      <Card>
        <CardHeader title="Quote Builder" />
        <CardBody>
          <QuoteBuilder
            // Rebuilt only when the server's stored quote differs from the one shown: the reload after 'Quote saved'
            // answers the same quote, and remounting then closed an Approve dialog opened meanwhile.
            key={JSON.stringify(detail.data)}
            detail={detail.data}
            onSaved={() => {
              clearTimeout(reload.current);
              reload.current = setTimeout(() => void refetch(), QUOTE_RELOAD_MS);
            }}
            onActivity={() => clearTimeout(reload.current)}
            onDecided={() => {
              clearTimeout(reload.current);
              void refetch();
            }}
          />
        </CardBody>
      </Card>
    </div>
  );
}

/** The applicant and company details of spec 002 §2.18 and §3 'Quote request'. */
function Applicant({ detail }: { detail: QuoteDetail }) {
  const { user, created_at } = detail.quote;
  const rows: [string, string | null][] = [
    ['Name', user.name],
    ['Email', user.email],
    ['Mobile Number', user.mobile_number],
    ['Job Title', user.job_title],
    ['Company Name', user.company_name],
    ['Address 1', user.address_1],
    ['Address 2', user.address_2],
    ['City', user.city],
    ['State', user.state?.short_name ?? null],
    ['Zip', user.zip],
    ['Date Requested', formatUsDate(new Date(created_at))],
  ];
  return (
    <Card>
      <CardHeader title="Applicant" />
      <CardBody>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-700">{label}</dt>
              <dd className="text-slate-900">{value || '—'}</dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}
