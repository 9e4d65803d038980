import {
  instantToSlot,
  isSlotText,
  requestDatesText,
  requestDateWindow,
  slotToInstant,
  todayIn,
  VISIT_DETAIL_TEXTS,
  VISIT_MESSAGES,
  type VisitDetail,
  type VisitResponse,
} from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, Modal, SelectField, Spinner, TextField } from '@simvisit/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { SlotPicker } from '../visit-requests';
import { observerUsersQuery, transferUsersQuery, visitCalls } from './visit-api';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

interface SubViewProps {
  data: VisitResponse;
  /** back to the visit's details */
  onDone: () => void;
  /** the visit as the server answered after a change (or null: load it again) */
  onChanged: (visit: VisitDetail | null) => Promise<unknown>;
}

function SubView({ title, onBack, children }: { title: string; onBack: () => void; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader
        title={title}
        actions={
          <Button variant="ghost" size="sm" onClick={onBack}>
            {T.back}
          </Button>
        }
      />
      <CardBody className="space-y-4">{children}</CardBody>
    </Card>
  );
}

/** Cancel confirmation (spec 002 §2.2); paid visits are not refunded (spec 002 §4). */
export function VisitCancelView({ data, onDone, onChanged }: SubViewProps) {
  const cancel = useMutation({
    mutationFn: () => visitCalls.cancel(data.visit.id),
    onSuccess: async ({ message }) => {
      notifySuccess(message);
      await onChanged(null);
      onDone();
    },
    onError: (error) => notifyFailure(VISIT_MESSAGES.cancelError, error),
  });
  return (
    <SubView title={T.cancelTitle} onBack={onDone}>
      <p className="text-sm text-slate-800">{T.cancelQuestion}</p>
      {data.visit.scenario.fee > 0 && data.visit.viewer.is_learner ? <Alert tone="warning">{T.cancelNoRefund}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={cancel.isPending}>
          {T.keepVisit}
        </Button>
        <Button variant="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending} aria-busy={cancel.isPending}>
          {T.cancel}
        </Button>
      </div>
    </SubView>
  );
}

/**
 * The learner's reschedule (spec 002 §2.2): two candidate slots from the times the server offers, in the partner's
 * date window, then a confirmation modal; success goes to the new request (/request/{id}).
 */
export function VisitRescheduleView({
  data,
  onDone,
  zone,
  onRescheduled,
}: Omit<SubViewProps, 'onChanged'> & { zone: string; onRescheduled: (requestId: number) => void }) {
  const [one, setOne] = useState('');
  const [two, setTwo] = useState('');
  const [asking, setAsking] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const dateWindow = requestDateWindow(
    todayIn(zone),
    data.partner_dates,
    data.partner_disabled_dates.flatMap((d) => (d.start_date && d.end_date ? [{ start_date: d.start_date, end_date: d.end_date }] : [])),
  );
  const reschedule = useMutation({
    mutationFn: () => visitCalls.reschedule(data.visit.id, { visit_date_one: one, visit_date_two: two, timezone: zone }),
    onSuccess: ({ id, message }) => {
      setAsking(false);
      notifySuccess(message);
      onRescheduled(id);
    },
    onError: (error) => {
      setAsking(false);
      if (isApiError(error))
        setErrors({ visit_date_one: error.fieldError('visit_date_one'), visit_date_two: error.fieldError('visit_date_two') });
      notifyFailure(VISIT_MESSAGES.rescheduleError, error);
    },
  });

  function submit() {
    const missing = {
      visit_date_one: one ? null : 'Please select a first date and time.',
      visit_date_two: two ? null : 'Please select an alternate date and time.',
    };
    if (one && two && one === two) missing.visit_date_two = 'The alternate date and time must be different from the first one.';
    setErrors(missing);
    if (!missing.visit_date_one && !missing.visit_date_two) setAsking(true);
  }

  const chosen = [one, two].flatMap((s) => {
    const at = slotToInstant(s, zone);
    return at ? [at] : [];
  });
  return (
    <SubView title={T.rescheduleTitle} onBack={onDone}>
      <p className="text-sm text-slate-700">{T.rescheduleHint}</p>
      <div className="grid gap-4 md:grid-cols-2">
        <SlotPicker
          id="visit_date_one"
          label={T.firstChoice}
          scenarioId={data.visit.scenario_id}
          window={dateWindow}
          timezone={zone}
          value={one}
          onChange={setOne}
          error={errors.visit_date_one}
          disabled={reschedule.isPending}
        />
        <SlotPicker
          id="visit_date_two"
          label={T.alternateChoice}
          scenarioId={data.visit.scenario_id}
          window={dateWindow}
          timezone={zone}
          value={two}
          onChange={setTwo}
          error={errors.visit_date_two}
          disabled={reschedule.isPending}
        />
      </div>
      <div className="flex justify-end">
        <Button onClick={submit} disabled={reschedule.isPending}>
          {T.rescheduleSubmit}
        </Button>
      </div>
      <Modal
        open={asking}
        onOpenChange={(open) => !open && !reschedule.isPending && setAsking(false)}
        title={T.rescheduleConfirmTitle}
        description={`${requestDatesText(chosen, zone)}. Your current visit will be cancelled.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={reschedule.isPending}>
              {T.no}
            </Button>
            <Button onClick={() => reschedule.mutate()} disabled={reschedule.isPending} aria-busy={reschedule.isPending}>
              {T.rescheduleConfirm}
            </Button>
          </>
        }
      />
    </SubView>
  );
}

/** SP transfer (spec 002 §2.2): pick another SP of the scenario; the visit is replaced with the returned one. */
export function VisitTransferView({ data, onDone, onChanged }: SubViewProps) {
  const users = useQuery(transferUsersQuery(data.visit.id));
  const [spId, setSpId] = useState('');
  const selectId = useId();
  useEffect(() => {
    if (users.error) notifyFailure(VISIT_MESSAGES.transferDataError, users.error);
  }, [users.error]);
  const transfer = useMutation({
    mutationFn: () => visitCalls.transfer(data.visit.id, Number(spId)),
    onSuccess: async ({ visit, message }) => {
      notifySuccess(message);
      await onChanged(visit);
      onDone();
    },
    onError: (error) => notifyFailure(VISIT_MESSAGES.transferError, error),
  });
  const options = (users.data?.sp_users ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }));
  return (
    <SubView title={T.transferTitle} onBack={onDone}>
      <p className="text-sm text-slate-700">{T.transferHint}</p>
      {users.isPending ? <Spinner label="Loading the SPs" /> : null}
      {users.isError ? (
        <Alert tone="danger" title={VISIT_MESSAGES.transferDataError}>
          {errorMessage(users.error)}
        </Alert>
      ) : null}
      {users.data && options.length === 0 ? <p className="text-sm text-slate-600">{T.noTransferUsers}</p> : null}
      {options.length > 0 ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (spId) transfer.mutate();
          }}
        >
          <SelectField
            id={selectId}
            label={T.transferSelect}
            placeholder={T.transferPlaceholder}
            options={options}
            value={spId}
            onChange={(e) => setSpId(e.target.value)}
            className="min-w-64 flex-1"
          />
          <Button type="submit" disabled={!spId || transfer.isPending} aria-busy={transfer.isPending}>
            {T.transferSubmit}
          </Button>
        </form>
      ) : null}
    </SubView>
  );
}

/** Manage observers (spec 002 §2.2): the assigned ones with Remove, and add from a select (super admins). */
export function VisitObserversView({ data, onDone, onChanged }: SubViewProps) {
  const candidates = useQuery(observerUsersQuery(data.visit.id));
  const [userId, setUserId] = useState('');
  const selectId = useId();
  useEffect(() => {
    if (candidates.error) notifyFailure(VISIT_MESSAGES.observersError, candidates.error);
  }, [candidates.error]);
  const add = useMutation({
    mutationFn: (id: number) => visitCalls.addObserver(data.visit.id, id),
    onSuccess: async ({ visit, message }) => {
      notifySuccess(message);
      setUserId('');
      await onChanged(visit);
      await candidates.refetch();
    },
    onError: (error) => notifyFailure(VISIT_MESSAGES.observerAddError, error),
  });
  const remove = useMutation({
    mutationFn: (id: number) => visitCalls.removeObserver(data.visit.id, id),
    onSuccess: async ({ visit, message }) => {
      notifySuccess(message);
      await onChanged(visit);
      await candidates.refetch();
    },
    onError: (error) => notifyFailure(VISIT_MESSAGES.observerRemoveError, error),
  });
  const busy = add.isPending || remove.isPending;
  const options = (candidates.data?.observer_users ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }));
  return (
    <SubView title={T.observersTitle} onBack={onDone}>
      {data.visit.observer_users.length === 0 ? <p className="text-sm text-slate-600">{T.noObservers}</p> : null}
      <ul className="divide-y divide-slate-100" aria-label={T.observers}>
        {data.visit.observer_users.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-sm text-slate-900">
              {o.user.name}
              {o.user.email ? <span className="text-slate-500"> ({o.user.email})</span> : null}
              {o.is_complete ? <span className="ml-2 text-xs font-medium text-green-700">{T.scored}</span> : null}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy || o.is_complete}
              onClick={() => remove.mutate(o.user_id)}
              aria-label={`${T.remove} ${o.user.name}`}
            >
              {T.remove}
            </Button>
          </li>
        ))}
      </ul>
      {candidates.isPending ? <Spinner label="Loading observers" /> : null}
      {candidates.isError ? (
        <Alert tone="danger" title={VISIT_MESSAGES.observersError}>
          {errorMessage(candidates.error)}
        </Alert>
      ) : null}
      {options.length > 0 ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (userId) add.mutate(Number(userId));
          }}
        >
          <SelectField
            id={selectId}
            label={T.observerSelect}
            placeholder={T.observerPlaceholder}
            options={options}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            className="min-w-64 flex-1"
          />
          <Button type="submit" disabled={!userId || busy} aria-busy={add.isPending}>
            {T.addObserver}
          </Button>
        </form>
      ) : null}
    </SubView>
  );
}

/** 'YYYY-MM-DDTHH:mm' of a datetime-local input as the server's 'YYYY-MM-DD HH:mm:00'. */
function fromPicker(value: string): string {
  return value ? `${value.slice(0, 10)} ${value.slice(11, 16)}:00` : '';
}

/**
 * Admin adjust (spec 002 §2.2, §5): one date and time picker in the admin's zone, 'Mark Visit as Confirmed', and a
 * confirmation modal; an empty date says 'Please select a date and time'.
 */
export function VisitAdjustView({ data, onDone, onChanged, zone }: SubViewProps & { zone: string }) {
  const current = instantToSlot(new Date(data.visit.start_at), zone);
  const [value, setValue] = useState(`${current.slice(0, 10)}T${current.slice(11, 16)}`);
  const [confirmed, setConfirmed] = useState(data.visit.is_confirmed);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const fieldId = useId();
  const adjust = useMutation({
    mutationFn: () => visitCalls.adjust(data.visit.id, { start_date: fromPicker(value), is_confirmed: confirmed, timezone: zone }),
    onSuccess: async ({ visit, message }) => {
      setAsking(false);
      notifySuccess(message);
      await onChanged(visit);
      onDone();
    },
    onError: (e) => {
      setAsking(false);
      if (isApiError(e)) setError(e.fieldError('start_date'));
      notifyFailure(VISIT_MESSAGES.adjustError, e);
    },
  });
  function submit() {
    const slot = fromPicker(value);
    if (!slot || !isSlotText(slot)) {
      setError(VISIT_DETAIL_TEXTS.selectDateTime);
      return;
    }
    setError(null);
    setAsking(true);
  }
  const picked = slotToInstant(fromPicker(value), zone);
  return (
    <SubView title={T.adjustTitle} onBack={onDone}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          id={fieldId}
          label={T.adjustField}
          type="datetime-local"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
          hint={`In your time zone (${zone.replace(/_/g, ' ')}).`}
          className="max-w-sm"
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
          />
          {VISIT_DETAIL_TEXTS.markConfirmed}
        </label>
        <div className="flex justify-end">
          <Button type="submit" disabled={adjust.isPending}>
            {T.adjustSubmit}
          </Button>
        </div>
      </form>
      <Modal
        open={asking}
        onOpenChange={(open) => !open && !adjust.isPending && setAsking(false)}
        title={T.adjustConfirmTitle}
        description={picked ? `${requestDatesText([picked], zone)}${confirmed ? ', marked as confirmed' : ', not confirmed'}.` : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={adjust.isPending}>
              {T.no}
            </Button>
            <Button onClick={() => adjust.mutate()} disabled={adjust.isPending} aria-busy={adjust.isPending}>
              {T.adjustConfirm}
            </Button>
          </>
        }
      />
    </SubView>
  );
}
