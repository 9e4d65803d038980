import { formatMoney, toCents } from '@simvisit/schema';
import { SelectField, type SelectOption } from '@simvisit/ui';

/** The month and year a report opens on: the current ones (spec 000 §9, spec 002 §9). */
export function currentPeriod(now: Date): { month: string; year: string } {
  return { month: String(now.getMonth() + 1), year: String(now.getFullYear()) };
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
export const MONTH_OPTIONS: readonly SelectOption[] = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: monthName.format(new Date(Date.UTC(2000, i, 1))),
}));

/** The years a report offers: from its first year to the current one, newest first. */
export function yearOptions(first: number, now: Date): SelectOption[] {
  const last = Math.max(first, now.getFullYear());
  return Array.from({ length: last - first + 1 }, (_, i) => String(last - i)).map((y) => ({ value: y, label: y }));
}

/** An amount of the API (dollar text) as a person reads it: "$1,234.50". */
export const money = (amount: string) => formatMoney(toCents(amount));

export interface Period {
  month: string;
  year: string;
}

/** The month and year selects both reports start their filters with. */
export function PeriodFields({
  idPrefix,
  value,
  onChange,
  firstYear,
  now,
}: {
  idPrefix: string;
  value: Period;
  onChange: (period: Period) => void;
  firstYear: number;
  now: Date;
}) {
  return (
    <>
      <SelectField
        id={`${idPrefix}-month`}
        label="Month"
        options={MONTH_OPTIONS}
        value={value.month}
        onChange={(e) => onChange({ ...value, month: e.target.value })}
      />
      <SelectField
        id={`${idPrefix}-year`}
        label="Year"
        options={yearOptions(firstYear, now)}
        value={value.year}
        onChange={(e) => onChange({ ...value, year: e.target.value })}
      />
    </>
  );
}

const monthYearName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "November 2026": the period a report shows, in words. */
export const periodName = (p: Period) => monthYearName.format(new Date(Date.UTC(Number(p.year), Number(p.month) - 1, 1)));
