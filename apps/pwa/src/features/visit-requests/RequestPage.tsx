import {
  formatMoney,
  REQUEST_MESSAGES,
  type RequestLookupResponse,
  requestDatesText,
  requestDateText,
  requestDateWindow,
  rescheduleVisitRequestSchema,
  toCents,
  todayIn,
} from '@simvisit/schema';
import { Alert, Button, Card, CardBody, Modal, PatientImage, Spinner } from '@simvisit/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { AppLink } from '../../lib/app-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify, notifyFailure, notifySuccess } from '../../platform/notices';
import { useDisplayZone, useSignedInSession } from '../../platform/session';
import { InterviewRequestView } from '../recruitment';
import { notifyValidation } from './request-helpers';
import { SlotPicker } from './SlotPicker';
import { approveVisitRequest, cancelVisitRequest, requestQuery, rescheduleVisitRequest, visitRequestKeys } from './visit-requests-api';

type Lookup = RequestLookupResponse;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const STATUS_TEXT: Record<string, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  canceled: 'Cancelled',
  expired: 'Expired',
  rejected: 'Rejected',
};

/**
 * The request page (spec 001 §2 'Request page'), visit view: the requested dates joined by 'or' in the viewer's
 * zone, the requester and learner type for the roles that may see them (the server leaves them out for the
 * others), the scenario card with its field data, and the actions of the viewer's role: an SP of the scenario
 * accepts one date (→ /visit/{id}); the learner cancels (the credit text) or reschedules. An expired request
 * says 'Request is expired.' and sends the SP to the dashboard and the learner to the scenario overview.
 */
export function RequestPage({ requestId }: { requestId: number }) {
  useDocumentTitle('Visit Request');
  const navigate = useNavigate();
  const session = useSignedInSession();
  const lookup = useQuery(requestQuery(session.user.id, requestId));
  const timezone = useDisplayZone();
  const data = lookup.data;
  const request = data?.request;
  const expiredShown = useRef(false);

  const expired = request ? request.is_expired || request.status === 'expired' : false;
  useEffect(() => {
    if (!request || !expired || expiredShown.current || request.request_type_id !== 1) return;
    expiredShown.current = true;
    notify({ title: REQUEST_MESSAGES.expired, icon: 'warning', color: 'yellow' });
    const to = request.viewer.is_learner && request.scenario_id ? `/scenarios/${request.scenario_id}/overview` : '/dashboard';
    void navigate({ href: to, replace: true });
  }, [request, expired, navigate]);

  if (lookup.isPending) return <Spinner label="Loading the request" />;
  // Not a visit request this user may see: it may be an interview request (features/recruitment), whose view
  // reports this failure when it is not one either.
  if (lookup.isError && isApiError(lookup.error) && (lookup.error.status === 404 || lookup.error.status === 403)) {
    return <InterviewRequestView requestId={requestId} otherFailure={lookup.error} />;
  }
  if (lookup.isError) {
    return (
      <Alert tone="danger" title={REQUEST_MESSAGES.loadError} role="alert">
        {errorMessage(lookup.error)}
      </Alert>
    );
  }
  if (!request || !data) return null;
  if (request.request_type_id !== 1) {
    return (
      <Alert tone="danger" title={REQUEST_MESSAGES.invalidType} role="alert">
        This page shows visit requests only.
      </Alert>
    );
  }
  if (expired) return <Spinner label={REQUEST_MESSAGES.expired} />;
  return <VisitRequestView data={data} timezone={timezone} fromDevice={data.fromDevice} />;
}

/** Read offline (decision 0088): the request as saved on the device, and what waits for the network. */
const SAVED_COPY =
  'You are offline. This is the request as saved on this device when it last loaded. Accepting, cancelling and rescheduling need a connection.';

