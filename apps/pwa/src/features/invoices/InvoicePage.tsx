import { contractUrl, formatMoney, formatUsDate, type Invoice, invoicesApi, INVOICE_MESSAGES as M } from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, ConfirmDialog, Spinner } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { useInvoice, useMarkInvoicePaid } from './invoices-api';

/**
 * One invoice request (spec 002 §2.20, §4): the requester, the amount and the requested date, the numbered PDF,
 * and either when it was paid or Mark As Paid behind a confirmation (it cannot be undone). Super admins only
 * (the route's guard).
 */
export function InvoicePage({ invoiceId }: { invoiceId: number }) {
  useDocumentTitle('Invoice Request');
  const query = useInvoice(invoiceId);
  const back = (
    <Link to="/management/invoices" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
      Back to Invoice Requests
    </Link>
  );
  if (query.isPending) return <Spinner label="Loading invoice request" />;
  if (query.isError) {
    return (
      <div className="space-y-4">
        <Alert tone="danger" role="alert" title={M.loadError}>
          {errorMessage(query.error)}
        </Alert>
        {back}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {back}
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Invoice Request</h1>
      <InvoiceDetails invoice={query.data.invoice} />
    </div>
  );
}

function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  const [asking, setAsking] = useState(false);
  const markPaid = useMarkInvoicePaid();
  const { user } = invoice;
  const cityLine = [user.city, [user.state?.short_name, user.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  // Spec 002 §2.20: address line 2 and the state are optional.
  const address = [user.address_1, user.address_2, cityLine].filter((line): line is string => Boolean(line));
  const rows: [string, string][] = [
    ['Name', `${user.first_name} ${user.last_name}`.trim()],
    ['Job Title', user.job_title ?? '—'],
    ['Company', user.company_name ?? '—'],
    ['Email', user.email],
  ];

  const confirm = () =>
    markPaid.mutate(invoice.id, {
      onSuccess: () => notifySuccess(M.markedPaid),
      onError: (error) => notifyFailure(M.markError, error),
      onSettled: () => setAsking(false),
    });

  return (
    <>
      <Card>
        <CardHeader title={invoice.title} />
        <CardBody className="space-y-4">
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-700">{label}</dt>
                <dd className="text-slate-900">{value}</dd>
              </div>
            ))}
            <dt className="font-medium text-slate-700">Address</dt>
            <dd className="text-slate-900">
              {address.length === 0
                ? '—'
                : address.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
            </dd>
            <dt className="font-medium text-slate-700">Invoice Number</dt>
            <dd className="text-slate-900">{invoice.number}</dd>
            <dt className="font-medium text-slate-700">Payment Amount</dt>
            <dd className="font-semibold text-slate-900">{formatMoney(invoice.payment_amount_cents)}</dd>
            <dt className="font-medium text-slate-700">Date Requested</dt>
            <dd className="text-slate-900">{formatUsDate(new Date(invoice.invoice_requested_at))}</dd>
          </dl>
          <a
            href={contractUrl(invoicesApi.pdf, undefined, { invoice_id: invoice.id })}
            target="_blank"
            rel="noopener"
            className="inline-block text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            View Invoice PDF
          </a>
          {invoice.is_payment_made ? (
            <p role="status" className="text-sm font-medium text-green-800">
              Payment was submitted on {invoice.payment_made_at ? formatUsDate(new Date(invoice.payment_made_at)) : '—'}
            </p>
          ) : (
            <div>
              <Button onClick={() => setAsking(true)} disabled={markPaid.isPending}>
                Mark As Paid
              </Button>
            </div>
          )}
        </CardBody>
      </Card>
      {asking ? (
        <ConfirmDialog
          title="Mark As Paid"
          description={`Mark invoice ${invoice.number} (${formatMoney(invoice.payment_amount_cents)}) as paid? The agreement is then finalized. This cannot be undone.`}
          confirmLabel="Mark As Paid"
          busy={markPaid.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
