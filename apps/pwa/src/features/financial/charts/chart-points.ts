import { type ChartMonth, formatMoney, toCents } from '@simvisit/schema';

/** One month of the earnings chart as the plot and its table read it: a label, hours, and earnings in dollars and as text. */
export interface ChartPoint {
  key: string;
  label: string;
  hours: number;
  /** dollars as a number, for the plot's axis (the API's amounts are text) */
  earnings: number;
  earningsText: string;
}

const monthNames = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** "Jan 2026": the month's short name in English and its year. */
export function monthLabel(year: number, month: number): string {
  return `${monthNames.format(new Date(Date.UTC(year, month - 1, 1)))} ${year}`;
}

/** The response's months (oldest first) as the chart's points. */
export function chartPoints(months: readonly ChartMonth[]): ChartPoint[] {
  return months.map((m) => {
    const cents = toCents(m.total);
    return {
      key: `${m.year}-${m.month}`,
      label: monthLabel(m.year, m.month),
      hours: m.hours,
      earnings: cents / 100,
      earningsText: formatMoney(cents),
    };
  });
}

/** Hours as a person reads them: at most two decimals, no trailing zeros. */
export const hoursText = (hours: number) => hours.toLocaleString('en-US', { maximumFractionDigits: 2 });
