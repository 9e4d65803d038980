import { type ApplicantDetails, applicationStatus, formatShortDate, namedRoutePath } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader } from '@simvisit/ui';
import { useState } from 'react';
import { AppLink } from '../../lib/app-link';
import { ApplicationDetails } from './ApplicationDetails';
import { StatusBadge } from './StatusBadge';
import type { Application } from './types';

function ApplicationRow({ application, onView }: { application: Application; onView: () => void }) {
  const status = applicationStatus(application);
  const request = application.interview_requests[0];
  const respondTo = status === 'Interview Requested' && request ? namedRoutePath('request', { request_id: request.id }) : null;
  return (
    <li data-testid={`application-${application.id}`} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <dl className="grid grid-cols-1 gap-x-8 gap-y-2 text-sm sm:grid-cols-[auto_auto_1fr]">
        <div>
          <dt className="text-xs font-medium text-slate-500">Submitted</dt>
          <dd className="text-slate-900">{formatShortDate(new Date(application.created_at))}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Status</dt>
          <dd>
            <StatusBadge status={status} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Roles applied for</dt>
          <dd className="text-slate-900">{application.roles.join(', ') || '—'}</dd>
        </div>
      </dl>
      <div className="flex shrink-0 gap-2">
        {respondTo ? (
          <Button asChild size="sm">
            <AppLink to={respondTo}>Respond</AppLink>
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" onClick={onView}>
          View
        </Button>
      </div>
    </li>
  );
}

export function RoleApplicationsCard({ applications, applicant }: { applications: readonly Application[]; applicant: ApplicantDetails }) {
  const [viewing, setViewing] = useState<Application | null>(null);
  return (
    <Card>
      <CardHeader title="Role Applications" />
      <CardBody padding="list">
        {applications.length === 0 ? (
          <p className="py-4 text-sm text-slate-600">You have no role applications at this time.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {applications.map((a) => (
              <ApplicationRow key={a.id} application={a} onView={() => setViewing(a)} />
            ))}
          </ul>
        )}
      </CardBody>
      <ApplicationDetails application={viewing} applicant={applicant} onClose={() => setViewing(null)} />
    </Card>
  );
}
