import { z } from 'zod/mini';
import type { Weekday } from './availability';
import { idSchema, MAX_ID, numeric } from './ids';
import { REQUEST_TYPE, requestDateAcceptable, VISIT_RULES } from './visits';
import { addDays, instantToDate, isDateText, isSlotText, isTimeZone, slotToInstant, weekdayOf } from './zoned-time';

// The dates' text lives apart so the dashboard's request cards do not pull every visit request schema.
export { requestDatesText, requestDateText } from './request-dates-text';

export { isTimeZone };

/**
 * Visit requests (spec 001 §2 'Request page', §3, §4 'Visit request flow', §5, §7, §9; SECURITY.md VAL-07,
 * PAY-01, PAY-07, LOAD-01..05): the calls' shapes and the pure rules both apps use — the date window, the
 * available times of the scenario's SPs, and the words. docs/decisions/0027-visit-requests.md.
 */

export const VISIT_REQUEST_MESSAGES = {
  scenarioRequired: 'The scenario is required.',
  dateOneRequired: 'Please select a first date and time.',
  dateTwoRequired: 'Please select an alternate date and time.',
  dateFormat: 'Please select a date and time from the list.',
  sameDates: 'The alternate date and time must be different from the first one.',
  termsRequired: 'You must agree to the terms to request a visit.',
  timezone: 'Please choose a valid time zone.',
  dateRequired: 'Please select a date.',
  notAvailable: 'This time is not available. Please select another time.',
  notBookable: 'This scenario cannot be booked.',
  noPartner: 'Please choose a partner before requesting a visit.',
  invalidType: 'Only visit requests can be made here.',
  paymentRequired: 'Payment is required to send this visit request.',
  noSeats: 'There are no seats left for your organization. Please contact your administrator.',
  paymentUnusable: 'This payment cannot be used for this visit request.',
  existingRequest: 'You already have a pending visit request for this scenario.',
  existingVisit: 'You already have a visit scheduled for this scenario.',
  notFound: 'Visit request not found.',
  notPending: 'This visit request is no longer pending.',
  alreadyAccepted: 'This visit request has already been accepted.',
  alreadyCanceled: 'This visit request has already been cancelled.',
  dateNotInRequest: 'Please select one of the requested dates.',
  dateTooLate: 'This date can no longer be accepted.',
  spOverlap: 'You already have a visit at this time. This request was not accepted.',
  notSpOfScenario: 'Only a standardized patient of this scenario can accept this request.',
  accepted: 'Visit request accepted.',
  declined: 'Visit request declined.',
  canceled: 'Visit request has been cancelled.',
  rescheduled: 'Visit request has been rescheduled.',
  creditHeld: 'You already hold a credit for this scenario. Please contact support to cancel this request.',
  scheduleTitle: 'Schedule Your Visit',
} as const;
const M = VISIT_REQUEST_MESSAGES;

// ---- the date window (spec 001 §5, §9) ----

export interface PartnerDates {
  start_date: string | null;
  end_date: string | null;
}
export interface DateRange {
  start_date: string;
  end_date: string;
}

export interface RequestDateWindow {
  /** the earliest requestable date, 'YYYY-MM-DD' */
  min: string;
  /** the latest requestable date, or null when the partner has no end date */
  max: string | null;
  /** blocked ranges (inclusive) */
  disabled: DateRange[];
}

const later = (a: string, b: string | null) => (b !== null && b > a ? b : a);

/**
 * Earliest date: today plus 2 days in the learner's zone, or the partner start date if later; latest: the
 * partner end date; the partner's disabled range blocked.
 */
export function requestDateWindow(today: string, partner: PartnerDates, disabled: readonly DateRange[]): RequestDateWindow {
  return {
    min: later(addDays(today, VISIT_RULES.earliestDays), partner.start_date ? partner.start_date.slice(0, 10) : null),
    max: partner.end_date ? partner.end_date.slice(0, 10) : null,
    disabled: disabled.map((d) => ({ start_date: d.start_date.slice(0, 10), end_date: d.end_date.slice(0, 10) })),
  };
}

