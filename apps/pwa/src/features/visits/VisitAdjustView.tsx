import { instantToSlot, isSlotText, requestDatesText, slotToInstant, VISIT_DETAIL_TEXTS, VISIT_MESSAGES } from '@simvisit/schema';
import { Button, Modal, TextField } from '@simvisit/ui';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError } from '../../lib/api';
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
