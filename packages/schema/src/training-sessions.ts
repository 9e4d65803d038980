import { z } from 'zod/mini';
import { MAX_ID, numeric } from './ids';
import { TRAINING_PRACTICE_MESSAGES, TRAINING_SESSION_TYPE } from './training-session-kinds';
import { joinWindow } from './visits';
import { isSlotText, isTimeZone } from './zoned-time';

// The dashboards' card lives apart so the dashboard's contract does not pull every training session schema.
export { type TrainingSessionCard, trainingSessionCardSchema } from './training-session-card';

/**
 * Training sessions (spec 001 §2 'Training session page', §3, §4, §5 'Training session scheduling', §7, §8, §9;
 * spec 000 §2.12; docs/decisions/0049-training-sessions.md): the words, the types and their durations, the
 * request and response shapes and the pure rules both apps use.
 */

/** The schedulable types and their durations in hours (spec 001 §9). Type 0 'zero' is the form's "none". */
export const TRAINING_SESSION_TYPES = [
  { id: TRAINING_SESSION_TYPE.scenario, name: 'Scenario', hours: 2 },
  { id: TRAINING_SESSION_TYPE.onboarding, name: 'Onboarding', hours: 1 },
  { id: TRAINING_SESSION_TYPE.grouped, name: 'Grouped', hours: 3 },
  { id: TRAINING_SESSION_TYPE.large_group, name: 'Large Group', hours: 4 },
] as const;

/** Types that need a scenario and a job number (spec 001 §5). */
export const TYPES_NEEDING_SCENARIO: readonly number[] = [
  TRAINING_SESSION_TYPE.scenario,
  TRAINING_SESSION_TYPE.grouped,
  TRAINING_SESSION_TYPE.large_group,
];

/** Type 0 of rows made before this issue: shown as a plain training session of one hour (decision 0049). */
const ZERO_TYPE = { id: TRAINING_SESSION_TYPE.zero, name: 'Training Session', hours: 1 } as const;

export function trainingSessionType(id: number): { id: number; name: string; hours: number } {
  return TRAINING_SESSION_TYPES.find((t) => t.id === id) ?? ZERO_TYPE;
}

export function needsScenario(typeId: number): boolean {
  return TYPES_NEEDING_SCENARIO.includes(typeId);
}

export const TRAINING_SESSION_RULES = {
  jobNumberMax: 255,
  maxUsers: 200,
  /** the platform choice (spec 001 §5): 0 {product}, 1 the inclusive-simulation platform */
  platforms: [0, 1] as const,
  label: 'Training Session',
} as const;

/** The spec's words (spec 001 §5, §8) and the product's own refusals (decision 0049). */
export const TRAINING_SESSION_MESSAGES = {
  dateRequired: 'You must set a date and time',
  typeRequired: 'You must set a training session type',
  usersRequired: 'You must set users',
  scenarioRequired: 'You must set a scenario',
  jobNumberRequired: 'You must set a Job Number',
  scheduled: 'Training Session Scheduled',
  rescheduleDateRequired: 'Please provide a date for reschedule.',
  addUsersRequired: 'You must set users.',
  canceled: 'Training Session has been cancelled',
  userAdded: 'User added',
  userRemoved: 'User Removed',
  rescheduled: 'Training Session has been rescheduled',
  jobNumberSaved: 'Job Number updated',
  completed: `${TRAINING_SESSION_RULES.label} marked as complete.`,
  loadError: 'Error loading training session',
  addError: 'Error adding user(s) from Training Session',
  removeError: 'Error removing user from Training Session',
  rescheduleError: 'Error rescheduling training session',
  cancelError: 'Error cancelling training session',
  scheduleError: 'Error scheduling training session',
  recordingError: 'Error retrieving recording.',
  linkNotGenerated: 'Link not generated',
  joinError: 'Error Joining Session.',
  completeError: `Error completing ${TRAINING_SESSION_RULES.label}.`,
  notFound: TRAINING_PRACTICE_MESSAGES.notFound,
  noAccess: TRAINING_PRACTICE_MESSAGES.noAccess,
  onlyTrainer: 'Only the trainer of this training session can change it.',
  notOpen: 'This training session is complete or canceled and can no longer be changed.',
  dateInvalid: 'Please select a valid date and time.',
  datePast: 'Please select a date and time in the future.',
  timezoneInvalid: 'Unknown time zone.',
  jobNumberTooLong: 'The Job Number may be at most 255 characters.',
  platformInvalid: 'Choose a platform.',
  userUnavailable: 'Select users from the list of available users.',
  userAlreadyAdded: 'This user is already in the training session.',
  userNotInSession: 'This user is not in the training session.',
  scenarioUnavailable: 'Select a scenario of this partner.',
  joinNotYet: 'This training session is not open for joining yet.',
  joinClosed: 'This training session has closed.',
  joinNotAllowed: 'Only the trainer and the participants join a training session.',
  notStarted: 'This training session has not started yet.',
  recordingNotComplete: 'The recording is available once the training session is complete.',
  scheduleTitle: 'Schedule a Training Session',
} as const;
const M = TRAINING_SESSION_MESSAGES;

