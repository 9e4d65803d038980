import { z } from 'zod/mini';
import { idSchema } from './ids';
import {
  availableSlots,
  dateWindowProblem,
  isTimeZone,
  type RequestDateWindow,
  type SpCalendar,
  VISIT_REQUEST_MESSAGES,
} from './visit-requests';
import { addDays, isDateText } from './zoned-time';

/*
 * The scheduling page's free days (issue 22 item 3, docs/decisions/0090): which dates of a range have at least one
 * time an SP of the scenario can take, so the date picker marks them and offers the next free date with one call
 * instead of one call per date.
 */

/** The longest range one call answers: about three months, what the picker shows ahead. */
export const FREE_DAYS_MAX_RANGE = 92;

export const FREE_DAYS_MESSAGES = {
  range: `Please choose a range of at most ${FREE_DAYS_MAX_RANGE} days.`,
  order: 'The end of the range must not be before its start.',
} as const;

const M = VISIT_REQUEST_MESSAGES;
const dateText = z
  .string({ error: M.dateRequired })
  .check(z.maxLength(10, { error: M.dateRequired }))
  .check(z.refine(isDateText, { error: M.dateRequired }));

/** The number of days from one 'YYYY-MM-DD' to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** POST api/visit-request/free-days: a scenario, a range of the learner's dates (both ends included) and their zone. */
export const freeDaysRequestSchema = z
  .object({
    scenario_id: idSchema(M.scenarioRequired),
    from: dateText,
    to: dateText,
    timezone: z
      .string({ error: M.timezone })
      .check(z.trim())
      .check(z.refine(isTimeZone, { error: M.timezone })),
  })
  .check(
    z.superRefine((v, ctx) => {
      const span = daysBetween(v.from, v.to);
      if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: FREE_DAYS_MESSAGES.order });
      else if (span >= FREE_DAYS_MAX_RANGE) ctx.addIssue({ code: 'custom', path: ['to'], message: FREE_DAYS_MESSAGES.range });
    }),
  );
export type FreeDaysRequest = z.infer<typeof freeDaysRequestSchema>;

/** The dates of the range with at least one free time, in order. */
export const freeDaysResponseSchema = z.object({ days: z.array(z.string()) });
export type FreeDaysResponse = z.infer<typeof freeDaysResponseSchema>;

/**
 * The dates from `from` to `to` inside the request window on which `availableSlots` offers at least one time:
 * the same rule as the times of one date, so a marked day always has a time to pick.
 */
export function freeDays(args: {
  from: string;
  to: string;
  window: RequestDateWindow;
  timezone: string;
  durationMinutes: number;
  sps: readonly SpCalendar[];
  now: Date;
}): string[] {
  const days: string[] = [];
  if (args.sps.every((sp) => sp.windows.length === 0)) return days;
  for (let date = args.from; date <= args.to; date = addDays(date, 1)) {
    if (dateWindowProblem(date, args.window)) continue;
    const slots = availableSlots({
      date,
      timezone: args.timezone,
      durationMinutes: args.durationMinutes,
      sps: args.sps,
      now: args.now,
      limit: 1,
    });
    if (slots.length > 0) days.push(date);
  }
  return days;
}
