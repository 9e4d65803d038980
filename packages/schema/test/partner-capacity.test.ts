import { describe, expect, it } from 'vitest';
import {
  collectEmailRows,
  dateRangeProblem,
  isCalendarDate,
  PARTNER_CAPACITY_MESSAGES as M,
  MAX_SEATS,
  missingDatesDetail,
  PRE_APPROVED_LIMITS,
  seatProblem,
  seatsRequestSchema,
} from '../src';

describe('seat totals (spec 002 §4, §5)', () => {
  it('stay equal or grow, whole and above zero', () => {
    expect(seatProblem(40, 40)).toBeNull();
    expect(seatProblem(40, 41)).toBeNull();
    expect(seatProblem(40, 39)).toBe(M.seatsReduce);
    expect(seatProblem(40, 0)).toBe(M.seatsInteger);
    expect(seatProblem(40, 2.5)).toBe(M.seatsInteger);
    expect(seatProblem(40, MAX_SEATS + 1)).toBe(M.seatsTooMany);
    expect(seatsRequestSchema.safeParse({ seats: '45' }).data).toEqual({ seats: 45 });
    expect(seatsRequestSchema.safeParse({ seats: '4.5' }).success).toBe(false);
  });
});

describe('scheduling date ranges (spec 002 §5)', () => {
  const today = '2026-11-27';
  it('needs both dates, says which, and refuses past, reversed and impossible dates', () => {
    const both = dateRangeProblem(null, null, today)!;
    expect(both.message).toBe(M.missingDates);
    expect(missingDatesDetail(both)).toBe(M.bothRequired);
    expect(missingDatesDetail(dateRangeProblem('2026-12-01', null, today)!)).toBe(M.endRequired);
    expect(dateRangeProblem('2026-11-26', '2026-12-01', today)?.errors.start).toBe(M.pastDate);
    expect(dateRangeProblem('2026-12-05', '2026-12-01', today)?.errors.end).toBe(M.endBeforeStart);
    expect(dateRangeProblem('2027-02-30', '2027-03-01', today)?.errors.start).toBe(M.notADate);
    expect(dateRangeProblem(today, today, today)).toBeNull();
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
  });
});

describe('an email list’s rows (UP-04)', () => {
  it('skips the header and empty cells, lower-cases, counts repeats once and names invalid rows', () => {
    const list = collectEmailRows([
      { row: 1, text: 'Email' },
      { row: 2, text: ' Ana@Example.com ' },
      { row: 3, text: '' },
      { row: 4, text: 'ana@example.com' },
      { row: 5, text: '=HYPERLINK("x")' },
    ]);
    expect(list.emails).toEqual(['ana@example.com']);
    expect(list.duplicates).toBe(1);
    expect(list.invalid).toEqual(['Row 5: "=HYPERLINK("x")" is not a valid email address.']);
  });

  it('names at most the first rows, then counts the rest', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ row: i + 1, text: `bad ${i}` }));
    const list = collectEmailRows(rows);
    expect(list.invalid).toHaveLength(PRE_APPROVED_LIMITS.reportedRows + 1);
    expect(list.invalid.at(-1)).toBe('And 10 more invalid rows.');
  });
});
