/** Display formats of spec 000 §9, always in an explicit time zone so server and client agree. */

const SHORT_DATE: Intl.DateTimeFormatOptions = { year: '2-digit', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hour12: true };
const US_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const ZONE_NAME: Intl.DateTimeFormatOptions = { timeZoneName: 'short' };
const ZONED: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};
const LONG_DATE: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };

/**
 * Formatters by options and zone. Building one costs far more than formatting with it (about a millisecond on a
 * phone, as much on the server per row of a report), and a page or an export formats the same few ways in the
 * same few zones. Bounded per options: Intl accepts a zone in any letter case, so a caller could name one zone many ways.
 * Options must be a module constant (the cache is keyed by the object).
 */
const formatters = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

export function cachedDateTimeFormat(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  let byZone = formatters.get(options);
  if (!byZone) {
    byZone = new Map();
    formatters.set(options, byZone);
  }
  const key = timeZone ?? '';
  let format = byZone.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    if (byZone.size < 1000) byZone.set(key, format);
  }
  return format;
}

function parts(date: Date, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const map: Record<string, string> = {};
  for (const p of cachedDateTimeFormat(options, timeZone).formatToParts(date)) map[p.type] = p.value;
  return map;
}

/** MM/DD/YY */
export function formatShortDate(date: Date, timeZone?: string): string {
  const p = parts(date, timeZone, SHORT_DATE);
  return `${p.month}/${p.day}/${p.year}`;
}

/** h:mm am/pm */
export function formatTime(date: Date, timeZone?: string): string {
  const p = parts(date, timeZone, TIME);
  return `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`;
}

/** MM/DD/YY h:mm am/pm */
export function formatDateTime(date: Date, timeZone?: string): string {
  return `${formatShortDate(date, timeZone)} ${formatTime(date, timeZone)}`;
}

/** Weekday plus long date, as in the sub-header: "Saturday, November 21, 2026". */
export function formatLongDate(date: Date, timeZone?: string): string {
  return cachedDateTimeFormat(LONG_DATE, timeZone).format(date);
}

/**
 * A person's name as every list, message and page shows it: first and last name, trimmed. Takes a person, or
 * the two names where a query selected them under other column names (a visit's learner_first_name…).
 */
export function fullName(person: { first_name: string; last_name: string }): string;
export function fullName(firstName: string, lastName: string): string;
export function fullName(person: { first_name: string; last_name: string } | string, lastName = ''): string {
  const [first, last] = typeof person === 'string' ? [person, lastName] : [person.first_name, person.last_name];
  return `${first} ${last}`.trim();
}

/** MM/DD/YYYY (spec 002 §2.20's Date Requested; spec 002 §9). */
export function formatUsDate(date: Date, timeZone?: string): string {
  const p = parts(date, timeZone, US_DATE);
  return `${p.month}/${p.day}/${p.year}`;
}

/**
 * The name a time's zone is shown with (docs/decisions/0086): its abbreviation at that instant where one
 * exists ('EST', 'EDT', 'GMT', 'UTC'), else the IANA name itself ('Europe/Vilnius'), never a bare 'GMT+2'.
 */
export function zoneNameAt(date: Date, timeZone: string): string {
  const name = parts(date, timeZone, ZONE_NAME).timeZoneName ?? '';
  return !name || /^GMT[+-−]/.test(name) ? timeZone : name;
}

/**
 * A time as shown to a person, in their zone and naming it: { date: 'Tue, Dec 1', time: '2:00 PM EST' }.
 * The one rule for every page, notification, mail, text message, calendar invite and PDF (issue 22 item 2).
 */
export function zonedDateTimeParts(date: Date, timeZone: string): { date: string; time: string } {
  const p = parts(date, timeZone, ZONED);
  return { date: `${p.weekday}, ${p.month} ${p.day}`, time: `${p.hour}:${p.minute} ${p.dayPeriod} ${zoneNameAt(date, timeZone)}` };
}

/** 'Tue, Dec 1, 2:00 PM EST': zonedDateTimeParts as one text. */
export function formatInZone(date: Date, timeZone: string): string {
  const { date: day, time } = zonedDateTimeParts(date, timeZone);
  return `${day}, ${time}`;
}
