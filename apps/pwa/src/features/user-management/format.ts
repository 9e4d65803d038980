import { formatShortDate, formatTime } from '@simvisit/schema';

/** "HH:mm" (a local availability time) as h:mm am/pm, the time format of spec 000 §9. */
export function clockTime(time: string): string {
  const match = /^(\d{1,2})[:.](\d{2})/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const period = hours >= 12 ? 'pm' : 'am';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${period}`;
}

/** An ISO instant as MM/DD/YY and h:mm am/pm in the browser's time zone; null when it cannot be read. */
export function dateAndTime(iso: string): { date: string; time: string } | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return { date: formatShortDate(at), time: formatTime(at) };
}

/** Up to two initials of a name, for users without a picture. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}