function VisitRequestView({ data, timezone, fromDevice }: { data: Lookup; timezone: string; fromDevice: boolean }) {
  const { request, learner_type } = data;
  const scenario = request.scenario;
  const dates = request.dates.map((d) => d.local_time);
  return (
    <div className="space-y-6">
      <AppLink to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← Dashboard
      </AppLink>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Visit Request</h1>
      <Card>
        <CardBody className="space-y-5">
          <dl className="space-y-3">
            <Detail label="Requested dates">{requestDatesText(dates, timezone)}</Detail>
            <Detail label="Status">{STATUS_TEXT[request.status] ?? request.status}</Detail>
            {request.user ? (
              <>
                <Detail label="Requested by">{request.user.name}</Detail>
                <Detail label="Email">{request.user.email}</Detail>
              </>
            ) : null}
            {learner_type ? <Detail label="Learner Type">{learner_type}</Detail> : null}
            {request.viewer.is_learner && toCents(request.payment_amount) > 0 ? (
              <Detail label="Paid">{formatMoney(toCents(request.payment_amount))}</Detail>
            ) : null}
          </dl>
          {request.status === 'accepted' && request.visit_id ? (
            <Alert tone="success" title="This request was accepted.">
              <AppLink to={`/visit/${request.visit_id}`} className="font-medium underline">
                View the visit
              </AppLink>
            </Alert>
          ) : null}
          {request.status === 'canceled' ? <Alert tone="warning" title="This visit request was cancelled." /> : null}
          {fromDevice ? (
            <Alert tone="warning" role="status" data-testid="request-saved-copy">
              {SAVED_COPY}
            </Alert>
          ) : (
            <>
              {request.viewer.can_accept ? <AcceptPanel data={data} timezone={timezone} /> : null}
              {request.viewer.can_cancel || request.viewer.can_reschedule ? <LearnerActions data={data} timezone={timezone} /> : null}
            </>
          )}
        </CardBody>
      </Card>
      {scenario ? (
        <Card aria-label="Scenario">
          <CardBody className="space-y-4">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
              <PatientImage location={scenario.patient_image} className="size-20 shrink-0 rounded-xl" />
              <div className="min-w-0 space-y-1">
                <p className="font-medium text-brand-700">{scenario.patient_name}</p>
                <h2 className="text-xl font-semibold text-slate-900">{scenario.title}</h2>
                <p className="text-sm text-slate-600">{scenario.session_duration} minute session</p>
              </div>
            </div>
            {scenario.summary ? <p className="text-sm whitespace-pre-wrap text-slate-800">{scenario.summary}</p> : null}
            {scenario.fields.length > 0 ? (
              <dl className="space-y-3">
                {scenario.fields.map((f) => (
                  <div key={f.scenario_field_id}>
                    <dt className="text-sm font-semibold text-slate-900">{f.label}</dt>
                    <dd className="text-sm whitespace-pre-wrap text-slate-800">{f.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}

/** An SP of the scenario picks one of the dates by radio button and accepts it, or declines the request. */
function AcceptPanel({ data, timezone }: { data: Lookup; timezone: string }) {
  const { request } = data;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number | null>(null);
  const approve = useMutation({
    mutationFn: (reject: boolean) =>
      approveVisitRequest({ request_id: request.id, ...(reject ? { reject: true } : { request_date_id: chosen ?? undefined }) }),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: visitRequestKeys.all });
      void navigate({ href: answer.visit_id ? `/visit/${answer.visit_id}` : '/dashboard' });
    },
    onError: (error) => {
      notifyFailure(REQUEST_MESSAGES.approveError, error);
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: visitRequestKeys.request(request.id) });
    },
  });
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Accept a date</legend>
      {request.dates.map((d) => (
        <label key={d.id} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name="request_date_id"
            value={d.id}
            checked={chosen === d.id}
            onChange={() => setChosen(d.id)}
            disabled={approve.isPending}
            className="size-4"
          />
          {requestDateText(d.local_time, timezone)}
        </label>
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => approve.mutate(true)} disabled={approve.isPending}>
          Decline
        </Button>
        <Button onClick={() => approve.mutate(false)} disabled={approve.isPending || chosen === null}>
          {approve.isPending ? <Spinner className="size-4" /> : null}
          Accept
        </Button>
      </div>
    </fieldset>
  );
}

/** The learner's actions on a pending request: cancel (with the credit it gives) and reschedule. */
function LearnerActions({ data, timezone }: { data: Lookup; timezone: string }) {
  const { request } = data;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const paid = toCents(request.payment_amount);
  const dateWindow = useMemo(
    () => requestDateWindow(todayIn(timezone), data.partner_dates, data.partner_disabled_dates),
    [timezone, data.partner_dates, data.partner_disabled_dates],
  );

  const cancel = useMutation({
    mutationFn: () => cancelVisitRequest(request.id),
    onSuccess: (answer) => {
      setConfirming(false);
      notify({ title: answer.message, icon: 'success', color: 'green', showDismiss: answer.credit !== null });
      void queryClient.invalidateQueries({ queryKey: visitRequestKeys.all });
      void navigate({ href: request.scenario_id ? `/scenarios/${request.scenario_id}/overview` : '/dashboard' });
    },
    onError: (error) => {
      setConfirming(false);
      notifyFailure(REQUEST_MESSAGES.cancelError, error);
      void queryClient.invalidateQueries({ queryKey: visitRequestKeys.request(request.id) });
    },
  });

  // The two new dates, checked by the shared reschedule rule; a 422 lands under the pickers and in a notice.
  const reschedule = useApiForm({
    schema: rescheduleVisitRequestSchema,
    defaultValues: { visit_date_one: '', visit_date_two: '' },
    input: (values) => ({ ...values, request_id: request.id, timezone }),
    submit: async (body) => {
      const answer = await rescheduleVisitRequest(body);
      setRescheduling(false);
      reschedule.reset();
      notifySuccess(answer.message);
      queryClient.setQueryData(visitRequestKeys.request(request.id), { ...data, request: answer.visit_request });
      void queryClient.invalidateQueries({ queryKey: visitRequestKeys.all });
    },
    onInvalid: (found) => notifyValidation(Object.values(found)[0]![0]!, found),
    onError: (_failure, error) => {
      if (isApiError(error) && error.status === 422) notifyValidation(error.message, error.errors);
      else notifyFailure(REQUEST_MESSAGES.rescheduleError, error);
    },
  });
  const [one, two] = reschedule.form.watch(['visit_date_one', 'visit_date_two']);

  return (
    <div className="space-y-4">
      {rescheduling ? (
        <form className="space-y-4" noValidate onSubmit={reschedule.onSubmit}>
          <h2 className="text-base font-semibold text-slate-900">Reschedule Request</h2>
          {request.scenario_id ? (
            <div className="grid gap-4 md:grid-cols-2">
              <SlotPicker
                id="visit_date_one"
                label="First Choice"
                scenarioId={request.scenario_id}
                window={dateWindow}
                timezone={timezone}
                value={one}
                onChange={(slot) => reschedule.form.setValue('visit_date_one', slot)}
                error={reschedule.error('visit_date_one')}
                disabled={reschedule.submitting}
              />
              <SlotPicker
                id="visit_date_two"
                label="Alternate Choice"
                scenarioId={request.scenario_id}
                window={dateWindow}
                timezone={timezone}
                value={two}
                onChange={(slot) => reschedule.form.setValue('visit_date_two', slot)}
                error={reschedule.error('visit_date_two')}
                disabled={reschedule.submitting}
              />
            </div>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setRescheduling(false)} disabled={reschedule.submitting}>
              Keep Current Dates
            </Button>
            <Button type="submit" disabled={reschedule.submitting}>
              {reschedule.submitting ? <Spinner className="size-4" /> : null}
              Save New Dates
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          {request.viewer.can_reschedule ? (
            <Button variant="secondary" onClick={() => setRescheduling(true)}>
              Reschedule Request
            </Button>
          ) : null}
          {request.viewer.can_cancel ? (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Cancel Request
            </Button>
          ) : null}
        </div>
      )}
      <Modal
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !cancel.isPending) setConfirming(false);
        }}
        title="Cancel Visit Request"
        description="Are you sure you want to cancel this visit request?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              Keep Request
            </Button>
            <Button variant="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {cancel.isPending ? <Spinner className="size-4" /> : null}
              Yes, Cancel Request
            </Button>
          </>
        }
      >
        {paid > 0 ? (
          <p>{formatMoney(paid)} will be credited to your account. The credit can only be used to reschedule this scenario.</p>
        ) : (
          <p>You can request new dates for this scenario afterwards.</p>
        )}
      </Modal>
    </div>
  );
}