// ---------------------------------------------------------------------------------------------------------------
// Requests

const slot = (required: string) =>
  z
    .string({ error: required })
    .check(z.trim())
    .check(z.minLength(1, { error: required, abort: true }))
    .check(z.maxLength(19, { error: M.dateInvalid, abort: true }))
    .check(z.refine(isSlotText, { error: M.dateInvalid }));
const timezone = z.optional(
  z
    .string()
    .check(z.trim())
    .check(z.minLength(1))
    .check(z.maxLength(64))
    .check(z.refine(isTimeZone, { error: M.timezoneInvalid })),
);
const userIds = (required: string) =>
  z
    .array(
      numeric(
        z
          .number({ error: required })
          .check(z.int({ error: required }))
          .check(z.positive({ error: required }))
          .check(z.lte(MAX_ID, { error: required })),
      ),
      {
        error: required,
      },
    )
    .check(z.minLength(1, { error: required }))
    .check(z.maxLength(TRAINING_SESSION_RULES.maxUsers));
/** Job numbers are kept uppercased; an empty one is none (spec 001 §5). */
const jobNumber = z.pipe(
  z.optional(
    z.nullable(
      z.pipe(
        z
          .string()
          .check(z.trim())
          .check(z.maxLength(TRAINING_SESSION_RULES.jobNumberMax, { error: M.jobNumberTooLong })),
        z.transform((v) => (v === '' ? null : v.toUpperCase())),
      ),
    ),
  ),
  z.transform((v) => v ?? null),
);
const isSim = z.pipe(
  z.optional(z.union([z.boolean(), z.literal(0), z.literal(1)], { error: M.platformInvalid })),
  z.transform((v) => v === true || v === 1),
);

/** POST api/training-session/schedule {date, type, users, scenario, is_sim, job_number} (+ the zone the date is in). */
export const scheduleTrainingSessionRequestSchema = z
  .object({
    date: slot(M.dateRequired),
    type: numeric(
      z
        .number({ error: M.typeRequired })
        .check(z.int({ error: M.typeRequired }))
        .check(z.gte(1, { error: M.typeRequired }))
        .check(z.lte(4, { error: M.typeRequired })),
    ),
    users: userIds(M.usersRequired),
    scenario: z.pipe(
      z.optional(
        z.nullable(
          numeric(
            z
              .number({ error: M.scenarioRequired })
              .check(z.int({ error: M.scenarioRequired }))
              .check(z.gte(0, { error: M.scenarioRequired }))
              .check(z.lte(MAX_ID, { error: M.scenarioRequired })),
          ),
        ),
      ),
      z.transform((v) => (v ? v : null)),
    ),
    is_sim: isSim,
    job_number: jobNumber,
    /** the zone the date and time were picked in; the trainer's profile zone when left out */
    timezone,
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!needsScenario(v.type)) return;
      if (v.scenario === null) ctx.addIssue({ code: 'custom', path: ['scenario'], message: M.scenarioRequired });
      if (v.job_number === null) ctx.addIssue({ code: 'custom', path: ['job_number'], message: M.jobNumberRequired });
    }),
  );
export type ScheduleTrainingSessionRequest = z.input<typeof scheduleTrainingSessionRequestSchema>;

const sessionId = numeric(
  z
    .number({ error: M.notFound })
    .check(z.int({ error: M.notFound }))
    .check(z.positive({ error: M.notFound }))
    .check(z.lte(MAX_ID, { error: M.notFound })),
);

export const addTrainingUsersRequestSchema = z.object({ training_session_id: sessionId, users: userIds(M.addUsersRequired) });
export const removeTrainingUserRequestSchema = z.object({
  training_user_id: numeric(
    z
      .number({ error: M.userNotInSession })
      .check(z.int({ error: M.userNotInSession }))
      .check(z.positive({ error: M.userNotInSession }))
      .check(z.lte(MAX_ID, { error: M.userNotInSession })),
  ),
});
export const trainingSessionIdRequestSchema = z.object({ training_session_id: sessionId });
export const rescheduleTrainingSessionRequestSchema = z.object({
  training_session_id: sessionId,
  date: slot(M.rescheduleDateRequired),
  timezone,
});
export type RescheduleTrainingSessionRequest = z.input<typeof rescheduleTrainingSessionRequestSchema>;
export const updateJobNumberRequestSchema = z.object({ job_number: jobNumber });

// ---------------------------------------------------------------------------------------------------------------
// Responses

const person = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  image: z.nullable(z.string()),
});

/** A person of a session (spec 001 §3 sp_users): the row id is what remove-user takes. */
export const trainingSessionUserSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  role_id: z.number(),
  user: z.omit(person, { id: true }),
});

