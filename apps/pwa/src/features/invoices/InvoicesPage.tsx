import { formatUsDate, type Invoice, INVOICE_MESSAGES as M } from '@simvisit/schema';
import { AdminPage, Button, DataTable, defineColumns } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { tableRows } from '../../lib/table-rows';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useInvoices } from './invoices-api';

/** Spec 002 §2.20: Complete once the payment is made, otherwise Pending. */
export const invoiceStatus = (invoice: Pick<Invoice, 'is_payment_made'>) => (invoice.is_payment_made ? 'Complete' : 'Pending');

const columns = defineColumns<Invoice>([
  { id: 'title', header: 'Title', value: (i) => i.title },
  {
    id: 'requested',
    header: 'Date Requested',
    value: (i) => i.invoice_requested_at,
    cell: (i) => formatUsDate(new Date(i.invoice_requested_at)),
    exportValue: (i) => new Date(i.invoice_requested_at),
  },
  { id: 'status', header: 'Status', value: invoiceStatus },
]);

/** Invoice Requests (spec 002 §2.20): every invoice request, newest first, 20 a page; super admins (the route's guard). */
export function InvoicesPage() {
  useDocumentTitle('Invoice Requests');
  const list = useInvoices();
  return (
    <AdminPage title="Invoice Requests">
      <DataTable
        caption="Invoice requests"
        columns={columns}
        {...tableRows(list, (data) => data.invoices, M.loadError)}
        getRowId={(i) => i.id}
        loadingLabel="Loading invoice requests"
        empty={M.empty}
        rowActions={(i) => (
          <Button asChild size="sm" variant="secondary">
            <Link to="/management/invoice/$invoice_id" params={{ invoice_id: String(i.id) }} aria-label={`View ${i.title}`}>
              View
            </Link>
          </Button>
        )}
        paging={{ pageSize: 20, label: 'Invoice list pages' }}
      />
    </AdminPage>
  );
}
