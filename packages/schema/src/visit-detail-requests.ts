import { z } from 'zod/mini';
import { MAX_ID, numeric } from './ids';
import { VISIT_DETAIL_TEXTS, VISIT_REFUSALS } from './visit-detail';
import { isTimeZone, VISIT_REQUEST_MESSAGES } from './visit-requests';
import { isSlotText } from './zoned-time';

/* The request bodies and parameters of the visit page's calls (spec 002 §7; spec 001 §7). */

const id = numeric(z.number({ error: 'Unknown visit.' }).check(z.int()).check(z.positive()).check(z.lte(MAX_ID)));
const userId = (message: string) =>
  numeric(
    z
      .number({ error: message })
      .check(z.int({ error: message }))
      .check(z.positive({ error: message }))
      .check(z.lte(MAX_ID)),
  );
const slot = z
  .string({ error: VISIT_DETAIL_TEXTS.selectDateTime })
  .check(z.trim())
  .check(z.minLength(1, { error: VISIT_DETAIL_TEXTS.selectDateTime }))
  .check(z.refine(isSlotText, { error: VISIT_REFUSALS.dateInvalid }));
const timezone = z
  .string()
  .check(z.trim())
  .check(z.minLength(1))
  .check(z.maxLength(64))
  .check(z.refine(isTimeZone, { error: VISIT_REFUSALS.timezoneInvalid }));

/** A visit id of the address as written: the service answers 404 for anything that is not one of its visits. */
export const visitIdParamsSchema = z.object({ id: z.string().check(z.maxLength(20)) });
export const addObserverRequestSchema = z.object({ add_observer_id: userId(VISIT_REFUSALS.observerUnknown) });
export const removeObserverRequestSchema = z.object({ remove_observer_id: userId(VISIT_REFUSALS.observerNotAssigned) });
export const transferRequestSchema = z.object({ sp_id: userId(VISIT_REFUSALS.spUnknown) });
export const adjustDateRequestSchema = z.object({
  start_date: slot,
  is_confirmed: z._default(z.boolean(), false),
  /** the zone the admin picked the time in; the admin's profile zone when left out */
  timezone: z.optional(timezone),
});
export type AdjustDateRequest = z.infer<typeof adjustDateRequestSchema>;
export const visitRescheduleRequestSchema = z.object({ visit_date_one: slot, visit_date_two: slot, timezone }).check(
  z.refine((v) => v.visit_date_one.slice(0, 16) !== v.visit_date_two.slice(0, 16), {
    path: ['visit_date_two'],
    error: VISIT_REQUEST_MESSAGES.sameDates,
  }),
);
export type VisitRescheduleRequest = z.infer<typeof visitRescheduleRequestSchema>;
/** POST api/meeting/join/{type}, api/{type}/complete: the event id (spec 001 §7). */
export const eventIdRequestSchema = z.object({ id });
/** The session type of api/meeting/join/{type}: only 'visit' exists so far, the service answers 404 for others. */
export const meetingTypeParamsSchema = z.object({ type: z.string().check(z.maxLength(20)) });
/** POST api/visit/noshow, api/visit/learnertech */
export const visitIdRequestSchema = z.object({ visit_id: id });