export const trainingSessionSchema = z.object({
  id: z.number(),
  /** the start, an ISO instant */
  date: z.string(),
  local_time: z.string(),
  type: z.object({ id: z.number(), name: z.string(), hours: z.number() }),
  training_session_type_id: z.number(),
  duration_hours: z.number(),
  scenario_id: z.nullable(z.number()),
  scenario: z.nullable(
    z.object({
      id: z.number(),
      title: z.nullable(z.string()),
      patient_name: z.nullable(z.string()),
      patient_image: z.nullable(z.string()),
    }),
  ),
  trainer_user_id: z.number(),
  trainer: person,
  partner_id: z.number(),
  sp_users: z.array(trainingSessionUserSchema),
  is_sim: z.boolean(),
  job_number: z.nullable(z.string()),
  is_complete: z.boolean(),
  is_canceled: z.boolean(),
  /** what the caller may do: the trainer's actions, joining (as 'trainer' or a participant's role) */
  abilities: z.object({ manage: z.boolean(), join_as: z.nullable(z.enum(['trainer', 'sp', 'participant'])), complete: z.boolean() }),
});
export type TrainingSession = z.infer<typeof trainingSessionSchema>;

export const availableUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role_id: z.number(),
});
export type AvailableUser = z.infer<typeof availableUserSchema>;

/** POST api/training-session/{id}: the session and who may be added to it. */
export const trainingSessionResponseSchema = z.object({
  training_session: trainingSessionSchema,
  available_users: z.array(availableUserSchema),
});
export type TrainingSessionResponse = z.infer<typeof trainingSessionResponseSchema>;

export const scheduleTrainingSessionResponseSchema = z.object({ message: z.string(), id: z.number() });
export const trainingMessageResponseSchema = z.object({ message: z.string() });
export const jobNumberResponseSchema = z.object({ message: z.string(), job_number: z.nullable(z.string()) });
export const trainingRecordingResponseSchema = z.object({ link: z.nullable(z.string()) });

/** GET api/training-session/schedule-options: who and what the Schedule form offers. */
export const scheduleOptionsResponseSchema = z.object({
  available_users: z.array(availableUserSchema),
  scenarios: z.array(z.object({ id: z.number(), title: z.nullable(z.string()), patient_name: z.nullable(z.string()) })),
});
export type ScheduleOptions = z.infer<typeof scheduleOptionsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Pure rules

export type TrainingGroup = 'scheduled' | 'completed' | 'canceled';

export function trainingGroup(s: { is_complete: boolean; is_canceled: boolean }): TrainingGroup {
  return s.is_canceled ? 'canceled' : s.is_complete ? 'completed' : 'scheduled';
}

/** The status of a session in lists (spec 000 §2.14): Canceled, Complete or Scheduled. */
export function trainingStatusText(s: { is_complete: boolean; is_canceled: boolean }): string {
  return s.is_canceled ? 'Canceled' : s.is_complete ? 'Complete' : 'Scheduled';
}

export function isOpenTrainingSession(s: { is_complete: boolean; is_canceled: boolean }): boolean {
  return !s.is_complete && !s.is_canceled;
}

export function trainingEndAt(startAt: Date, typeId: number): Date {
  return new Date(startAt.getTime() + trainingSessionType(typeId).hours * 3_600_000);
}

/** The join window of a session for one person (spec 001 §4): SPs 10 minutes earlier. */
export function trainingJoinWindow(startAt: Date, now: Date, joinAs: 'trainer' | 'sp' | 'participant') {
  return joinWindow(startAt, now, joinAs === 'sp');
}

/** Where a session card leads. */
export function trainingSessionHref(id: number): string {
  return `/training/${id}`;
}

/** 30-minute times from 12:00 AM to 11:30 PM: value 'HH:mm', label 'h:mm AM' (spec 001 §5). */
export function trainingTimeOptions(): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (let m = 0; m < 24 * 60; m += 30) {
    const h = Math.floor(m / 60);
    const mm = String(m % 60).padStart(2, '0');
    const label = `${h % 12 === 0 ? 12 : h % 12}:${mm} ${h < 12 ? 'AM' : 'PM'}`;
    out.push({ value: `${String(h).padStart(2, '0')}:${mm}`, label });
  }
  return out;
}

/** A date 'YYYY-MM-DD' and a time 'HH:mm' as the slot sent: 'YYYY-MM-DD HH:mm:00'; empty when either is missing. */
export function trainingSlotOf(date: string, time: string): string {
  return date && time ? `${date} ${time}:00` : '';
}

/** The training list empty texts (spec 000 §2.8) and titles. */
export const TRAINING_LIST_TEXTS = {
  scheduled: { title: 'Scheduled Training Sessions', empty: 'No Scheduled Training Sessions' },
  completed: { title: 'Completed Training Sessions', empty: 'No Completed Training Sessions' },
  canceled: { title: 'Canceled Training Sessions', empty: 'No Canceled Training Sessions' },
} as const;
