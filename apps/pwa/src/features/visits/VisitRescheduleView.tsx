import { requestDatesText, requestDateWindow, slotToInstant, todayIn, VISIT_MESSAGES } from '@simvisit/schema';
import { Button, Modal } from '@simvisit/ui';
import { useState } from 'react';
import { useApiForm } from '../../lib/api-form';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { SlotPicker } from '../visit-requests';
import { rescheduleFormSchema } from './reschedule-form';
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
  const [asking, setAsking] = useState(false);
  const dateWindow = requestDateWindow(
    todayIn(zone),
    data.partner_dates,
    data.partner_disabled_dates.flatMap((d) => (d.start_date && d.end_date ? [{ start_date: d.start_date, end_date: d.end_date }] : [])),
  );
  const { form, error, onSubmit, submitting } = useApiForm({
    schema: rescheduleFormSchema,
    defaultValues: { visit_date_one: '', visit_date_two: '' },
    input: (values) => ({ ...values, timezone: zone }),
    submit: async (body) => {
      const { id, message } = await visitCalls.reschedule(data.visit.id, body);
      setAsking(false);
      notifySuccess(message);
      onRescheduled(id);
    },
    onError: (_failure, failure) => {
      setAsking(false);
      notifyFailure(VISIT_MESSAGES.rescheduleError, failure);
    },
  });

  // Both choices are checked first; only then the confirmation asks, and its Yes sends them.
  async function ask() {
    if (await form.trigger()) setAsking(true);
  }

  const [one, two] = form.watch(['visit_date_one', 'visit_date_two']);
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
          onChange={(slot) => form.setValue('visit_date_one', slot)}
          error={error('visit_date_one')}
          disabled={submitting}
        />
        <SlotPicker
          id="visit_date_two"
          label={T.alternateChoice}
          scenarioId={data.visit.scenario_id}
          window={dateWindow}
          timezone={zone}
          value={two}
          onChange={(slot) => form.setValue('visit_date_two', slot)}
          error={error('visit_date_two')}
          disabled={submitting}
        />
      </div>
      <div className="flex justify-end">
        <Button onClick={() => void ask()} disabled={submitting}>
          {T.rescheduleSubmit}
        </Button>
      </div>
      <Modal
        open={asking}
        onOpenChange={(open) => !open && !submitting && setAsking(false)}
        title={T.rescheduleConfirmTitle}
        description={`${requestDatesText(chosen, zone)}. Your current visit will be cancelled.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={submitting}>
              {T.no}
            </Button>
            <Button onClick={() => void onSubmit()} disabled={submitting} aria-busy={submitting}>
              {T.rescheduleConfirm}
            </Button>
          </>
        }
      />
    </SubView>
  );
}
