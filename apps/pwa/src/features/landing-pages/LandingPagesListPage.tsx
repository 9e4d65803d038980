import { LANDING_MESSAGES as M } from '@simvisit/schema';
import { AdminPage, buttonClassName, DataTable, defineColumns } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../lib/app-link';
import { tableRows } from '../../lib/table-rows';
import { useDocumentTitle } from '../../lib/use-document-title';
import { landingPagesQuery } from './landing-pages-api';

interface LandingPageEntry {
  id: number;
  short_name: string;
}

const columns = defineColumns<LandingPageEntry>([
  { id: 'short_name', header: 'Partner', value: (p) => p.short_name, sortable: true, className: 'font-medium text-slate-900' },
]);

/** The landing pages list (spec 002 §2.21): short_name and a View button to management.partner. */
export function LandingPagesListPage() {
  useDocumentTitle('Landing Pages');
  const pages = useQuery(landingPagesQuery());
  return (
    <AdminPage title="Landing Pages">
      <DataTable
        caption="Landing pages"
        columns={columns}
        {...tableRows(pages, (data) => data.landing_pages, 'Landing pages could not be loaded')}
        getRowId={(p) => p.id}
        loadingLabel="Loading landing pages"
        empty={M.noLandingPages}
        rowActions={(p) => (
          <AppLink to={`/management/partner/${p.id}`} aria-label={`View ${p.short_name}`} className={buttonClassName('secondary', 'sm')}>
            View
          </AppLink>
        )}
      />
    </AdminPage>
  );
}
