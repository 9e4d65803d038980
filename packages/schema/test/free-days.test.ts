import { describe, expect, it } from 'vitest';
import { FREE_DAYS_MESSAGES, freeDays, freeDaysRequestSchema } from '../src/free-days';
import { availableSlots, requestDateWindow, type SpCalendar, type WeeklyWindow } from '../src/visit-requests';
import { addDays, slotToInstant } from '../src/zoned-time';

/* The date picker's free days (decision 0090): the one-date rule applied to each date of a range. */

const NY = 'America/New_York';
const now = new Date('2026-11-20T12:00:00Z'); // Friday
const window = requestDateWindow('2026-11-20', { start_date: null, end_date: '2026-12-31' }, [
  { start_date: '2026-12-24', end_date: '2026-12-26' },
]);
const tuesdays: WeeklyWindow = { day: 'Tuesday', start_time: '09:00', end_time: '10:00', timezone: NY };
const thursdays: WeeklyWindow = { day: 'Thursday', start_time: '13:00', end_time: '14:00', timezone: NY };

describe('free days', () => {
  it('are the dates of the range inside the window on which some SP has a time, as availableSlots says', () => {
    const sps: SpCalendar[] = [
      { windows: [tuesdays], busy: [] },
      { windows: [thursdays], busy: [] },
    ];
    const days = freeDays({ from: '2026-11-15', to: '2027-01-10', window, timezone: NY, durationMinutes: 30, sps, now });
    // From the earliest date (Sunday the 22nd) to the partner's end, without the blocked 24th–26th.
    expect(days).toEqual([
      '2026-11-24',
      '2026-11-26',
      '2026-12-01',
      '2026-12-03',
      '2026-12-08',
      '2026-12-10',
      '2026-12-15',
      '2026-12-17',
      '2026-12-22',
      '2026-12-29',
      '2026-12-31',
    ]);
    for (let date = '2026-11-22'; date <= '2026-12-31'; date = addDays(date, 1)) {
      const one = availableSlots({ date, timezone: NY, durationMinutes: 30, sps, now });
      if (!['2026-12-24', '2026-12-25', '2026-12-26'].includes(date)) expect(days.includes(date), date).toBe(one.length > 0);
    }
  });

  it('leave out a date whose only window is booked, and a session longer than the window', () => {
    const start = slotToInstant('2026-12-01 09:00:00', NY)!;
    const busy = [{ start, end: new Date(start.getTime() + 3_600_000) }];
    const sps: SpCalendar[] = [{ windows: [tuesdays], busy }];
    const range = { from: '2026-11-22', to: '2026-12-08', window, timezone: NY, now };
    expect(freeDays({ ...range, durationMinutes: 30, sps })).toEqual(['2026-11-24', '2026-12-08']);
    expect(freeDays({ ...range, durationMinutes: 60, sps })).toEqual(['2026-11-24', '2026-12-08']);
    const short: SpCalendar[] = [{ windows: [{ ...tuesdays, end_time: '09:30' }], busy: [] }];
    expect(freeDays({ ...range, durationMinutes: 60, sps: short })).toEqual([]);
    expect(freeDays({ ...range, durationMinutes: 30, sps: [] })).toEqual([]);
  });

  it('are asked for a range of at most 92 days, in order, in words', () => {
    const ask = (from: string, to: string) => freeDaysRequestSchema.safeParse({ scenario_id: 1, from, to, timezone: NY });
    expect(ask('2026-12-01', '2027-03-02').success).toBe(true); // 91 days after the first: 92 dates
    expect(ask('2026-12-01', '2026-12-01').success).toBe(true);
    expect(ask('2026-12-01', '2027-03-03').error?.issues.map((i) => i.message)).toEqual([FREE_DAYS_MESSAGES.range]);
    expect(ask('2026-12-01', '2026-11-30').error?.issues.map((i) => i.message)).toEqual([FREE_DAYS_MESSAGES.order]);
  });
});
