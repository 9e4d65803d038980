import {
  type CreateInterviewRequest,
  createInterviewRequestSchema,
  deviceTimeZone,
  formatInZone,
  interviewStatus,
  RECRUITMENT_MESSAGES as M,
  type PendingUserResponse,
} from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, TextField } from '@simvisit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { AppLink } from '../../lib/app-link';
import { notify, notifyFailure, notifySuccess } from '../../platform/notices';
import { useDisplayZone } from '../../platform/session';
import { recruitmentCalls, recruitmentKeys } from './recruitment-api';

type Pending = PendingUserResponse['pending_user'];

/** The viewer's own time zone: the proposed times are what the trainer sees on their clock. */
const viewerZone = deviceTimeZone;

/** A datetime-local value ('2031-03-05T14:00') as the slot the server takes ('2031-03-05 14:00:00'). */
const slotOf = (value: string) => (value ? `${value.replace('T', ' ').slice(0, 16)}:00` : '');

/** The failure of a proposal (spec 001 §8): the server's message as the title, each field's words as a list. */
function notifyProposalFailure(error: unknown) {
  if (isApiError(error) && !error.sessionEnded) {
    const items = [...new Set(Object.values(error.errors).flat())];
    notify({ title: error.message, items: items.length > 0 ? items : undefined, icon: 'error', color: 'red' });
  } else notifyFailure(M.approveRequestError, error);
}

/**
 * Interview scheduling on the applicant's page (spec 001 §2, §4): two dates to propose ('Interview scheduling
 * needs two dates'), the open request with its dates (cancellable; a new set needs it cancelled first), or the
 * scheduled interview and its status.
 */
export function InterviewSchedulingCard({ pending }: { pending: Pending }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: recruitmentKeys.all });
  const zone = viewerZone();
  const shownZone = useDisplayZone();
  const open = pending.interview_requests[0] ?? null;
  const interview = pending.interview;

  const api = useApiForm<{ interview_date_one: string; interview_date_two: string }, CreateInterviewRequest>({
    schema: createInterviewRequestSchema,
    defaultValues: { interview_date_one: '', interview_date_two: '' },
    input: (values) => ({
      interview_date_one: slotOf(values.interview_date_one),
      interview_date_two: slotOf(values.interview_date_two),
      request_type: 2,
      applicant_user_id: pending.user.id,
      parent_request_id: pending.rejected_request_id,
      timezone: zone,
    }),
    submit: async (body) => {
      await recruitmentCalls.proposeInterview(body);
      notifySuccess(M.requestSent);
      api.reset();
      await refresh();
    },
    onError: (_failure, error) => notifyProposalFailure(error),
  });

  const cancel = useMutation({
    mutationFn: (requestId: number) => recruitmentCalls.cancelRequest(requestId),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await refresh();
    },
    onError: (error) => notifyFailure(M.cancelRequestError, error),
  });

  return (
    <Card>
      <CardHeader title="Interview" />
      <CardBody className="space-y-4">
        {interview ? (
          <div className="space-y-2 text-sm">
            <p>
              <span className="font-medium">Status:</span> {interviewStatus({ is_canceled: false, is_complete: interview.is_complete })}
            </p>
            <p>
              <span className="font-medium">When:</span> {formatInZone(new Date(interview.local_time), shownZone)}
            </p>
            <p>
              <span className="font-medium">Trainer:</span> {interview.trainer.name}
            </p>
            <AppLink to={`/interview/${interview.id}`} className="font-medium text-brand-700 underline">
              Open interview
            </AppLink>
          </div>
        ) : open ? (
          <div className="space-y-3 text-sm">
            <p>
              <span className="font-medium">Status:</span> Interview Requested
            </p>
            <p className="font-medium">Proposed dates</p>
            <ul className="list-disc space-y-1 pl-5">
              {open.dates.map((d) => (
                <li key={d.id}>{formatInZone(new Date(d.local_time), shownZone)}</li>
              ))}
            </ul>
            <Button variant="secondary" onClick={() => cancel.mutate(open.id)} disabled={cancel.isPending} aria-busy={cancel.isPending}>
              Cancel Interview Request
            </Button>
          </div>
        ) : (
          <form className="space-y-3" onSubmit={api.onSubmit} noValidate>
            <p className="text-sm text-slate-700">
              {pending.rejected_request_id ? 'The applicant rejected the last dates. Propose a new set.' : 'Propose two interview dates.'}
            </p>
            <TextField label="First date and time" type="datetime-local" step={1800} {...api.field('interview_date_one')} />
            <TextField label="Second date and time" type="datetime-local" step={1800} {...api.field('interview_date_two')} />
            {api.failure ? (
              <p className="text-sm text-red-700" role="alert">
                {api.failure}
              </p>
            ) : null}
            <Button type="submit" disabled={api.submitting} aria-busy={api.submitting}>
              Send Interview Dates
            </Button>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
