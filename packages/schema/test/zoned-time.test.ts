import { describe, expect, it } from 'vitest';
import { addDays, instantToDate, instantToSlot, isSlotText, slotToInstant, weekdayOf, zoneOffsetAt } from '../src/zoned-time';

const NY = 'America/New_York';

describe('zoned slot times (spec 001 §9 slots in the learner zone)', () => {
  it('converts a wall time to an instant and back, in winter and in summer', () => {
    expect(slotToInstant('2026-12-01 09:30:00', NY)?.toISOString()).toBe('2026-12-01T14:30:00.000Z');
    expect(slotToInstant('2026-07-01 09:30:00', NY)?.toISOString()).toBe('2026-07-01T13:30:00.000Z');
    expect(instantToSlot(new Date('2026-12-01T14:30:00Z'), NY)).toBe('2026-12-01 09:30:00');
    expect(instantToSlot(new Date('2026-07-01T13:30:00Z'), 'Europe/Berlin')).toBe('2026-07-01 15:30:00');
  });

  it('refuses a time skipped by the spring-forward change and takes the first of a repeated one', () => {
    // 2027-03-14: New York jumps from 02:00 to 03:00.
    expect(slotToInstant('2027-03-14 02:30:00', NY)).toBeNull();
    expect(slotToInstant('2027-03-14 03:00:00', NY)?.toISOString()).toBe('2027-03-14T07:00:00.000Z');
    // 2026-11-01: 01:30 happens twice; the daylight one (UTC-4) comes first.
    expect(slotToInstant('2026-11-01 01:30:00', NY)?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('keeps the wall time across a daylight-saving change (same 09:00 on both sides)', () => {
    const before = slotToInstant('2026-10-31 09:00:00', NY)!;
    const after = slotToInstant('2026-11-02 09:00:00', NY)!;
    expect(after.getTime() - before.getTime()).toBe(2 * 86_400_000 + 3_600_000);
    expect(zoneOffsetAt(before, NY)).toBe(-240);
    expect(zoneOffsetAt(after, NY)).toBe(-300);
  });

  it('refuses malformed or impossible slots', () => {
    expect(slotToInstant('2026-02-30 09:00:00', NY)).toBeNull();
    expect(slotToInstant('2026-12-01T09:00', NY)).toBeNull();
    expect(slotToInstant('2026-12-01 24:00:00', NY)).toBeNull();
    expect(isSlotText('2026-12-01 09:00:00')).toBe(true);
    expect(isSlotText('tomorrow')).toBe(false);
  });

  it('does calendar arithmetic on dates', () => {
    expect(addDays('2026-12-31', 2)).toBe('2027-01-02');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(weekdayOf('2026-11-21')).toBe('Saturday');
    expect(instantToDate(new Date('2026-11-21T03:00:00Z'), NY)).toBe('2026-11-20');
  });
});
