import {
  addDays,
  dateWindowMessage,
  dateWindowProblem,
  FREE_DAYS_MAX_RANGE,
  REQUEST_MESSAGES,
  type RequestDateWindow,
} from '@simvisit/schema';
import { Alert, Button, SelectField, Spinner, TextField } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notify } from '../../platform/notices';
import { DayCalendar, monthRange, shortDayLabel } from './DayCalendar';
import { availableTimesQuery, freeDaysQuery } from './visit-requests-api';

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

const earlier = (a: string, b: string | null) => (b !== null && b < a ? b : a);
const later = (a: string, b: string) => (b > a ? b : a);

/**
 * The free days the picker marks (decision 0090): one call for the three months from the earliest date, which
 * also gives the next free date, and one for a month the learner pages to beyond them. Never a call per date.
 */
function useFreeDays(scenarioId: number, window: RequestDateWindow, timezone: string, month: string) {
  const aheadTo = earlier(addDays(window.min, FREE_DAYS_MAX_RANGE - 1), window.max);
  const ahead = useQuery({ ...freeDaysQuery(scenarioId, window.min, aheadTo, timezone), enabled: aheadTo >= window.min });
  const { first, last } = monthRange(month);
  const monthFrom = later(first, window.min);
  const monthTo = earlier(last, window.max);
  const covered = monthFrom >= window.min && monthTo <= aheadTo;
  const shown = useQuery({ ...freeDaysQuery(scenarioId, monthFrom, monthTo, timezone), enabled: !covered && monthFrom <= monthTo });
  const free = new Set([...(ahead.data?.days ?? []), ...(shown.data?.days ?? [])]);
  return {
    free,
    /** the free days from the earliest date on, in order, once known */
    ahead: ahead.data?.days ?? null,
    /** whether the three months ahead reach the partner's last date */
    toTheEnd: window.max !== null && aheadTo === window.max,
    loading: ahead.isPending || (!covered && monthFrom <= monthTo && shown.isPending),
    failed: ahead.isError || shown.isError,
  };
}

/**
 * One date and time of a visit request (spec 001 §5): a month calendar that marks the dates with free times and
 * offers the next free date (decision 0090), the date field for typing one, both limited to the partner's
 * window with its blocked dates, then the times the server offers for that date in the learner's zone, or the
 * spec's 'no available visit times' words. A failed load of the times says 'Error Loading Available Times'.
 */
export function SlotPicker({ id, label, scenarioId, window, timezone, value, onChange, error, disabled }: SlotPickerProps) {
  const [date, setDate] = useState(value.slice(0, 10));
  const [month, setMonth] = useState((value || window.min).slice(0, 7));
  // Until the learner pages or picks, the calendar opens on the month of the next free date.
  const monthChosen = useRef(Boolean(value));
  useEffect(() => {
    if (!value) return;
    setDate(value.slice(0, 10));
    setMonth(value.slice(0, 7));
  }, [value]);
  const days = useFreeDays(scenarioId, window, timezone, month);
  const firstFree = days.ahead?.[0] ?? null;
  useEffect(() => {
    if (firstFree && !monthChosen.current) setMonth(firstFree.slice(0, 7));
  }, [firstFree]);
  const pick = (next: string) => {
    monthChosen.current = true;
    setDate(next);
    if (/^\d{4}-\d{2}-\d{2}$/.test(next)) setMonth(next.slice(0, 7));
    onChange('');
  };
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
  // The next free date: the first one with nothing chosen, the first after a date without times otherwise.
  // The date's own times decide once they are known; until then its mark does.
  const dateHasTimes = Boolean(date) && !problem && (times.isSuccess ? times.data.times.length > 0 : days.free.has(date));
  const nextFree = dateHasTimes ? null : (days.ahead?.find((d) => !date || d > date) ?? null);
  // A chosen slot the server no longer offers is kept visible (the server refuses it with its words on submit).
  if (value && value.slice(0, 10) === date && !options.some((o) => o.value === value))
    options.unshift({ value, label: slotTimeLabel(value) });

  return (
    // On a phone the fieldset draws no frame, so each day of the calendar keeps a 44 px target.
    <fieldset className="space-y-3 sm:rounded-lg sm:border sm:border-slate-200 sm:p-4">
      <legend id={`${id}-legend`} className="text-sm font-semibold text-slate-900 sm:px-1">
        {label}
      </legend>
      <DayCalendar
        month={month}
        onMonthChange={(next) => {
          monthChosen.current = true;
          setMonth(next);
        }}
        selectable={(d) => dateWindowProblem(d, window) === null}
        free={days.free}
        selected={date}
        onSelect={pick}
        firstMonth={window.min.slice(0, 7)}
        lastMonth={window.max?.slice(0, 7) ?? null}
        loading={days.loading}
        labelId={`${id}-legend`}
        disabled={disabled}
      />
      {nextFree ? (
        <Button variant="secondary" className="w-full sm:w-auto" disabled={disabled} onClick={() => pick(nextFree)}>
          Next free date: {shortDayLabel(nextFree)}
        </Button>
      ) : days.ahead && days.ahead.length === 0 && !dateHasTimes ? (
        <p className="text-sm text-amber-800" role="status">
          {days.toTheEnd ? 'No free times are left before the latest date you can request.' : 'No free times in the next three months.'}
        </p>
      ) : null}
      {days.failed ? <p className="text-sm text-slate-600">Free days could not be marked. Pick a date to see its times.</p> : null}
      <TextField
        id={`${id}-date`}
        label={`${label} Date`}
        type="date"
        min={window.min}
        max={window.max ?? undefined}
        value={date}
        disabled={disabled}
        onChange={(e) => pick(e.target.value)}
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
