/** Display formats of spec 000 §9, always in an explicit time zone so server and client agree. */

function parts(date: Date, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const map: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat('en-US', { ...options, timeZone }).formatToParts(date)) map[p.type] = p.value;
  return map;
}

/** MM/DD/YY */
export function formatShortDate(date: Date, timeZone?: string): string {
  const p = parts(date, timeZone, { year: '2-digit', month: '2-digit', day: '2-digit' });
  return `${p.month}/${p.day}/${p.year}`;
}

/** h:mm am/pm */
export function formatTime(date: Date, timeZone?: string): string {
  const p = parts(date, timeZone, { hour: 'numeric', minute: '2-digit', hour12: true });
  return `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`;
}

/** MM/DD/YY h:mm am/pm */
export function formatDateTime(date: Date, timeZone?: string): string {
  return `${formatShortDate(date, timeZone)} ${formatTime(date, timeZone)}`;
}

/** Weekday plus long date, as in the sub-header: "Saturday, November 21, 2026". */
export function formatLongDate(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  }).format(date);
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
  const p = parts(date, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.month}/${p.day}/${p.year}`;
}

/**
 * The name a time's zone is shown with (docs/decisions/0086): its abbreviation at that instant where one
 * exists ('EST', 'EDT', 'GMT', 'UTC'), else the IANA name itself ('Europe/Vilnius'), never a bare 'GMT+2'.
 */
export function zoneNameAt(date: Date, timeZone: string): string {
  const name = parts(date, timeZone, { timeZoneName: 'short' }).timeZoneName ?? '';
  return !name || /^GMT[+-−]/.test(name) ? timeZone : name;
}

/**
 * A time as shown to a person, in their zone and naming it: { date: 'Tue, Dec 1', time: '2:00 PM EST' }.
 * The one rule for every page, notification, mail, text message, calendar invite and PDF (issue 22 item 2).
 */
export function zonedDateTimeParts(date: Date, timeZone: string): { date: string; time: string } {
  const p = parts(date, timeZone, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
  return { date: `${p.weekday}, ${p.month} ${p.day}`, time: `${p.hour}:${p.minute} ${p.dayPeriod} ${zoneNameAt(date, timeZone)}` };
}

/** 'Tue, Dec 1, 2:00 PM EST': zonedDateTimeParts as one text. */
export function formatInZone(date: Date, timeZone: string): string {
  const { date: day, time } = zonedDateTimeParts(date, timeZone);
  return `${day}, ${time}`;
}
