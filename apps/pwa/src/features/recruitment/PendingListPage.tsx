import { formatShortDate, RECRUITMENT_MESSAGES as M } from '@simvisit/schema';
import { Card, CardBody, Pager, ProfileAvatar, SelectField, Spinner } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AppLink } from '../../lib/app-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pendingQuery } from './recruitment-api';

const PAGE_SIZES = [5, 10, 25, 50, 100] as const;

/**
 * Pending Recruitment (spec 001 §2): a paged table of the partner's pending applications — photo, name, email,
 * roles applied for and the submitted date (MM/DD/YY); a row opens the applicant. A failed load is only logged
 * (spec 001 §8), so the page then reads as empty.
 */
export function PendingListPage() {
  useDocumentTitle(M.heading);
  const navigate = useNavigate();
  const pending = useQuery(pendingQuery());
  const [pageSize, setPageSize] = useState<number>(10);
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (pending.isError) console.error('Pending recruitment could not be loaded', pending.error);
  }, [pending.isError, pending.error]);

  const entries = pending.data?.entries ?? [];
  const pageCount = Math.max(1, Math.ceil(entries.length / pageSize));
  const shown = entries.slice((page - 1) * pageSize, page * pageSize);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{M.heading}</h1>
      <Card>
        <CardBody className="space-y-4">
          {pending.isPending ? (
            <Spinner label="Loading pending recruitment" />
          ) : entries.length === 0 ? (
            <p className="text-sm text-slate-600">{M.noPending}</p>
          ) : (
            <>
              <div className="overflow-x-auto">
                <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
                  <thead>
                    <tr className="text-slate-600">
                      <th scope="col" className="px-3 py-2 font-medium">
                        Photo
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Name
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Email
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Roles
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Submitted
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {shown.map((entry) => (
                      <tr
                        key={entry.id}
                        className="cursor-pointer hover:bg-slate-50"
                        onClick={() => void navigate({ href: `/recruitment/user/${entry.user.id}` })}
                      >
                        <td className="px-3 py-2">
                          <ProfileAvatar name={entry.user.name} image={entry.user.image} className="h-10 w-10" />
                        </td>
                        <td className="px-3 py-2 font-medium text-slate-900">
                          <AppLink
                            to={`/recruitment/user/${entry.user.id}`}
                            className="text-brand-700 hover:underline"
                            onClick={(event) => event.stopPropagation()}
                          >
                            {entry.user.name}
                          </AppLink>
                        </td>
                        <td className="px-3 py-2 text-slate-700">{entry.user.email}</td>
                        <td className="px-3 py-2 text-slate-700">{entry.roles.join(', ')}</td>
                        <td className="px-3 py-2 text-slate-700">{formatShortDate(new Date(entry.created_at))}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="flex flex-wrap items-end justify-between gap-3">
                <SelectField
                  id="pending-page-size"
                  label="Rows per page"
                  value={String(pageSize)}
                  options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
                  onChange={(event) => {
                    setPageSize(Number(event.target.value));
                    setPage(1);
                  }}
                />
                {pageCount > 1 ? (
                  <Pager page={page} pageCount={pageCount} onPageChange={setPage} label="Pending recruitment pages" />
                ) : null}
              </div>
            </>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
