import {
  adjustDateRequestSchema,
  instantToSlot,
  requestDatesText,
  slotToInstant,
  VISIT_DETAIL_TEXTS,
  VISIT_MESSAGES,
} from '@simvisit/schema';
import { Button, Modal, TextField } from '@simvisit/ui';
import { type FormEvent, useId, useState } from 'react';
import { useApiForm } from '../../lib/api-form';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { SubView, type SubViewProps } from './VisitSubView';
import { visitCalls } from './visit-api';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

/** 'YYYY-MM-DDTHH:mm' of a datetime-local input as the server's 'YYYY-MM-DD HH:mm:00'. */
function fromPicker(value: string): string {
  return value ? `${value.slice(0, 10)} ${value.slice(11, 16)}:00` : '';
}

/**
 * Admin adjust (spec 002 §2.2, §5): one date and time picker in the admin's zone, 'Mark Visit as Confirmed', and a
 * confirmation modal; an empty date says 'Please select a date and time' (the shared adjust rule's words).
 */
export function VisitAdjustView({ data, onDone, onChanged, zone }: SubViewProps & { zone: string }) {
  const current = instantToSlot(new Date(data.visit.start_at), zone);
  const [asking, setAsking] = useState(false);
  const fieldId = useId();
  const { form, field, onSubmit, submitting } = useApiForm({
    schema: adjustDateRequestSchema,
    defaultValues: { start_date: `${current.slice(0, 10)}T${current.slice(11, 16)}`, is_confirmed: data.visit.is_confirmed },
    input: (values) => ({ ...values, start_date: fromPicker(values.start_date), timezone: zone }),
    submit: async (body) => {
      const { visit, message } = await visitCalls.adjust(data.visit.id, { ...body, timezone: zone });
      setAsking(false);
      notifySuccess(message);
      await onChanged(visit);
      onDone();
    },
    onError: (_failure, error) => {
      setAsking(false);
      notifyFailure(VISIT_MESSAGES.adjustError, error);
    },
  });

  // Save checks the date first; only a valid one asks for the confirmation, whose Yes sends it.
  async function ask(event: FormEvent) {
    event.preventDefault();
    if (await form.trigger()) setAsking(true);
  }

  const [value, confirmed] = form.watch(['start_date', 'is_confirmed']);
  const picked = slotToInstant(fromPicker(value), zone);
  return (
    <SubView title={T.adjustTitle} onBack={onDone}>
      <form className="space-y-4" noValidate onSubmit={ask}>
        <TextField
          {...field('start_date', fieldId)}
          label={T.adjustField}
          type="datetime-local"
          hint={`In your time zone (${zone.replace(/_/g, ' ')}).`}
          className="max-w-sm"
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4 rounded border-slate-300" {...form.register('is_confirmed')} />
          {VISIT_DETAIL_TEXTS.markConfirmed}
        </label>
        <div className="flex justify-end">
          <Button type="submit" disabled={submitting}>
            {T.adjustSubmit}
          </Button>
        </div>
      </form>
      <Modal
        open={asking}
        onOpenChange={(open) => !open && !submitting && setAsking(false)}
        title={T.adjustConfirmTitle}
        description={picked ? `${requestDatesText([picked], zone)}${confirmed ? ', marked as confirmed' : ', not confirmed'}.` : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={submitting}>
              {T.no}
            </Button>
            <Button onClick={() => void onSubmit()} disabled={submitting} aria-busy={submitting}>
              {T.adjustConfirm}
            </Button>
          </>
        }
      />
    </SubView>
  );
}
