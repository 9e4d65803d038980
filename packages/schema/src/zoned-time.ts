/**
 * Wall-clock times in a named time zone (IANA), with no date library: the visit slots of spec 001 §9 travel as
 * 'YYYY-MM-DD HH:mm:00' in the learner's zone and are stored as instants. Daylight-saving changes are handled by
 * asking Intl for the zone's offset at the instant itself.
 */

import { cachedDateTimeFormat } from './format';

const SLOT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The years a date on input may name (issue 21 item 15, docs/decisions/0082): wide enough for any birth date,
 * booking or report, and far from year 10000, which a late date in 9999 reaches in UTC and the embedded
 * database answered with an error (500) instead of a date.
 */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2200;
const inYears = (text: string) => {
  const year = Number(text.slice(0, 4));
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
};

/**
 * The wall clock of a zone, part by part. Its formatter is cached per zone (format.ts): the slot rules ask thousands
 * of times per request (a date picker's three months, decision 0090). A zone Intl refuses throws as before.
 */
const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};
const offsetFormat = (timeZone: string) => cachedDateTimeFormat(WALL_CLOCK, timeZone);

/** The zone's UTC offset in minutes at an instant (e.g. -300 for New York in winter). */
export function zoneOffsetAt(at: Date, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of offsetFormat(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/** Whether the text is a 'YYYY-MM-DD HH:mm:00' slot. */
export function isSlotText(text: string): boolean {
  return SLOT.test(text) && inYears(text);
}

/**
 * The instant of a wall-clock slot in a zone. A time skipped by a spring-forward change does not exist and
 * gives null; a time repeated by a fall-back change resolves to its first (daylight) occurrence.
 */
export function slotToInstant(slot: string, timeZone: string): Date | null {
  // The slot rules ask for the same few wall times (an SP's window edges) for every slot of a day: remembered.
  const key = `${timeZone}|${slot}`;
  const known = instants.get(key);
  if (known !== undefined) return known === null ? null : new Date(known);
  const found = computeSlotInstant(slot, timeZone);
  if (instants.size >= 50_000) instants.clear();
  instants.set(key, found ? found.getTime() : null);
  return found;
}
const instants = new Map<string, number | null>();

function computeSlotInstant(slot: string, timeZone: string): Date | null {
  const m = SLOT.exec(slot);
  if (!m) return null;
  const [y, mo, d, h, mi] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) {
    return null;
  }
  // Try both offsets around the wall time; keep the earliest instant that reads back as the same wall time.
  const candidates = [zoneOffsetAt(new Date(wall - 36 * 3600_000), timeZone), zoneOffsetAt(new Date(wall + 36 * 3600_000), timeZone)]
    .map((offset) => new Date(wall - offset * 60_000))
    .filter((instant) => instantToSlot(instant, timeZone) === `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:00`)
    .sort((a, b) => a.getTime() - b.getTime());
  return candidates[0] ?? null;
}

/** An instant as a 'YYYY-MM-DD HH:mm:00' slot in a zone. */
export function instantToSlot(at: Date, timeZone: string): string {
  const local = new Date(at.getTime() + zoneOffsetAt(at, timeZone) * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:00`;
}

/** The calendar date 'YYYY-MM-DD' of an instant in a zone. */
export function instantToDate(at: Date, timeZone: string): string {
  return instantToSlot(at, timeZone).slice(0, 10);
}

/** 'YYYY-MM-DD' plus whole days (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The weekday name of a 'YYYY-MM-DD' date. */
export function weekdayOf(date: string): 'Sunday' | 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const)[
    new Date(Date.UTC(y, m - 1, d)).getUTCDay()
  ]!;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date 'YYYY-MM-DD' (not 2026-02-30) from DATE_YEAR_MIN to DATE_YEAR_MAX. */
export function isDateText(value: string): boolean {
  if (!DATE_PATTERN.test(value) || !inYears(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

/** A real calendar date 'YYYY-MM-DD' of this century on (partner and brand dates), up to DATE_YEAR_MAX. */
export function isCalendarDate(value: string): boolean {
  return isDateText(value) && value >= '2000-01-01';
}

/**
 * The formatter that tests a zone. Building one costs about a millisecond on a phone and the pages ask on every
 * render, so the one that proves a zone is kept with the others (format.ts); a refused zone keeps nothing.
 */
const ZONE_CHECK: Intl.DateTimeFormatOptions = {};

/** Whether a text names an IANA time zone this runtime knows. */
export function isTimeZone(text: string): boolean {
  if (!text || text.length > 64) return false;
  try {
    cachedDateTimeFormat(ZONE_CHECK, text);
    return true;
  } catch {
    return false;
  }
}
