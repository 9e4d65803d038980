import { CLIENT_REQUEST_PAGE_SIZE, type ClientRequest, clientRequestBrand, CLIENT_REQUEST_MESSAGES as M } from '@simvisit/schema';
import { AdminPage, Button, DataTable, defineColumns, SearchBox, useSearchDraft } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { useProductName } from '../../lib/app-config';
import { tableRows } from '../../lib/table-rows';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useClientRequests } from './client-admin-requests-api';

export interface ClientRequestsSearch {
  email?: string;
  page?: string;
}

/** A tag of the request's brand (spec 002 §2.8): {product} or Simclusive. */
export function BrandTag({ isSim }: { isSim: boolean }) {
  const product = useProductName();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${isSim ? 'bg-violet-100 text-violet-800' : 'bg-brand-100 text-brand-800'}`}
    >
      {clientRequestBrand(isSim, product)}
    </span>
  );
}

export const submittedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

const columns = defineColumns<ClientRequest>([
  {
    id: 'name',
    header: 'Name',
    value: (r) => r.user.name,
    cell: (r) => (
      <Link
        to="/management/client/$request_id"
        params={{ request_id: String(r.id) }}
        className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {r.user.name}
      </Link>
    ),
  },
  { id: 'email', header: 'Email', value: (r) => r.user.email },
  { id: 'brand', header: 'Brand', cell: (r) => <BrandTag isSim={r.is_sim} /> },
  {
    id: 'submitted',
    header: 'Submitted',
    value: (r) => r.created_at,
    cell: (r) => submittedOn(r.created_at),
    exportValue: (r) => new Date(r.created_at),
  },
]);

/** Client Admin Requests (spec 002 §2.8): pending requests by email, 20 a page; super admins (the route's guard). */
export function ClientRequestsPage({
  search,
  onSearchChange,
}: {
  search: ClientRequestsSearch;
  onSearchChange: (s: ClientRequestsSearch) => void;
}) {
  useDocumentTitle('Client Admin Requests');
  const email = (search.email ?? '').trim();
  const page = Math.max(1, Math.floor(Number(search.page)) || 1);
  const [draft, setDraft] = useSearchDraft(email);
  const list = useClientRequests(email, page);

  return (
    <AdminPage
      title="Client Admin Requests"
      actions={
        <Button
          variant="secondary"
          onClick={() => {
            setDraft('');
            onSearchChange({});
          }}
        >
          Reset Filters
        </Button>
      }
      filters={
        <SearchBox
          label="Search by Email"
          landmark="Request search"
          value={draft}
          onChange={setDraft}
          onSubmit={(text) => onSearchChange({ email: text.trim() || undefined })}
          placeholder="name@example.com"
        />
      }
    >
      <section aria-label="Requests">
        <DataTable
          caption="Client admin requests"
          columns={columns}
          {...tableRows(list, (data) => data.requests, M.loadError)}
          getRowId={(r) => r.id}
          loadingLabel="Loading requests"
          empty={M.noRequests}
          paging={{
            page,
            pageCount: Math.ceil((list.data?.total ?? 0) / CLIENT_REQUEST_PAGE_SIZE),
            onPageChange: (p) => onSearchChange({ email: email || undefined, page: p > 1 ? String(p) : undefined }),
            label: 'Request list pages',
          }}
        />
      </section>
    </AdminPage>
  );
}
