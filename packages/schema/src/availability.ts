import { z } from 'zod';
import { syncedFieldsSchema } from './sync';

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
    .min(1, { error: required, abort: true })
    .regex(ANY_TIME, { error: required, abort: true })
    .regex(TIME, { error: AVAILABILITY_MESSAGES.grid });
}

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * One availability window of a user (spec 000 §2.13): a weekday and local start and end times on the
 * 30-minute grid, in the user's time zone at the time of writing. A replicated document.
 */
export const availabilityDocSchema = syncedFieldsSchema
  .extend({
    user_id: z.number().int().positive(),
    day: z.enum(WEEKDAYS, { error: AVAILABILITY_MESSAGES.day }),
    start_time: timeField(AVAILABILITY_MESSAGES.startRequired),
    end_time: timeField(AVAILABILITY_MESSAGES.endRequired),
    timezone: z.string().max(64).refine(validTimeZone, { error: AVAILABILITY_MESSAGES.timezone }),
    updated_at: z.string().max(40),
  })
  .refine((a) => a._deleted || a.start_time < a.end_time, {
    path: ['end_time'],
    error: AVAILABILITY_MESSAGES.endAfterStart,
  });
export type AvailabilityDoc = z.infer<typeof availabilityDocSchema>;
