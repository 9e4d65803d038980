import { formatInZone } from './format';

/** A proposed date in the viewer's profile zone, naming it (format.ts formatInZone). */
export function requestDateText(at: Date | string, timezone: string): string {
  return formatInZone(typeof at === 'string' ? new Date(at) : at, timezone);
}

/** The requested dates joined by 'or' (spec 001 §2). */
export function requestDatesText(dates: readonly (Date | string)[], timezone: string): string {
  return dates.map((d) => requestDateText(d, timezone)).join(' or ');
}
