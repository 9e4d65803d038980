import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { InvoicePage } from './InvoicePage';
import { InvoicesPage } from './InvoicesPage';

export const invoicesLazyRoute = createLazyRoute('/signed-in/management/invoices')({ component: InvoicesPage });

export const invoiceLazyRoute = createLazyRoute('/signed-in/management/invoice/$invoice_id')({ component: InvoiceRoute });

function InvoiceRoute(): ReactElement {
  const { invoice_id } = invoiceLazyRoute.useParams();
  const id = Number(invoice_id);
  if (!Number.isInteger(id) || id <= 0) return <ErrorPage code="404" />;
  return <InvoicePage key={id} invoiceId={id} />;
}
