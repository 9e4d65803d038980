import { addAvailabilityRequestSchema, WEEKDAYS, type Weekday, weeklyTimeIn } from './availability';
import { fieldErrors } from './errors';

/**
 * The availability editor's rules (spec 000 §2.13): a window is stored with the time zone it was written in
 * (the user's own when possible) and shown in the viewer's local time.
 */

export interface StoredWindow {
  day: Weekday;
  start_time: string;
  end_time: string;
  timezone: string;
}

export interface LocalWindow {
  day: Weekday;
  start_time: string;
  end_time: string;
  /** The window crosses local midnight: it ends on the next day. */
  ends_next_day: boolean;
}

/** A stored window as it reads in the viewer's time zone, for the week of `reference`. */
export function availabilityInZone(doc: StoredWindow, viewerZone: string, reference: Date = new Date()): LocalWindow {
  const start = weeklyTimeIn({ day: doc.day, time: doc.start_time }, doc.timezone, viewerZone, reference);
  const end = weeklyTimeIn({ day: doc.day, time: doc.end_time }, doc.timezone, viewerZone, reference);
  return { day: start.day, start_time: start.time, end_time: end.time, ends_next_day: end.day !== start.day };
}

/** The person's windows by local weekday (Sunday to Saturday), each day ordered by start time. */
export function availabilityByLocalDay<D extends StoredWindow & { id: string; _deleted?: boolean }>(
  docs: readonly D[],
  viewerZone: string,
  reference: Date = new Date(),
): Record<Weekday, { doc: D; local: LocalWindow }[]> {
  const byDay = Object.fromEntries(WEEKDAYS.map((d) => [d, [] as { doc: D; local: LocalWindow }[]])) as Record<
    Weekday,
    { doc: D; local: LocalWindow }[]
  >;
  for (const doc of docs) {
    if (doc._deleted) continue;
    const local = availabilityInZone(doc, viewerZone, reference);
    byDay[local.day].push({ doc, local });
  }
  for (const day of WEEKDAYS)
    byDay[day].sort((a, b) => a.local.start_time.localeCompare(b.local.start_time) || a.doc.id.localeCompare(b.doc.id));
  return byDay;
}

export interface AvailabilityDraft {
  day: string;
  start_time: string;
  end_time: string;
}

/**
 * The editor's check before anything is saved, with the spec's messages ('Please enter a Start Time before
 * saving', ...): field errors, or null when the window may be saved.
 */
export function availabilityDraftErrors(draft: AvailabilityDraft): Record<string, string[]> | null {
  const result = addAvailabilityRequestSchema.safeParse(draft);
  return result.success ? null : fieldErrors(result.error.issues);
}

/** Whether any of the errors is a missing time, which the editor shows as the 'Missing Data' warning. */
export function isMissingData(errors: Record<string, string[]> | null): boolean {
  if (!errors) return false;
  return Object.values(errors).some((list) =>
    list.some((m) => m === 'Please enter a Start Time before saving' || m === 'Please enter an Ending Time before saving'),
  );
}

const GRID = /^([01]\d|2[0-3]):(00|30)$/;

/**
 * A window the person entered in their local time, as it is stored: in the user's time zone when it reads as
 * a same-day window on the 30-minute grid there, otherwise in the zone it was entered in (the document keeps
 * its zone, so it stays exact either way).
 */
export function availabilityForStorage(
  draft: { day: Weekday; start_time: string; end_time: string },
  viewerZone: string,
  userZone: string | null,
  reference: Date = new Date(),
): StoredWindow {
  const entered: StoredWindow = { ...draft, timezone: viewerZone };
  if (!userZone || userZone === viewerZone) return entered;
  const start = weeklyTimeIn({ day: draft.day, time: draft.start_time }, viewerZone, userZone, reference);
  const end = weeklyTimeIn({ day: draft.day, time: draft.end_time }, viewerZone, userZone, reference);
  if (start.day !== end.day || !GRID.test(start.time) || !GRID.test(end.time) || start.time >= end.time) return entered;
  return { day: start.day, start_time: start.time, end_time: end.time, timezone: userZone };
}

/** 'h:mm am' from 'HH:mm', the way the app shows times (spec 000 §9). */
export function formatClockTime(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const h = Number(match[1]);
  const suffix = h < 12 ? 'am' : 'pm';
  return `${h % 12 === 0 ? 12 : h % 12}:${match[2]} ${suffix}`;
}

/** 'Monday 9:00 am – 5:00 pm', for notices about one window. */
export function describeWindow(w: { day: string; start_time: string; end_time: string }): string {
  return `${w.day} ${formatClockTime(w.start_time)} – ${formatClockTime(w.end_time)}`;
}

/** The browser's IANA time zone, or UTC when it cannot tell. */
export function deviceTimeZone(): string {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
