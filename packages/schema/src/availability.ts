import { z } from 'zod/mini';
import { docTimestampSchema, syncedFieldsSchema } from './sync';
import { isTimeZone, zoneOffsetAt } from './zoned-time';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const AVAILABILITY_MESSAGES = {
  startRequired: 'Please enter a Start Time before saving',
  endRequired: 'Please enter an Ending Time before saving',
  endAfterStart: 'The ending time must be after the start time.',
  grid: 'Times must be on the hour or half hour.',
  day: 'Please choose a day of the week.',
  timezone: 'Please choose a valid time zone.',
} as const;

const TIME = /^([01]\d|2[0-3]):(00|30)$/;
const ANY_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function timeField(required: string) {
  return z
    .string({ error: required })
    .check(z.minLength(1, { error: required, abort: true }))
    .check(z.regex(ANY_TIME, { error: required, abort: true }))
    .check(z.regex(TIME, { error: AVAILABILITY_MESSAGES.grid }));
}

/**
 * One availability window of a user (spec 000 §2.13): a weekday and local start and end times on the
 * 30-minute grid, in the user's time zone at the time of writing. A replicated document.
 */
export const availabilityDocSchema = z
  .extend(syncedFieldsSchema, {
    user_id: z.number().check(z.int()).check(z.positive()),
    day: z.enum(WEEKDAYS, { error: AVAILABILITY_MESSAGES.day }),
    start_time: timeField(AVAILABILITY_MESSAGES.startRequired),
    end_time: timeField(AVAILABILITY_MESSAGES.endRequired),
    timezone: z
      .string()
      .check(z.maxLength(64))
      .check(z.refine(isTimeZone, { error: AVAILABILITY_MESSAGES.timezone })),
    updated_at: docTimestampSchema('updated_at'),
  })
  .check(
    z.refine((a) => a._deleted || a.start_time < a.end_time, {
      path: ['end_time'],
      error: AVAILABILITY_MESSAGES.endAfterStart,
    }),
  );
export type AvailabilityDoc = z.infer<typeof availabilityDocSchema>;

const timeOrMessage = (message: string) =>
  z
    .string({ error: message })
    .check(z.minLength(1, { error: message, abort: true }))
    .check(z.regex(ANY_TIME, { error: message, abort: true }))
    .check(z.regex(TIME, { error: AVAILABILITY_MESSAGES.grid }));

/** POST api/user/add-availability {day, start_time, end_time} (spec 000 §7). */
export const addAvailabilityRequestSchema = z
  .object({
    day: z.enum(WEEKDAYS, { error: AVAILABILITY_MESSAGES.day }),
    start_time: timeOrMessage(AVAILABILITY_MESSAGES.startRequired),
    end_time: timeOrMessage(AVAILABILITY_MESSAGES.endRequired),
  })
  .check(z.refine((a) => a.start_time < a.end_time, { path: ['end_time'], error: AVAILABILITY_MESSAGES.endAfterStart }));

/** POST api/user/update-availability {ua_id, day, start_time, end_time}. */
export const updateAvailabilityRequestSchema = z
  .object({
    ua_id: z.string({ error: 'The ua id field is required.' }).check(z.minLength(1)).check(z.maxLength(64)),
    day: z.enum(WEEKDAYS, { error: AVAILABILITY_MESSAGES.day }),
    start_time: timeOrMessage(AVAILABILITY_MESSAGES.startRequired),
    end_time: timeOrMessage(AVAILABILITY_MESSAGES.endRequired),
  })
  .check(z.refine((a) => a.start_time < a.end_time, { path: ['end_time'], error: AVAILABILITY_MESSAGES.endAfterStart }));

/** POST api/user/delete-availability {id} or {day}. */
export const deleteAvailabilityRequestSchema = z
  .object({ id: z.optional(z.string().check(z.minLength(1)).check(z.maxLength(64))), day: z.optional(z.enum(WEEKDAYS)) })
  .check(z.refine((v) => v.id !== undefined || v.day !== undefined, { path: ['id'], error: 'Choose an availability or a day to delete.' }));

/** An availability as the REST calls list it, with the times in the viewer's time zone. */
export const availabilityItemSchema = z.object({
  id: z.string(),
  day: z.enum(WEEKDAYS),
  start_time: z.string(),
  end_time: z.string(),
  timezone: z.string(),
  local_day: z.enum(WEEKDAYS),
  local_start_time: z.string(),
  local_end_time: z.string(),
});
export const availabilitiesResponseSchema = z.object({ message: z.string(), availabilities: z.array(availabilityItemSchema) });

/**
 * A weekly time written in one time zone, as it reads in another, for the week of `reference`
 * (offsets differ across daylight-saving changes, so the week matters).
 */
export function weeklyTimeIn(
  slot: { day: Weekday; time: string },
  fromZone: string,
  toZone: string,
  reference: Date = new Date(),
): { day: Weekday; time: string } {
  if (fromZone === toZone) return slot;
  const [h, m] = slot.time.split(':').map(Number) as [number, number];
  const dayIndex = WEEKDAYS.indexOf(slot.day);
  const minutesOfWeek = dayIndex * 1440 + h * 60 + m;
  const shift = zoneOffsetAt(reference, toZone) - zoneOffsetAt(reference, fromZone);
  const shifted = (((minutesOfWeek + shift) % 10080) + 10080) % 10080;
  const day = WEEKDAYS[Math.floor(shifted / 1440)]!;
  const mins = shifted % 1440;
  return { day, time: `${String(Math.floor(mins / 60)).padStart(2, '0')}:${String(mins % 60).padStart(2, '0')}` };
}
