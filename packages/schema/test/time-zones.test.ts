import { describe, expect, it } from 'vitest';
import { ianaZone, timeZoneRequestSchema, zonesDiffer, zoneTitle } from '../src/time-zones';

describe('the profile zone (docs/decisions/0086)', () => {
  it('takes IANA location names and UTC, in the runtime’s spelling', () => {
    expect(ianaZone('America/New_York')).toBe('America/New_York');
    expect(ianaZone('america/new_york')).toBe('America/New_York');
    expect(ianaZone('Europe/Vilnius')).toBe('Europe/Vilnius');
    expect(ianaZone('UTC')).toBe('UTC');
  });
  it('refuses offsets, abbreviations, unknown names and odd characters', () => {
    for (const text of ['', 'EST', '+05:00', 'GMT+2', 'Mars/Olympus_Mons', 'America/New York', '../etc/passwd', 'x'.repeat(65)]) {
      expect(ianaZone(text), text).toBeNull();
    }
    expect(timeZoneRequestSchema.safeParse({ timezone: 'EST' }).success).toBe(false);
    expect(timeZoneRequestSchema.safeParse({ timezone: 'Asia/Tokyo' }).success).toBe(true);
  });
  it('titles a zone like the curated list, by its standard offset', () => {
    const at = new Date('2026-11-28T00:00:00Z');
    expect(zoneTitle('Europe/Vilnius', at)).toBe('(UTC+02:00) Europe/Vilnius');
    expect(zoneTitle('America/Sao_Paulo', at)).toBe('(UTC-03:00) America/Sao Paulo');
    expect(zoneTitle('Asia/Kolkata', at)).toBe('(UTC+05:30) Asia/Kolkata');
    expect(zoneTitle('UTC', at)).toBe('(UTC) Coordinated Universal Time');
  });
  it('calls zones different only when they tell other times now or half a year on', () => {
    const winter = new Date('2026-12-01T12:00:00Z');
    expect(zonesDiffer('America/Chicago', 'America/New_York', winter)).toBe(true);
    expect(zonesDiffer('America/Toronto', 'America/New_York', winter)).toBe(false);
    expect(zonesDiffer('America/New_York', 'America/New_York', winter)).toBe(false);
    // Same offset in winter, not in summer: Phoenix keeps standard time all year.
    expect(zonesDiffer('America/Phoenix', 'America/Denver', winter)).toBe(true);
  });
});
