import { type ApplicantDetails, applicationStatus, formatShortDate, formatTime, RECRUITMENT_MESSAGES } from '@simvisit/schema';
import { Button, Modal } from '@simvisit/ui';
import type { Application } from './types';

export interface ApplicationDetailsProps {
  application: Application | null;
  /** what the applicant left on the account: experience, time zone, availability, files (decision 0060) */
  applicant: ApplicantDetails;
  onClose: () => void;
}

const NOT_SET = RECRUITMENT_MESSAGES.notSet;

/** An availability's time ('13:30:00') as 1:30 pm (the grid is zone-free, so UTC only formats it). */
function timeText(time: string): string {
  const [h, m] = time.split(':').map(Number);
  return formatTime(new Date(Date.UTC(2000, 0, 1, h ?? 0, m ?? 0)), 'UTC');
}

/** What the View button shows: the application as submitted (spec 001 §3 'Pending user') and where it stands. */
export function ApplicationDetails({ application, applicant, onClose }: ApplicationDetailsProps) {
  return (
    <Modal
      open={application !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Role Application"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {application ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
          <dt className="text-slate-500">Submitted</dt>
          <dd>{formatShortDate(new Date(application.created_at))}</dd>
          <dt className="text-slate-500">Status</dt>
          <dd>{applicationStatus(application)}</dd>
          <dt className="text-slate-500">Roles applied for</dt>
          <dd>{application.roles.join(', ') || '—'}</dd>
          <dt className="text-slate-500">Experience</dt>
          <dd className="whitespace-pre-line">{applicant.experience || NOT_SET}</dd>
          <dt className="text-slate-500">Time zone</dt>
          <dd>{applicant.timezone ?? NOT_SET}</dd>
          <dt className="text-slate-500">Weekly availability</dt>
          <dd>
            {applicant.availabilities.length === 0 ? (
              NOT_SET
            ) : (
              <ul className="space-y-1">
                {applicant.availabilities.map((a) => (
                  <li key={`${a.day}-${a.start_time}`}>
                    {a.day}: {timeText(a.start_time)} – {timeText(a.end_time)}
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt className="text-slate-500">Resume</dt>
          <dd>
            {applicant.resume_url ? (
              <a href={applicant.resume_url} className="font-medium text-brand-700 underline" download>
                Download resume
              </a>
            ) : (
              NOT_SET
            )}
          </dd>
          <dt className="text-slate-500">Headshot</dt>
          <dd>
            {applicant.headshot_url ? (
              <img src={applicant.headshot_url} alt="Your headshot" className="h-24 w-24 rounded-md object-cover" />
            ) : (
              NOT_SET
            )}
          </dd>
        </dl>
      ) : null}
    </Modal>
  );
}