export type DateWindowProblem = 'early' | 'late' | 'disabled';

/** Why a date is outside the window, or null when it may be requested. */
export function dateWindowProblem(date: string, window: RequestDateWindow): DateWindowProblem | null {
  if (date < window.min) return 'early';
  if (window.max !== null && date > window.max) return 'late';
  if (window.disabled.some((d) => date >= d.start_date && date <= d.end_date)) return 'disabled';
  return null;
}

const shortDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(2, 4)}`;

/** The words for a date outside the window. */
export function dateWindowMessage(problem: DateWindowProblem, window: RequestDateWindow, date: string): string {
  if (problem === 'early') return `The earliest date you can request is ${shortDate(window.min)}.`;
  if (problem === 'late') return `The latest date you can request is ${shortDate(window.max ?? date)}.`;
  const range = window.disabled.find((d) => date >= d.start_date && date <= d.end_date);
  return range
    ? `Visits cannot be requested from ${shortDate(range.start_date)} to ${shortDate(range.end_date)}.`
    : 'Visits cannot be requested on this date.';
}

// ---- available times ----

/** One weekly availability window of an SP, in the SP's own zone. */
export interface WeeklyWindow {
  day: Weekday;
  start_time: string;
  end_time: string;
  timezone: string;
}
export interface BusyInterval {
  start: Date;
  end: Date;
}
export interface SpCalendar {
  windows: readonly WeeklyWindow[];
  busy: readonly BusyInterval[];
}

/** Whether [start, end) lies inside one of the SP's weekly windows (each read in its own zone, on that day). */
export function fitsWindow(start: Date, end: Date, windows: readonly WeeklyWindow[]): boolean {
  // The start's date once per zone (an SP's windows share one), not once per window.
  const dates = new Map<string, string>();
  return windows.some((w) => {
    let day = dates.get(w.timezone);
    if (day === undefined) {
      day = instantToDate(start, w.timezone);
      dates.set(w.timezone, day);
    }
    if (weekdayOf(day) !== w.day) return false;
    const from = slotToInstant(`${day} ${w.start_time}:00`, w.timezone);
    const to = slotToInstant(`${day} ${w.end_time}:00`, w.timezone);
    return from !== null && to !== null && start.getTime() >= from.getTime() && end.getTime() <= to.getTime();
  });
}

const overlaps = (start: Date, end: Date, busy: readonly BusyInterval[]) =>
  busy.some((b) => b.start.getTime() < end.getTime() && b.end.getTime() > start.getTime());

/** Whether one SP can take a visit of `durationMinutes` starting at `start`. */
export function spCanTake(start: Date, durationMinutes: number, sp: SpCalendar): boolean {
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  return fitsWindow(start, end, sp.windows) && !overlaps(start, end, sp.busy);
}

/**
 * The times offered on a date (spec 001 §5, §9): 30-minute steps of the learner's day in the learner's zone,
 * each a 'YYYY-MM-DD HH:mm:00' slot that at least one SP of the scenario can take (inside one of their weekly
 * windows for the whole session, not overlapping a booked visit), and that an SP could still accept. A wall
 * time skipped by a daylight-saving change does not exist and is never offered; a repeated one is offered once.
 */
export function availableSlots(args: {
  date: string;
  timezone: string;
  durationMinutes: number;
  sps: readonly SpCalendar[];
  now: Date;
  /** stop after this many (whether a date has any free time) */
  limit?: number;
}): string[] {
  const slots: string[] = [];
  const seen = new Set<number>();
  for (let minutes = 0; minutes < 24 * 60; minutes += VISIT_RULES.slotMinutes) {
    const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
    const mm = String(minutes % 60).padStart(2, '0');
    const slot = `${args.date} ${hh}:${mm}:00`;
    const start = slotToInstant(slot, args.timezone);
    if (!start || seen.has(start.getTime())) continue;
    seen.add(start.getTime());
    if (!requestDateAcceptable(start, args.now)) continue;
    if (args.sps.some((sp) => spCanTake(start, args.durationMinutes, sp))) slots.push(slot);
    if (args.limit !== undefined && slots.length >= args.limit) break;
  }
  return slots;
}

/** The instants between which a learner's date's slots start (for loading the SPs' visits of that day). */
export function dayBounds(date: string, timezone: string): { from: Date; to: Date } {
  const from = slotToInstant(`${date} 00:00:00`, timezone) ?? new Date(`${date}T00:00:00Z`);
  const next = slotToInstant(`${addDays(date, 1)} 00:00:00`, timezone) ?? new Date(`${addDays(date, 1)}T00:00:00Z`);
  return { from, to: next };
}

/** The learner's 'today' in their zone. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return instantToDate(now, timezone);
}

// ---- calls ----

const id = (message: string) => idSchema(message);

const timezoneSchema = z
  .string({ error: M.timezone })
  .check(z.trim())
  .check(z.refine(isTimeZone, { error: M.timezone }));

const slotSchema = (required: string) =>
  z.pipe(
    z
      .string({ error: required })
      .check(z.trim())
      .check(z.minLength(1, { error: required, abort: true }))
      .check(z.refine(isSlotText, { error: M.dateFormat, abort: true })),
    z.transform((s) => `${s.slice(0, 16)}:00`),
  );

const requestTypeSchema = numeric(
  z
    .number()
    .check(z.gte(0, { error: M.invalidType }))
    .check(z.lte(MAX_ID, { error: M.invalidType }))
    .check(z.refine((t) => t === REQUEST_TYPE.visit, { error: M.invalidType })),
);

/** POST api/visit-request/available-times: the learner's date and zone. */
export const availableTimesRequestSchema = z.object({
  scenario_id: id(M.scenarioRequired),
  request_type: z.optional(requestTypeSchema),
  date: z
    .string({ error: M.dateRequired })
    .check(z.maxLength(10, { error: M.dateRequired }))
    .check(z.refine(isDateText, { error: M.dateRequired })),
  timezone: timezoneSchema,
});
export type AvailableTimesRequest = z.infer<typeof availableTimesRequestSchema>;

export const availableTimesResponseSchema = z.object({ times: z.array(z.string()) });
export type AvailableTimesResponse = z.infer<typeof availableTimesResponseSchema>;

/** The two dates of a request: both given, in the slot format, and not the same. */
const datesShape = {
  visit_date_one: slotSchema(M.dateOneRequired),
  visit_date_two: slotSchema(M.dateTwoRequired),
};
const distinctDates = <T extends { visit_date_one: string; visit_date_two: string }>(v: T) => v.visit_date_one !== v.visit_date_two;

/**
 * The visit request form (spec 001 §3) as the create call takes it. `has_credit` is the client's wish only:
 * the server decides from the credit it holds (PAY-01). `payment_id` is a succeeded payment of the card step.
 */
export const createVisitRequestSchema = z
  .object({
    scenario_id: id(M.scenarioRequired),
    ...datesShape,
    request_type: z._default(requestTypeSchema, REQUEST_TYPE.visit),
    terms_agreement: z.literal(true, { error: M.termsRequired }),
    partner_id: z.nullish(idSchema()),
    has_credit: z.optional(z.boolean()),
    payment_id: z.nullish(idSchema()),
    timezone: timezoneSchema,
  })
  .check(z.refine(distinctDates, { path: ['visit_date_two'], error: M.sameDates }));
export type CreateVisitRequest = z.infer<typeof createVisitRequestSchema>;
export type CreateVisitRequestInput = z.input<typeof createVisitRequestSchema>;

export const createVisitRequestResponseSchema = z.object({ id: z.number(), message: z.string() });
export type CreateVisitRequestResponse = z.infer<typeof createVisitRequestResponseSchema>;

/** Approve/reject payload of spec 001 §3: request_id, request_type, request_date_id, reject. */
export const approveVisitRequestSchema = z.object({
  request_id: id(M.notFound),
  request_type: z._default(requestTypeSchema, REQUEST_TYPE.visit),
  request_date_id: z.nullish(id(M.dateNotInRequest)),
  reject: z._default(z.optional(z.boolean()), false),
});
export type ApproveVisitRequest = z.infer<typeof approveVisitRequestSchema>;
export const approveVisitRequestResponseSchema = z.object({ message: z.string(), visit_id: z.nullable(z.number()) });
export type ApproveVisitRequestResponse = z.infer<typeof approveVisitRequestResponseSchema>;

/** GET api/request/{request_id}: the request to look up. */
export const requestIdParamsSchema = z.object({ request_id: idSchema() });

export const cancelVisitRequestSchema = z.object({ request_id: id(M.notFound) });
export const cancelVisitRequestResponseSchema = z.object({
  message: z.string(),
  credit: z.nullable(z.object({ amount: z.string(), amount_cents: z.number() })),
});
export type CancelVisitRequestResponse = z.infer<typeof cancelVisitRequestResponseSchema>;

/** Reschedule payload of spec 001 §3: request_id, request_type, visit_date_one, visit_date_two (+ the zone). */
export const rescheduleVisitRequestSchema = z
  .object({
    request_id: id(M.notFound),
    request_type: z._default(requestTypeSchema, REQUEST_TYPE.visit),
    ...datesShape,
    timezone: timezoneSchema,
  })
  .check(z.refine(distinctDates, { path: ['visit_date_two'], error: M.sameDates }));
export type RescheduleVisitRequest = z.infer<typeof rescheduleVisitRequestSchema>;

export const visitRequestStatusSchema = z.enum(['pending', 'accepted', 'canceled', 'expired', 'rejected']);

/** The request as GET api/request/{id} answers it (spec 001 §3 'Request'), trimmed by the caller's role. */
export const visitRequestViewSchema = z.object({
  id: z.number(),
  request_type_id: z.number(),
  status: visitRequestStatusSchema,
  is_expired: z.boolean(),
  user_id: z.nullable(z.number()),
  scenario_id: z.nullable(z.number()),
  /** the proposed dates as instants (ISO); local_time is the same instant, the spec's name */
  dates: z.array(z.object({ id: z.number(), local_time: z.string() })),
  /** the requester: only for admin, head trainer, client admin, super admin */
  user: z.nullable(z.object({ id: z.number(), name: z.string(), email: z.string() })),
  scenario: z.nullable(
    z.object({
      id: z.number(),
      title: z.nullable(z.string()),
      patient_name: z.nullable(z.string()),
      patient_image: z.nullable(z.string()),
      summary: z.nullable(z.string()),
      session_duration: z.number(),
      fields: z.array(z.object({ scenario_field_id: z.number(), label: z.string(), value: z.string() })),
    }),
  ),
  payment_amount: z.string(),
  timezone: z.nullable(z.string()),
  visit_id: z.nullable(z.number()),
  created_at: z.string(),
  /** what the caller is to this request, and may do */
  viewer: z.object({
    is_learner: z.boolean(),
    is_sp: z.boolean(),
    can_accept: z.boolean(),
    can_cancel: z.boolean(),
    can_reschedule: z.boolean(),
  }),
});
export type VisitRequestView = z.infer<typeof visitRequestViewSchema>;

export const requestLookupResponseSchema = z.object({
  request: visitRequestViewSchema,
  /** the learner's profession (admin, client admin, super admin only) */
  learner_type: z.nullable(z.string()),
  partner_dates: z.object({ start_date: z.nullable(z.string()), end_date: z.nullable(z.string()) }),
  partner_disabled_dates: z.array(z.object({ start_date: z.string(), end_date: z.string() })),
});
export type RequestLookupResponse = z.infer<typeof requestLookupResponseSchema>;

export const rescheduleVisitRequestResponseSchema = z.object({ message: z.string(), visit_request: visitRequestViewSchema });
export type RescheduleVisitRequestResponse = z.infer<typeof rescheduleVisitRequestResponseSchema>;

/** The 409 of a second request for the same scenario: where the existing one is (spec 001 §4). */
export const existingBookingSchema = z.object({
  message: z.string(),
  scheduled: z.object({ type: z.number(), id: z.number() }),
});
