import { LANDING_MESSAGES as M } from '@simvisit/schema';
import { Card, CardBody, Spinner } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../lib/app-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { landingPagesQuery } from './landing-pages-api';

/** The landing pages list (spec 002 §2.21): short_name and a View button to management.partner. */
export function LandingPagesListPage() {
  useDocumentTitle('Landing Pages');
  const pages = useQuery(landingPagesQuery());
  const list = pages.data?.landing_pages ?? [];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Landing Pages</h1>
      <Card>
        <CardBody>
          {pages.isPending ? (
            <Spinner label="Loading landing pages" />
          ) : pages.isError ? (
            <p className="text-sm text-red-700">{pages.error.message}</p>
          ) : list.length === 0 ? (
            <p className="text-sm text-slate-600">{M.noLandingPages}</p>
          ) : (
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="px-3 py-2 font-medium">
                    Partner
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((p) => (
                  <tr key={p.id}>
                    <td className="px-3 py-2 font-medium text-slate-900">{p.short_name}</td>
                    <td className="px-3 py-2 text-right">
                      <AppLink
                        to={`/management/partner/${p.id}`}
                        aria-label={`View ${p.short_name}`}
                        className="inline-flex h-8 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
                      >
                        View
                      </AppLink>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
