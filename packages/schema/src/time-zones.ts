/**
 * The profile's time zone (issue 22 item 2, docs/decisions/0086): set from the device when unset, switched to
 * the device's on request, always an IANA location name ('America/New_York', 'UTC').
 */
import { z } from 'zod/mini';
import { zoneOffsetAt } from './zoned-time';

export const TIME_ZONE_MESSAGES = {
  invalid: 'Please choose a valid time zone.',
  updated: 'Time zone updated.',
  /** The once-shown notice when the device is in another zone than the profile (PWA). */
  mismatch: (device: string, profile: string) =>
    `This device is set to ${device}, but your profile's time zone is ${profile}. Times are shown in ${profile}.`,
  switchTo: (device: string) => `Use ${device}`,
  keep: 'Keep my profile zone',
} as const;

/**
 * The IANA location name a text names, in its canonical spelling, or null: an Area/Location name or UTC that
 * this runtime knows. Offsets ('+05:00') and legacy abbreviations ('EST') are not locations.
 */
export function ianaZone(text: string): string | null {
  const given = text.trim();
  if (!given || given.length > 64 || !(given.includes('/') || given.toUpperCase() === 'UTC')) return null;
  if (!/^[A-Za-z0-9_+\-/]+$/.test(given)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: given }).resolvedOptions().timeZone;
    // Keep the name as given (Asia/Kolkata stays Kolkata), only its letter case from the runtime's.
    return resolved.toLowerCase() === given.toLowerCase() ? resolved : given;
  } catch {
    return null;
  }
}

/** PUT api/auth/user/time-zone */
export const timeZoneRequestSchema = z.object({
  timezone: z
    .string({ error: TIME_ZONE_MESSAGES.invalid })
    .check(z.maxLength(64, { error: TIME_ZONE_MESSAGES.invalid }))
    .check(z.refine((t) => ianaZone(t) !== null, { error: TIME_ZONE_MESSAGES.invalid })),
});
export type TimeZoneRequest = z.infer<typeof timeZoneRequestSchema>;

/** A zone's title in the time zone list, as the curated ones read: '(UTC+02:00) Europe/Vilnius'. */
export function zoneTitle(zone: string, at: Date): string {
  const offset = Math.min(
    zoneOffsetAt(new Date(Date.UTC(at.getUTCFullYear(), 0, 1)), zone),
    zoneOffsetAt(new Date(Date.UTC(at.getUTCFullYear(), 6, 1)), zone),
  );
  if (zone === 'UTC') return '(UTC) Coordinated Universal Time';
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `(UTC${sign}${hhmm}) ${zone.replaceAll('_', ' ')}`;
}

/**
 * Whether the device's zone tells other times than the profile's: a different name with the same offsets
 * now and half a year on (America/Toronto for America/New_York) is no difference worth a notice.
 */
export function zonesDiffer(device: string, profile: string, now: Date): boolean {
  if (device === profile) return false;
  const later = new Date(now.getTime() + 182 * 24 * 3600_000);
  return zoneOffsetAt(now, device) !== zoneOffsetAt(now, profile) || zoneOffsetAt(later, device) !== zoneOffsetAt(later, profile);
}
