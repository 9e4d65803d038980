import { describe, expect, it } from 'vitest';
import {
  availableSlots,
  createVisitRequestSchema,
  dateWindowMessage,
  dateWindowProblem,
  fitsWindow,
  isTimeZone,
  VISIT_REQUEST_MESSAGES as M,
  requestDatesText,
  requestDateWindow,
  type SpCalendar,
  spCanTake,
  type WeeklyWindow,
} from '../src/visit-requests';
import { slotToInstant } from '../src/zoned-time';

const NY = 'America/New_York';
const weekday = (day: WeeklyWindow['day'], start = '08:00', end = '18:00', timezone = NY): WeeklyWindow => ({
  day,
  start_time: start,
  end_time: end,
  timezone,
});
const everyWeekday: WeeklyWindow[] = (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const).map((d) => weekday(d));
const sp = (windows: WeeklyWindow[], busy: SpCalendar['busy'] = []): SpCalendar => ({ windows, busy });

describe('the date window (spec 001 §5, §9)', () => {
  it('starts two days after today, or at the partner start when later, and ends at the partner end', () => {
    expect(requestDateWindow('2026-11-21', { start_date: null, end_date: null }, [])).toEqual({
      min: '2026-11-23',
      max: null,
      disabled: [],
    });
    expect(requestDateWindow('2026-11-21', { start_date: '2026-12-01', end_date: '2027-01-31' }, []).min).toBe('2026-12-01');
    expect(requestDateWindow('2026-11-21', { start_date: '2026-11-01', end_date: null }, []).min).toBe('2026-11-23');
  });

  it('says why a date is outside, in words', () => {
    const w = requestDateWindow('2026-11-21', { start_date: null, end_date: '2026-12-31' }, [
      { start_date: '2026-12-24', end_date: '2026-12-26' },
    ]);
    expect(dateWindowProblem('2026-11-22', w)).toBe('early');
    expect(dateWindowProblem('2026-11-23', w)).toBeNull();
    expect(dateWindowProblem('2027-01-01', w)).toBe('late');
    expect(dateWindowProblem('2026-12-24', w)).toBe('disabled');
    expect(dateWindowProblem('2026-12-26', w)).toBe('disabled');
    expect(dateWindowProblem('2026-12-27', w)).toBeNull();
    expect(dateWindowMessage('early', w, '2026-11-22')).toBe('The earliest date you can request is 11/23/26.');
    expect(dateWindowMessage('late', w, '2027-01-01')).toBe('The latest date you can request is 12/31/26.');
    expect(dateWindowMessage('disabled', w, '2026-12-25')).toBe('Visits cannot be requested from 12/24/26 to 12/26/26.');
  });
});

