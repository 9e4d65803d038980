import { type ActivityKind, DETAIL_PAGE_SIZE } from '@simvisit/schema';
import { Card, CardBody, CardHeader, cn, Pager } from '@simvisit/ui';
import { useState } from 'react';
import { dateAndTime } from './format';
import { useUserActivityPage } from './queries';
import type { ActivityItem } from './types';

const STATUS_TONES: Record<string, string> = {
  Canceled: 'bg-red-50 text-red-800 ring-red-200',
  'No Show': 'bg-red-50 text-red-800 ring-red-200',
  'Learner Technical Issue': 'bg-amber-50 text-amber-800 ring-amber-200',
  Complete: 'bg-green-50 text-green-800 ring-green-200',
  Completed: 'bg-green-50 text-green-800 ring-green-200',
  Scheduled: 'bg-brand-50 text-brand-800 ring-brand-200',
};

function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        STATUS_TONES[status] ?? 'bg-slate-50 text-slate-700 ring-slate-200',
      )}
    >
      {status}
    </span>
  );
}

export interface ActivityCardProps {
  userId: number;
  kind: ActivityKind;
  title: string;
  items: readonly ActivityItem[];
  total: number;
  emptyText: string;
}

/**
 * Visits, Training Sessions or Interviews of the user: date, time, the user's role and the status, 10 a page
 * with a pager only above 10 (spec 000 §2.14, §9). The detail call brings the first page; later pages come
 * from api/user/activity.
 */
export function ActivityCard({ userId, kind, title, items, total, emptyText }: ActivityCardProps) {
  const [page, setPage] = useState(1);
  const later = useUserActivityPage(userId, kind, page);
  const count = Math.max(total, items.length);
  const pageCount = Math.ceil(count / DETAIL_PAGE_SIZE);
  const rows = page === 1 ? items.slice(0, DETAIL_PAGE_SIZE) : (later.data?.items ?? []);
  return (
    <Card aria-label={title}>
      <CardHeader title={title} actions={count > 0 ? <span className="text-sm text-slate-500">Total of {count}</span> : null} />
      <CardBody className="space-y-3">
        {count === 0 ? (
          <p className="text-sm text-slate-600">{emptyText}</p>
        ) : (
          <>
            {rows.length === 0 ? (
              <p className="text-sm text-slate-600">{later.isError ? 'Error completing request' : 'Loading…'}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{title}</caption>
                  <thead>
                    <tr className="border-b border-slate-200 text-xs text-slate-500">
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Date
                      </th>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Time
                      </th>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Role
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        Status
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {rows.map((item) => {
                      const when = dateAndTime(item.local_time);
                      return (
                        <tr key={item.id}>
                          <td className="py-2 pr-4 whitespace-nowrap text-slate-900">{when?.date ?? '—'}</td>
                          <td className="py-2 pr-4 whitespace-nowrap text-slate-900">{when?.time ?? '—'}</td>
                          <td className="py-2 pr-4 text-slate-700">{item.role}</td>
                          <td className="py-2">
                            <StatusBadge status={item.status} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
            {count > DETAIL_PAGE_SIZE ? <Pager page={page} pageCount={pageCount} onPageChange={setPage} label={`${title} pages`} /> : null}
          </>
        )}
      </CardBody>
    </Card>
  );
}
