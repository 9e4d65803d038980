import { formatInZone, type Interview, joinWindow, RECRUITMENT_MESSAGES as M } from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, Modal, ProfileAvatar, Spinner } from '@simvisit/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { useDisplayZone } from '../../platform/session';
import { SessionJoinPanel } from '../../platform/session-join';
import { interviewQuery, recruitmentCalls, recruitmentKeys } from './recruitment-api';

function Person({ title, person, experience }: { title: string; person: Interview['applicant']; experience?: string | null }) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody className="space-y-3">
        <div className="flex items-center gap-3">
          <ProfileAvatar name={person.name} image={person.image} className="h-14 w-14" alt={`Photo of ${person.name}`} />
          <div>
            <p className="font-medium text-slate-900">{person.name}</p>
            <p className="text-sm text-slate-600">{person.email}</p>
          </div>
        </div>
        {experience !== undefined ? (
          <p className="whitespace-pre-line text-sm text-slate-700">
            <span className="font-medium">Experience:</span> {experience || 'Not Set'}
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}

/**
 * The interview page (spec 001 §2, §4 'Join sessions'): trainer and applicant, the time in the viewer's zone, the
 * join link inside the window (countdown 'The interview will open in N minutes and M seconds' before it), the
 * trainer's Complete after the start, and Cancel with a confirmation (back to the dashboard).
 */
export function InterviewPage({ interviewId }: { interviewId: number }) {
  useDocumentTitle('Interview');
  const zone = useDisplayZone();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loaded = useQuery(interviewQuery(interviewId));
  const now = useNow();
  const [confirming, setConfirming] = useState<'cancel' | 'complete' | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: recruitmentKeys.all });
  const cancel = useMutation({
    mutationFn: () => recruitmentCalls.cancelInterview(interviewId),
    onSuccess: async () => {
      setConfirming(null);
      notifySuccess(M.interviewCanceled);
      await refresh();
      await navigate({ to: '/dashboard' });
    },
    onError: (error) => {
      setConfirming(null);
      notifyFailure(M.cancelInterviewError, error);
    },
  });
  const complete = useMutation({
    mutationFn: () => recruitmentCalls.completeInterview(interviewId),
    onSuccess: async (answer) => {
      setConfirming(null);
      notifySuccess(answer.message);
      await refresh();
    },
    onError: (error) => {
      setConfirming(null);
      notifyFailure(M.completeError, error);
    },
  });
  if (loaded.isPending) return <Spinner label="Loading the interview" />;
  if (loaded.isError) {
    return (
      <Alert tone="danger" title={M.loadInterviewError} role="alert">
        {errorMessage(loaded.error)}
      </Alert>
    );
  }
  const interview = loaded.data.interview;
  const start = new Date(interview.local_time);
  const w = joinWindow(start, now, false);
  const participant = interview.viewer.is_trainer || interview.viewer.is_applicant;
  const status = interview.is_canceled ? 'Canceled' : interview.is_complete ? 'Complete' : 'Scheduled';
  const open = !interview.is_canceled && !interview.is_complete;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Interview</h1>
      <Card>
        <CardBody className="space-y-2 text-sm">
          <p>
            <span className="font-medium">When:</span> {formatInZone(start, zone)}
          </p>
          <p>
            <span className="font-medium">Status:</span> {status}
          </p>
        </CardBody>
      </Card>
      <div className="grid gap-6 md:grid-cols-2">
        <Person title="Trainer" person={interview.trainer} experience={interview.trainer.experience} />
        <Person title="Applicant" person={interview.applicant} />
      </div>
      {open ? (
        <SessionJoinPanel
          noun="interview"
          window={w}
          now={now}
          canJoin={participant}
          texts={{
            join: 'Join Interview',
            before: 'The interview can be joined from 20 minutes before its start.',
            closed: 'The join window has closed.',
            openMeeting: 'Open the meeting',
          }}
          fetchLink={() => recruitmentCalls.joinInterview(interviewId)}
          errorTitle={M.joinError}
          linkNotGenerated="Link not generated"
        >
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            {interview.viewer.is_trainer && w.started ? <Button onClick={() => setConfirming('complete')}>Mark Complete</Button> : null}
            {interview.viewer.can_cancel ? (
              <Button variant="danger" onClick={() => setConfirming('cancel')}>
                Cancel Interview
              </Button>
            ) : null}
          </div>
        </SessionJoinPanel>
      ) : null}
      <Modal
        open={confirming !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen && !cancel.isPending && !complete.isPending) setConfirming(null);
        }}
        title={confirming === 'cancel' ? 'Cancel Interview' : 'Complete Interview'}
        description={
          confirming === 'cancel'
            ? 'Are you sure you want to cancel this interview?'
            : 'Are you sure you want to mark this interview as complete?'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={cancel.isPending || complete.isPending}>
              No
            </Button>
            <Button
              onClick={() => (confirming === 'cancel' ? cancel.mutate() : complete.mutate())}
              disabled={cancel.isPending || complete.isPending}
              aria-busy={cancel.isPending || complete.isPending}
            >
              Yes
            </Button>
          </>
        }
      />
    </div>
  );
}