describe('available times', () => {
  const now = new Date('2026-11-20T12:00:00Z');

  it('offers 30-minute steps inside the window, for the whole session, minus booked visits', () => {
    const slots = availableSlots({ date: '2026-11-24', timezone: NY, durationMinutes: 30, sps: [sp(everyWeekday)], now });
    expect(slots[0]).toBe('2026-11-24 08:00:00');
    expect(slots.at(-1)).toBe('2026-11-24 17:30:00');
    expect(slots).toHaveLength(20);
    const hour = availableSlots({ date: '2026-11-24', timezone: NY, durationMinutes: 60, sps: [sp(everyWeekday)], now });
    expect(hour.at(-1)).toBe('2026-11-24 17:00:00');
    const visit = { start: slotToInstant('2026-11-24 10:00:00', NY)!, end: slotToInstant('2026-11-24 10:30:00', NY)! };
    const busy = availableSlots({ date: '2026-11-24', timezone: NY, durationMinutes: 60, sps: [sp(everyWeekday, [visit])], now });
    expect(busy).not.toContain('2026-11-24 09:30:00');
    expect(busy).not.toContain('2026-11-24 10:00:00');
    expect(busy).toContain('2026-11-24 09:00:00');
    expect(busy).toContain('2026-11-24 10:30:00');
    // A second SP who is free fills the gap.
    const two = availableSlots({
      date: '2026-11-24',
      timezone: NY,
      durationMinutes: 60,
      sps: [sp(everyWeekday, [visit]), sp([weekday('Tuesday', '09:00', '11:00')])],
      now,
    });
    expect(two).toContain('2026-11-24 10:00:00');
  });

  it("reads each window in the SP's zone and answers in the learner's", () => {
    const slots = availableSlots({ date: '2026-11-24', timezone: 'Asia/Tokyo', durationMinutes: 30, sps: [sp(everyWeekday)], now });
    // Tuesday 08:00 in New York (EST, UTC−5) is Tuesday 22:00 in Tokyo (UTC+9); Monday's window ends Tuesday 08:00 Tokyo.
    expect(slots).toContain('2026-11-24 22:00:00');
    expect(slots).toContain('2026-11-24 07:30:00');
    expect(slots).not.toContain('2026-11-24 08:00:00');
  });

  it('offers nothing too close to now, on days without a window, or with no SP', () => {
    const later = new Date('2026-11-20T14:00:00Z');
    // Saturday 08:00 and 08:30 in New York are less than 24 hours after Friday 09:00; 09:00 is exactly 24 hours.
    expect(
      availableSlots({
        date: '2026-11-21',
        timezone: NY,
        durationMinutes: 30,
        sps: [sp([weekday('Saturday', '08:00', '09:00')])],
        now: later,
      }),
    ).toEqual([]);
    expect(
      availableSlots({
        date: '2026-11-21',
        timezone: NY,
        durationMinutes: 30,
        sps: [sp([weekday('Saturday', '08:00', '10:00')])],
        now: later,
      }),
    ).toEqual(['2026-11-21 09:00:00', '2026-11-21 09:30:00']);
    expect(availableSlots({ date: '2026-11-22', timezone: NY, durationMinutes: 30, sps: [sp(everyWeekday)], now })).toEqual([]);
    expect(availableSlots({ date: '2026-11-24', timezone: NY, durationMinutes: 30, sps: [], now })).toEqual([]);
  });

  it('handles the daylight-saving changes: no skipped time, no repeated time twice', () => {
    const night = sp([weekday('Sunday', '00:00', '06:00')]);
    const early = new Date('2026-10-01T00:00:00Z');
    const fallBack = availableSlots({ date: '2026-11-01', timezone: NY, durationMinutes: 30, sps: [night], now: early });
    expect(fallBack).toHaveLength(12);
    expect(new Set(fallBack).size).toBe(12);
    const springForward = availableSlots({ date: '2027-03-14', timezone: NY, durationMinutes: 30, sps: [night], now: early });
    expect(springForward).not.toContain('2027-03-14 02:00:00');
    expect(springForward).not.toContain('2027-03-14 02:30:00');
    expect(springForward).toHaveLength(10);
  });

  it('follows the offset between two zones that change on different days', () => {
    // Europe leaves summer time on 2026-10-25, the United States on 2026-11-01.
    const early = new Date('2026-10-01T00:00:00Z');
    const at = (date: string) =>
      availableSlots({ date, timezone: 'Europe/London', durationMinutes: 30, sps: [sp(everyWeekday)], now: early });
    expect(at('2026-10-23')[0]).toBe('2026-10-23 13:00:00');
    expect(at('2026-10-30')[0]).toBe('2026-10-30 12:00:00');
    expect(at('2026-11-02')[0]).toBe('2026-11-02 13:00:00');
  });

  it('checks one slot for one SP', () => {
    const start = slotToInstant('2026-11-24 17:30:00', NY)!;
    expect(spCanTake(start, 30, sp(everyWeekday))).toBe(true);
    expect(spCanTake(start, 60, sp(everyWeekday))).toBe(false);
    expect(fitsWindow(start, new Date(start.getTime() + 30 * 60_000), [weekday('Monday')])).toBe(false);
  });
});

describe('the request form', () => {
  const valid = {
    scenario_id: 7,
    visit_date_one: '2026-11-24 10:00:00',
    visit_date_two: '2026-11-25 14:30',
    request_type: 1,
    terms_agreement: true,
    timezone: NY,
  };

  it('takes two different slots, the terms and a zone', () => {
    const parsed = createVisitRequestSchema.parse(valid);
    expect(parsed.visit_date_two).toBe('2026-11-25 14:30:00');
    const same = createVisitRequestSchema.safeParse({ ...valid, visit_date_two: valid.visit_date_one });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]).toMatchObject({ path: ['visit_date_two'], message: M.sameDates });
    const terms = createVisitRequestSchema.safeParse({ ...valid, terms_agreement: false });
    expect(terms.error?.issues[0]).toMatchObject({ path: ['terms_agreement'], message: M.termsRequired });
    const zone = createVisitRequestSchema.safeParse({ ...valid, timezone: 'Nowhere/City' });
    expect(zone.error?.issues[0]?.message).toBe(M.timezone);
    const missing = createVisitRequestSchema.safeParse({ ...valid, visit_date_one: undefined });
    expect(missing.error?.issues[0]?.message).toBe(M.dateOneRequired);
    const interview = createVisitRequestSchema.safeParse({ ...valid, request_type: 2 });
    expect(interview.success).toBe(false);
  });

  it('knows time zones and joins dates with "or"', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(requestDatesText(['2026-11-24T15:00:00.000Z', '2026-11-25T19:30:00.000Z'], NY)).toBe(
      'Tue, Nov 24, 10:00 AM EST or Wed, Nov 25, 2:30 PM EST',
    );
  });
});
