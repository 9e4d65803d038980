import { dateWindowMessage, dateWindowProblem, REQUEST_MESSAGES, type RequestDateWindow } from '@simvisit/schema';
import { Alert, SelectField, Spinner, TextField } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notify } from '../../platform/notices';
import { availableTimesQuery } from './visit-requests-api';

/** 'HH:mm' of a slot as 'h:mm am'. */
export function slotTimeLabel(slot: string): string {
  const [h, m] = slot.slice(11, 16).split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

export interface SlotPickerProps {
  /** the form field this picker fills (visit_date_one, visit_date_two): the time control's id */
  id: string;
  /** 'First Choice' or 'Alternate Choice' */
  label: string;
  scenarioId: number;
  window: RequestDateWindow;
  timezone: string;
  /** the chosen slot 'YYYY-MM-DD HH:mm:00', or '' */
  value: string;
  onChange: (slot: string) => void;
  error?: string | null;
  disabled?: boolean;
}

/**
 * One date and time of a visit request (spec 001 §5): the date picker limited to the partner's window with its
 * blocked dates, then the times the server offers for that date in the learner's zone, or the spec's 'no
 * available visit times' words. A failed load of the times says 'Error Loading Available Times'.
 */
export function SlotPicker({ id, label, scenarioId, window, timezone, value, onChange, error, disabled }: SlotPickerProps) {
  const [date, setDate] = useState(value.slice(0, 10));
  useEffect(() => {
    if (value) setDate(value.slice(0, 10));
  }, [value]);
  const problem = date ? dateWindowProblem(date, window) : null;
  const times = useQuery({ ...availableTimesQuery(scenarioId, date, timezone), enabled: Boolean(date) && problem === null });

  useEffect(() => {
    if (!times.error || (isApiError(times.error) && times.error.sessionEnded)) return;
    notify({
      title: REQUEST_MESSAGES.timesError,
      content: isApiError(times.error) && times.error.status > 0 ? errorMessage(times.error) : REQUEST_MESSAGES.timesRetry,
      icon: 'error',
      color: 'red',
    });
  }, [times.error]);

  const options = (times.data?.times ?? []).map((slot) => ({ value: slot, label: slotTimeLabel(slot) }));
  // A chosen slot the server no longer offers is kept visible (the server refuses it with its words on submit).
  if (value && value.slice(0, 10) === date && !options.some((o) => o.value === value))
    options.unshift({ value, label: slotTimeLabel(value) });

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
      <TextField
        id={`${id}-date`}
        label={`${label} Date`}
        type="date"
        min={window.min}
        max={window.max ?? undefined}
        value={date}
        disabled={disabled}
        onChange={(e) => {
          setDate(e.target.value);
          onChange('');
        }}
        error={date && problem ? dateWindowMessage(problem, window, date) : !value ? error : null}
      />
      {date && !problem ? (
        times.isPending ? (
          <div className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" /> Loading available times…
          </div>
        ) : times.isError ? (
          <Alert tone="danger" title={REQUEST_MESSAGES.timesError}>
            {isApiError(times.error) && times.error.status > 0 ? errorMessage(times.error) : REQUEST_MESSAGES.timesRetry}
          </Alert>
        ) : options.length === 0 ? (
          <p className="text-sm text-amber-800" role="status">
            {REQUEST_MESSAGES.noTimes}
          </p>
        ) : (
          <SelectField
            id={id}
            label={`${label} Time`}
            placeholder="Select a time"
            options={options}
            value={value}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value)}
            error={value ? error : null}
            hint={`Times are shown in your time zone (${timezone.replace(/_/g, ' ')}).`}
          />
        )
      ) : null}
    </fieldset>
  );
}
