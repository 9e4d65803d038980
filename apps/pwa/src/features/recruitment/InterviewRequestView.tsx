import { formatInZone, RECRUITMENT_MESSAGES as M } from '@simvisit/schema';
import { Alert, Button, Card, CardBody, ProfileAvatar, Spinner } from '@simvisit/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { AppLink } from '../../lib/app-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { useDisplayZone } from '../../platform/session';
import { interviewRequestQuery, recruitmentCalls, recruitmentKeys } from './recruitment-api';

/**
 * The request page's interview view (spec 001 §2 'Request page'): the trainer's proposed dates in the viewer's
 * time; the applicant picks one by radio button and Accepts (the interview page opens) or Rejects (a new set
 * will be sent). Others who may see it (recruiters) see the dates only. `otherFailure`: the visit request lookup's
 * refusal, shown when this is no interview request either.
 */
export function InterviewRequestView({ requestId, otherFailure }: { requestId: number; otherFailure?: unknown }) {
  useDocumentTitle('Interview Request');
  const zone = useDisplayZone();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lookup = useQuery(interviewRequestQuery(requestId));
  const [dateId, setDateId] = useState<number | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);

  const accept = useMutation({
    mutationFn: (id: number) => recruitmentCalls.acceptRequest(requestId, id),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: recruitmentKeys.all });
      await navigate({ href: `/interview/${answer.interview_id}` });
    },
    onError: (error) => notifyFailure(M.approveRequestError, error),
  });
  const reject = useMutation({
    mutationFn: () => recruitmentCalls.rejectRequest(requestId),
    onSuccess: async (answer) => {
      setRejected(answer.message);
      await queryClient.invalidateQueries({ queryKey: recruitmentKeys.request(requestId) });
    },
    onError: (error) => notifyFailure(M.approveRequestError, error),
  });

  if (lookup.isPending) return <Spinner label="Loading the request" />;
  if (lookup.isError) {
    return (
      <Alert tone="danger" title={M.loadRequestError} role="alert">
        {/* Not an interview request either: the visit request lookup's own answer says more. */}
        {errorMessage(otherFailure !== undefined && isApiError(lookup.error) && lookup.error.status === 404 ? otherFailure : lookup.error)}
      </Alert>
    );
  }
  const request = lookup.data.request;
  if (request.request_type_id !== 2) {
    return (
      <Alert tone="danger" title={M.invalidType} role="alert">
        This request cannot be shown.
      </Alert>
    );
  }
  const open = request.status === 'pending' && !request.is_expired;
  const busy = accept.isPending || reject.isPending;
  return (
    <div className="space-y-6">
      <AppLink to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← Dashboard
      </AppLink>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Interview Request</h1>
      <Card>
        <CardBody className="space-y-5">
          <div className="flex items-center gap-3">
            <ProfileAvatar name={request.trainer.name} image={request.trainer.image} className="h-12 w-12" />
            <div>
              <p className="text-sm text-slate-600">Proposed by</p>
              <p className="font-medium text-slate-900">{request.trainer.name}</p>
            </div>
          </div>
          {rejected ? (
            <Alert tone="info" title="Dates rejected">
              {rejected}
            </Alert>
          ) : request.is_expired ? (
            // Spec 001 §8's words for an expired request; the dates passed unanswered (decision 0060).
            <Alert tone="warning" title={M.requestExpired}>
              The proposed dates have passed without an answer. New dates will be sent to you.
            </Alert>
          ) : !open ? (
            <p className="text-sm text-slate-700">{M.requestClosed}</p>
          ) : request.viewer.is_applicant ? (
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium text-slate-700">Choose one of the proposed times</legend>
              {request.dates.map((d) => (
                <label key={d.id} className="flex items-center gap-2 text-sm text-slate-900">
                  <input type="radio" name="interview-date" value={d.id} checked={dateId === d.id} onChange={() => setDateId(d.id)} />
                  {formatInZone(new Date(d.local_time), zone)}
                </label>
              ))}
              <div className="flex flex-wrap gap-2 pt-2">
                <Button
                  onClick={() => dateId !== null && accept.mutate(dateId)}
                  disabled={busy || dateId === null}
                  aria-busy={accept.isPending}
                >
                  Accept
                </Button>
                <Button variant="secondary" onClick={() => reject.mutate()} disabled={busy} aria-busy={reject.isPending}>
                  Reject
                </Button>
              </div>
            </fieldset>
          ) : (
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {request.dates.map((d) => (
                <li key={d.id}>{formatInZone(new Date(d.local_time), zone)}</li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
