import { formatInZone, type InterviewListItem, ROLE } from '@simvisit/schema';
import { Card, CardBody, CardHeader, Pager, ProfileAvatar, Spinner, Tabs } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { AppLink } from '../../lib/app-link';
import { useDisplayZone, useSignedInSession } from '../../platform/session';
import { headTrainerInterviewsQuery } from './recruitment-api';

const PAGE_SIZE = 10;

function InterviewList({ items, empty, label }: { items: readonly InterviewListItem[]; empty: string; label: string }) {
  const [page, setPage] = useState(1);
  const zone = useDisplayZone();
  if (items.length === 0) return <p className="py-3 text-sm text-slate-600">{empty}</p>;
  const pageCount = Math.ceil(items.length / PAGE_SIZE);
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-100">
        {items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <AppLink to={`/recruitment/user/${item.applicant_user_id}`} className="flex items-center gap-3 px-1 py-3 hover:bg-slate-50">
              <ProfileAvatar name={item.applicant.name} image={item.applicant.image} className="h-10 w-10" />
              <span className="flex-1">
                <span className="block font-medium text-slate-900">{item.applicant.name}</span>
                <span className="block text-sm text-slate-600">
                  {item.local_time ? formatInZone(new Date(item.local_time), zone) : 'No date'} · {item.trainer.name}
                </span>
              </span>
              <span className="text-sm text-slate-700">{item.status}</span>
            </AppLink>
          </li>
        ))}
      </ul>
      {pageCount > 1 ? <Pager page={page} pageCount={pageCount} onPageChange={setPage} label={`${label} pages`} /> : null}
    </div>
  );
}

/**
 * The head trainer's interviews on the trainer dashboard (spec 000 §2.12, spec 001 §4): scheduled, pending and
 * completed, 10 a page; a click opens the applicant (recruitment.pending). Only head trainers see it.
 */
export function InterviewsCard() {
  const session = useSignedInSession();
  const isHeadTrainer =
    session.user.super_admin === 1 ||
    session.user.user_roles.some((r) => r.role_id === ROLE.head_trainer && r.partner_id === session.partner?.id && r.is_approved);
  const lists = useQuery({ ...headTrainerInterviewsQuery(), enabled: isHeadTrainer });
  if (!isHeadTrainer) return null;
  return (
    <Card>
      <CardHeader title="Interviews" />
      <CardBody>
        {lists.isPending ? (
          <Spinner label="Loading interviews" />
        ) : lists.isError ? (
          <p className="text-sm text-red-700">{errorMessage(lists.error)}</p>
        ) : (
          <Tabs
            label="Interviews"
            items={[
              {
                value: 'scheduled',
                label: 'Scheduled',
                content: <InterviewList items={lists.data.scheduled} empty="No Scheduled Interviews" label="Scheduled interviews" />,
              },
              {
                value: 'pending',
                label: 'Pending',
                content: <InterviewList items={lists.data.pending} empty="No Pending Interviews" label="Pending interviews" />,
              },
              {
                value: 'completed',
                label: 'Completed',
                content: <InterviewList items={lists.data.completed} empty="No Completed Interviews" label="Completed interviews" />,
              },
            ]}
          />
        )}
      </CardBody>
    </Card>
  );
}
