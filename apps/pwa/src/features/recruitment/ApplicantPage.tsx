import {
  contractUrl,
  formatShortDate,
  formatTime,
  RECRUITMENT_MESSAGES as M,
  type PendingUserResponse,
  recruitmentApi,
} from '@simvisit/schema';
import { Card, CardBody, CardHeader, ProfileAvatar, Spinner } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ApplicationDecisionCard } from './ApplicationDecisionCard';
import { InterviewSchedulingCard } from './InterviewSchedulingCard';
import { pendingUserQuery } from './recruitment-api';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** An availability's time ('13:30:00') as 1:30 pm. */
function timeText(time: string): string {
  const [h, m] = time.split(':').map(Number);
  return formatTime(new Date(Date.UTC(2000, 0, 1, h ?? 0, m ?? 0)), 'UTC');
}

/**
 * The pending applicant (spec 001 §2): every detail of the application on the left; on the right the interview
 * scheduling and its status, and the decision (roles with pay rates, Approve, Reject). When the applicant cannot
 * be loaded (no pending application any more, or no access) the page goes to the user's management page.
 */
export function ApplicantPage({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const loaded = useQuery(pendingUserQuery(userId));
  useDocumentTitle(loaded.data ? `${loaded.data.pending_user.user.name} | ${M.heading}` : M.heading);
  useEffect(() => {
    if (loaded.isError) void navigate({ href: `/management/user/${userId}`, replace: true });
  }, [loaded.isError, navigate, userId]);
  if (!loaded.data) return <Spinner label="Loading the applicant" />;
  return <ApplicantView data={loaded.data} />;
}

function ApplicantView({ data }: { data: PendingUserResponse }) {
  const { pending_user: pending } = data;
  const user = pending.user;
  const fileUrl = (kind: 'resume' | 'headshot') => contractUrl(recruitmentApi.applicantFile, { user_id: user.id, kind });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{M.heading}</h1>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card>
          <CardHeader title="Applicant" />
          <CardBody className="space-y-5">
            <div className="flex items-center gap-4">
              <ProfileAvatar name={user.name} image={user.image} className="h-16 w-16" alt={`Photo of ${user.name}`} />
              <div>
                <p className="text-lg font-semibold text-slate-900">{user.name}</p>
                <p className="text-sm text-slate-600">{user.email}</p>
              </div>
            </div>
            <dl className="space-y-3">
              <Detail label="Mobile number">{user.mobile_number ?? M.notSet}</Detail>
              <Detail label="Submitted">{formatShortDate(new Date(pending.created_at))}</Detail>
              <Detail label="Roles applied for">{pending.roles_applied.join(', ')}</Detail>
              <Detail label="Time zone">{user.timezone?.title ?? M.notSet}</Detail>
              <Detail label="Experience">
                <span className="whitespace-pre-line">{user.experience || M.notSet}</span>
              </Detail>
              <Detail label="Availabilities">
                {user.availabilities.length === 0 ? (
                  M.notSet
                ) : (
                  <ul className="space-y-1">
                    {user.availabilities.map((a) => (
                      <li key={a.id}>
                        {a.day}: {timeText(a.start_time)} – {timeText(a.end_time)}
                      </li>
                    ))}
                  </ul>
                )}
              </Detail>
              <Detail label="Resume">
                {user.resume ? (
                  <a href={fileUrl('resume')} className="font-medium text-brand-700 underline" download>
                    Download resume
                  </a>
                ) : (
                  M.notSet
                )}
              </Detail>
              <Detail label="Headshot">
                {user.headshot ? (
                  <a href={fileUrl('headshot')} className="font-medium text-brand-700 underline" download>
                    Download headshot
                  </a>
                ) : (
                  M.notSet
                )}
              </Detail>
            </dl>
          </CardBody>
        </Card>
        <div className="space-y-6">
          <InterviewSchedulingCard pending={pending} />
          <ApplicationDecisionCard data={data} />
        </div>
      </div>
    </div>
  );
}
