import { z } from 'zod';
import { idSchema } from './ids';
import { isCalendarDate } from './zoned-time';

/*
 * Seat Management and Scheduling Dates (spec 002 §2.9, §2.16, §4, §5, §8): the shapes, the spec's words and the
 * pure rules both the server and the PWA check (docs/decisions/0053).
 */

export const PARTNER_CAPACITY_MESSAGES = {
  seatsInteger: 'Seat Total must have an integer greater than zero.',
  seatsTooMany: 'Seat Total can be no more than 1000000.',
  seatsReduce: 'Sorry, you CAN NOT reduce the seat total for a partner',
  seatsFailed: 'Unable to update Seat Total',
  seatsEmpty: 'No data for Partner Seats was returned at this time.',
  seatsUpdated: (partner: string) => `${partner}: Seats Successfully Updated`,
  partnerNotFound: 'Partner not found.',
  missingDates: 'Missing Date Paramaters.',
  startRequired: 'The start date is required.',
  endRequired: 'The end date is required.',
  bothRequired: 'The start date and end date are required.',
  notADate: 'The date must be a date (YYYY-MM-DD).',
  pastDate: 'The date cannot be before today.',
  endBeforeStart: 'The end date cannot be before the start date.',
  datesSaved: 'Partner Dates Saved',
  datesCleared: 'Partner Dates Cleared',
  disabledCleared: 'Partner Disabled Dates Cleared',
  saveFailed: 'Error Saving Partner Dates',
  clearFailed: 'Error Clearing Partner Dates',
  datesEmpty: 'No partners in system',
} as const;
const M = PARTNER_CAPACITY_MESSAGES;

/** The largest seat total a partner may have: a bound for VAL-11, far above any real program. */
export const MAX_SEATS = 1_000_000;

// ---- seats ----

export const seatsParamsSchema = z.object({ id: idSchema(M.partnerNotFound) });

/** A seat total: a whole number from 1 to MAX_SEATS (strings of digits from a form are taken). */
export const seatsRequestSchema = z.object({
  seats: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: M.seatsInteger })
      .int({ error: M.seatsInteger })
      .min(1, { error: M.seatsInteger })
      .max(MAX_SEATS, { error: M.seatsTooMany }),
  ),
});
export type SeatsRequest = z.infer<typeof seatsRequestSchema>;

export const partnerSeatsSchema = z.object({
  id: z.number().int(),
  long_name: z.string(),
  short_name: z.string(),
  slug: z.string(),
  seats: z.number().int(),
  used_seats: z.number().int(),
  /** seats held by registrations waiting for their emailed link (given back when the link expires, decision 0080) */
  held_seats: z.number().int(),
});
export type PartnerSeats = z.infer<typeof partnerSeatsSchema>;
export const seatsResponseSchema = z.object({ message: z.string(), partner: partnerSeatsSchema });

/** The spec's only rule on totals (§4): they stay equal or grow; the server checks it again in its UPDATE. */
export function seatProblem(current: number, next: number): string | null {
  if (!Number.isInteger(next) || next < 1) return M.seatsInteger;
  if (next > MAX_SEATS) return M.seatsTooMany;
  if (next < current) return M.seatsReduce;
  return null;
}

/** One partner's Seat Total form: the request's rule, then the spec's "never lower" (seatProblem) against `current`. */
export function seatTotalFormSchema(current: number) {
  return seatsRequestSchema.superRefine((value, ctx) => {
    const problem = seatProblem(current, value.seats);
    if (problem) ctx.addIssue({ code: 'custom', path: ['seats'], message: problem });
  });
}

// ---- scheduling dates ----

/** A date field as sent: empty, null or missing all mean "not given" (the missing-dates message then). */
const dateField = z.preprocess((v) => (v === '' || v === undefined ? null : v), z.string().max(10, { error: M.notADate }).nullable());

export const saveDatesRequestSchema = z.object({
  partner_id: idSchema(M.partnerNotFound),
  start_date: dateField,
  end_date: dateField,
});
export type SaveDatesRequest = z.input<typeof saveDatesRequestSchema>;
export const saveDisabledDatesRequestSchema = z.object({
  partner_id: idSchema(M.partnerNotFound),
  start_disabled_date: dateField,
  end_disabled_date: dateField,
});
export type SaveDisabledDatesRequest = z.input<typeof saveDisabledDatesRequestSchema>;
export const clearDatesRequestSchema = z.object({ partner_id: idSchema(M.partnerNotFound) });

export const dateRangeSchema = z.object({ start_date: z.string().nullable(), end_date: z.string().nullable() });
export const partnerDatesSchema = z.object({
  id: z.number().int(),
  long_name: z.string(),
  short_name: z.string(),
  slug: z.string(),
  dates: dateRangeSchema,
  disabled_dates: dateRangeSchema,
});
export type PartnerDatesRow = z.infer<typeof partnerDatesSchema>;
export const partnerDatesListResponseSchema = z.object({ partners: z.array(partnerDatesSchema) });
export const partnerDatesResponseSchema = z.object({ message: z.string(), partner: partnerDatesSchema });

export interface DateRangeProblem {
  /** the 422's message: 'Missing Date Paramaters.' when a date is missing, else the first problem */
  message: string;
  errors: { start?: string; end?: string };
}

/**
 * The rules of one range (spec 002 §5): both dates required, real dates, not before `today`, end not before
 * start. Answers null when the range may be saved.
 */
export function dateRangeProblem(start: string | null, end: string | null, today: string): DateRangeProblem | null {
  if (!start || !end) {
    const errors = { ...(start ? {} : { start: M.startRequired }), ...(end ? {} : { end: M.endRequired }) };
    return { message: M.missingDates, errors };
  }
  const errors: DateRangeProblem['errors'] = {};
  if (!isCalendarDate(start)) errors.start = M.notADate;
  else if (start < today) errors.start = M.pastDate;
  if (!isCalendarDate(end)) errors.end = M.notADate;
  else if (end < today) errors.end = M.pastDate;
  if (!errors.start && !errors.end && end < start) errors.end = M.endBeforeStart;
  const first = errors.start ?? errors.end;
  return first ? { message: first, errors } : null;
}

/** A range's form (the two dates of a partner's row) checked with dateRangeProblem, each message under its date. */
function rangeFormSchema<S extends string, E extends string>(startKey: S, endKey: E, today: string) {
  return z.object({ [startKey]: dateField, [endKey]: dateField } as Record<S | E, typeof dateField>).superRefine((value, ctx) => {
    const dates = value as Record<S | E, string | null>;
    const problem = dateRangeProblem(dates[startKey], dates[endKey], today);
    if (problem?.errors.start) ctx.addIssue({ code: 'custom', path: [startKey], message: problem.errors.start });
    if (problem?.errors.end) ctx.addIssue({ code: 'custom', path: [endKey], message: problem.errors.end });
  });
}

/** The Date Range of a partner's row (Save Dates): the fields of saveDatesRequestSchema. */
export const datesFormSchema = (today: string) => rangeFormSchema('start_date', 'end_date', today);
/** The Disabled Date Range of a partner's row (Save Disabled Dates): the fields of saveDisabledDatesRequestSchema. */
export const disabledDatesFormSchema = (today: string) => rangeFormSchema('start_disabled_date', 'end_disabled_date', today);

/** The words under the missing-dates notice: which of the two dates are required. */
export function missingDatesDetail(problem: DateRangeProblem): string {
  if (problem.errors.start === M.startRequired && problem.errors.end === M.endRequired) return M.bothRequired;
  return problem.errors.start ?? problem.errors.end ?? '';
}
