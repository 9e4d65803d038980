import { requestDatesText, requestDateWindow, slotToInstant, todayIn, VISIT_MESSAGES } from '@simvisit/schema';
import { Button, Modal } from '@simvisit/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { SlotPicker } from '../visit-requests';
import { SubView, type SubViewProps } from './VisitSubView';
import { visitCalls } from './visit-api';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

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
