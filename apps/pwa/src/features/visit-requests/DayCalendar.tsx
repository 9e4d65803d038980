import { addDays, weekdayOf } from '@simvisit/schema';
import { cn } from '@simvisit/ui';

/*
 * The month the scheduling page's date picker shows (issue 22 item 3, decision 0090): each date a button, the
 * dates with a free time marked (a dot, bold, and 'free times' in its name), the dates outside the request window
 * disabled. Dates are calendar dates 'YYYY-MM-DD' in the learner's zone; no instant is involved.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayName = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Wed, Mar 5' of a 'YYYY-MM-DD'. */
export function shortDayLabel(date: string): string {
  return shortDay.format(utc(date));
}

/** The first and last dates of a month 'YYYY-MM'. */
export function monthRange(month: string): { first: string; last: string } {
  const first = `${month}-01`;
  const next = addDays(first, 32).slice(0, 7);
  return { first, last: addDays(`${next}-01`, -1) };
}

/** The month 'YYYY-MM' `count` months after `month`. */
export function shiftMonth(month: string, count: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const at = new Date(Date.UTC(y, m - 1 + count, 1));
  return at.toISOString().slice(0, 7);
}

export interface DayCalendarProps {
  /** the month shown, 'YYYY-MM' */
  month: string;
  onMonthChange: (month: string) => void;
  /** whether a date may be picked (inside the request window) */
  selectable: (date: string) => boolean;
  /** the dates known to have a free time */
  free: ReadonlySet<string>;
  /** the chosen date, or '' */
  selected: string;
  onSelect: (date: string) => void;
  /** the earliest and latest months that hold a selectable date */
  firstMonth: string;
  lastMonth: string | null;
  /** the free days of this month are still being asked for */
  loading: boolean;
  /** the legend's id, so the table is named by its picker ('First Choice') */
  labelId: string;
  disabled?: boolean;
}

export function DayCalendar({
  month,
  onMonthChange,
  selectable,
  free,
  selected,
  onSelect,
  firstMonth,
  lastMonth,
  loading,
  labelId,
  disabled,
}: DayCalendarProps) {
  const { first, last } = monthRange(month);
  const lead = WEEKDAYS.indexOf(weekdayOf(first));
  // Whole weeks from the Sunday before the 1st: the days of the months around are blank cells.
  const cells: string[] = [];
  for (let date = addDays(first, -lead); date <= last || cells.length % 7 !== 0; date = addDays(date, 1)) cells.push(date);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  const title = monthTitle.format(utc(first));
  const captionId = `${labelId}-month`;

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-40"
          aria-label={`Previous month, ${monthTitle.format(utc(`${shiftMonth(month, -1)}-01`))}`}
          disabled={disabled || month <= firstMonth}
          onClick={() => onMonthChange(shiftMonth(month, -1))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p id={captionId} className="text-sm font-semibold text-slate-900" aria-live="polite">
          {title}
          {loading ? <span className="sr-only"> (loading free days)</span> : null}
        </p>
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-40"
          aria-label={`Next month, ${monthTitle.format(utc(`${shiftMonth(month, 1)}-01`))}`}
          disabled={disabled || (lastMonth !== null && month >= lastMonth)}
          onClick={() => onMonthChange(shiftMonth(month, 1))}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table className="w-full table-fixed border-collapse text-center text-sm" aria-labelledby={`${labelId} ${captionId}`}>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col" abbr={day} className="pb-1 text-xs font-medium text-slate-600">
                {day.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => (
                <td key={date} className="p-0">
                  {date >= first && date <= last ? (
                    <DayButton
                      date={date}
                      free={free.has(date)}
                      selectable={selectable(date)}
                      selected={date === selected}
                      disabled={disabled}
                      onSelect={onSelect}
                    />
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="flex items-center gap-2 text-xs text-slate-600">
        <span className="inline-block size-2 rounded-full bg-brand-600" aria-hidden="true" /> Days with free times
      </p>
    </div>
  );
}

function DayButton(props: {
  date: string;
  free: boolean;
  selectable: boolean;
  selected: boolean;
  disabled?: boolean;
  onSelect: (date: string) => void;
}) {
  const { date, free, selectable, selected } = props;
  const name = `${dayName.format(utc(date))}${selectable ? (free ? ', free times' : ', no free times') : ', not available'}`;
  return (
    <button
      type="button"
      aria-label={name}
      aria-pressed={selected}
      data-free={free ? 'true' : undefined}
      disabled={props.disabled || !selectable}
      onClick={() => props.onSelect(date)}
      className={cn(
        'relative mx-auto flex h-11 w-full max-w-11 flex-col items-center justify-center rounded-md',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
        'disabled:cursor-not-allowed disabled:text-slate-400 disabled:line-through',
        selected
          ? 'bg-brand-600 font-semibold text-white'
          : free
            ? 'font-semibold text-slate-900 hover:bg-brand-50'
            : 'text-slate-600 hover:bg-slate-50',
      )}
    >
      <span>{Number(date.slice(8, 10))}</span>
      {free && selectable ? (
        <span className={cn('absolute bottom-1 size-1.5 rounded-full', selected ? 'bg-white' : 'bg-brand-600')} aria-hidden="true" />
      ) : null}
    </button>
  );
}
