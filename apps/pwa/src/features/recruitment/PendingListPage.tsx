import { formatShortDate, RECRUITMENT_MESSAGES as M, type PendingEntry } from '@simvisit/schema';
import { AdminPage, DataTable, defineColumns, ProfileAvatar } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppLink } from '../../lib/app-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pendingQuery } from './recruitment-api';

const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
const applicantPath = (entry: PendingEntry) => `/recruitment/user/${entry.user.id}`;

const columns = defineColumns<PendingEntry>([
  { id: 'photo', header: 'Photo', cell: (e) => <ProfileAvatar name={e.user.name} image={e.user.image} className="h-10 w-10" /> },
  {
    id: 'name',
    header: 'Name',
    value: (e) => e.user.name,
    sortable: true,
    className: 'font-medium text-slate-900',
    // The row opens the applicant on a click; the link is what keyboards and screen readers reach.
    cell: (e) => (
      <AppLink to={applicantPath(e)} className="text-brand-700 hover:underline" onClick={(event) => event.stopPropagation()}>
        {e.user.name}
      </AppLink>
    ),
  },
  { id: 'email', header: 'Email', value: (e) => e.user.email, sortable: true },
  { id: 'roles', header: 'Roles', value: (e) => e.roles.join(', ') },
  {
    id: 'submitted',
    header: 'Submitted',
    value: (e) => e.created_at,
    cell: (e) => formatShortDate(new Date(e.created_at)),
    exportValue: (e) => new Date(e.created_at),
    sortable: true,
  },
]);

/**
 * Pending Recruitment (spec 001 §2): a paged table of the partner's pending applications — photo, name, email,
 * roles applied for and the submitted date (MM/DD/YY); a row opens the applicant. A failed load is only logged
 * (spec 001 §8), so the page then reads as empty.
 */
export function PendingListPage() {
  useDocumentTitle(M.heading);
  const navigate = useNavigate();
  const pending = useQuery(pendingQuery());
  useEffect(() => {
    if (pending.isError) console.error('Pending recruitment could not be loaded', pending.error);
  }, [pending.isError, pending.error]);

  return (
    <AdminPage title={M.heading}>
      <DataTable
        caption={M.heading}
        columns={columns}
        rows={pending.data?.entries ?? (pending.isError ? [] : undefined)}
        getRowId={(e) => e.id}
        loadingLabel="Loading pending recruitment"
        empty={M.noPending}
        onRowClick={(e) => void navigate({ href: applicantPath(e) })}
        paging={{ pageSize: 10, pageSizes: PAGE_SIZES, label: 'Pending recruitment pages' }}
      />
    </AdminPage>
  );
}
