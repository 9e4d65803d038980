import { applicationStatus, formatShortDate } from '@simvisit/schema';
import { Button, Modal } from '@simvisit/ui';
import type { Application } from './types';

export interface ApplicationDetailsProps {
  application: Application | null;
  onClose: () => void;
}

/** What the View button shows: the application as submitted and where it stands. */
export function ApplicationDetails({ application, onClose }: ApplicationDetailsProps) {
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
        </dl>
      ) : null}
    </Modal>
  );
}
