import { z } from 'zod';
import { defineContract } from '../api-contract';
import { MAX_ID } from '../ids';

/**
 * Test mode only (TEST_MODE=true, never in production; docs/decisions/0039): the clock the server's time rules
 * read, and factories that make the users, visits, requests and training sessions a journey needs, so every
 * test creates its own data instead of relying on the demo seed and on the order the tests run in.
 */

/** A test moves the clock or places a visit at most a year away. */
const MAX_OFFSET_MINUTES = 366 * 24 * 60;
/** One move of the clock: at most 24 days (in milliseconds, under the integer bound every number input keeps). */
const MAX_DAYS_MS = 24 * 24 * 60 * 60_000;

export const testClockSchema = z.object({ now: z.string() });

/** One of: a time to move to, milliseconds to move by, or back to the real time. */
export const setTestClockSchema = z.union([
  z.object({ now: z.iso.datetime({ offset: true }) }),
  z.object({ advance_ms: z.number().int().min(-MAX_DAYS_MS).max(MAX_DAYS_MS) }),
  z.object({ reset: z.literal(true) }),
]);

const roleGrantSchema = z.object({
  role_id: z.number().int().positive().max(MAX_ID),
  partner_id: z.number().int().positive().max(MAX_ID),
  /** the role's pay rate (USD), as user management shows it for SPs, observers and trainers */
  pay_rate: z.number().min(0).max(999).optional(),
});

export const createTestUserSchema = z.object({
  /** the start of the email: a unique suffix is added, so runs and retries never meet */
  email_prefix: z
    .string()
    .regex(/^[a-z0-9.-]{1,40}$/)
    .default('user'),
  first_name: z.string().min(1).max(60).default('Test'),
  last_name: z.string().min(1).max(60).default('User'),
  roles: z.array(roleGrantSchema).min(1),
  /** the welcome notification a new account of the demo seed has (journeys of the notifications bell) */
  welcome: z.boolean().optional(),
  /** the demo SP's weekly hours (weekdays 08:00–18:00, Saturday 09:00–13:00, New York), so an SP can take requests */
  weekday_hours: z.boolean().optional(),
  /** scenarios (by title) the user is an SP of: visit requests of those reach them and they may accept them */
  sp_of: z.array(z.string().min(1).max(200)).max(10).optional(),
  /** scenarios (by title) the user observes: an accepted request of those adds them to the visit */
  observer_of: z.array(z.string().min(1).max(200)).max(10).optional(),
});
export const testUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  password: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

export const createTestVisitSchema = z.object({
  scenario_title: z.string().min(1),
  partner_id: z.number().int().positive().max(MAX_ID),
  learner_user_id: z.number().int().positive().max(MAX_ID),
  sp_user_id: z.number().int().positive().max(MAX_ID),
  observer_user_ids: z.array(z.number().int().positive().max(MAX_ID)).default([]),
  /** the start, in minutes from the test clock's now (negative: in the past) */
  starts_in_minutes: z.number().int().min(-MAX_OFFSET_MINUTES).max(MAX_OFFSET_MINUTES),
  duration_minutes: z
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .default(30),
  confirmed: z.boolean().default(false),
  complete: z.boolean().default(false),
  canceled_by: z.enum(['learner', 'sp', 'system']).nullable().default(null),
  no_show: z.boolean().default(false),
  technical_issue: z.boolean().default(false),
  /** the SP's feedback form submitted (answered the demo seed's way) */
  feedback_form_complete: z.boolean().default(false),
  /**
   * observers (of observer_user_ids) whose scorecards are submitted, each answering every Likert question of the
   * form with `likert` and the others the demo seed's way (the scoring agreement journeys)
   */
  observer_scores: z
    .array(z.object({ user_id: z.number().int().positive().max(MAX_ID), likert: z.number().int().min(1).max(5) }))
    .default([]),
});

export const createTestVisitRequestSchema = z.object({
  scenario_title: z.string().min(1),
  partner_id: z.number().int().positive().max(MAX_ID),
  learner_user_id: z.number().int().positive().max(MAX_ID),
  /** each date in whole minutes from the test clock's now */
  dates_in_minutes: z.array(z.number().int().positive().max(MAX_ID)).min(1).max(2),
  duration_minutes: z
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .default(30),
});

export const createTestTrainingSessionSchema = z.object({
  scenario_title: z.string().min(1),
  partner_id: z.number().int().positive().max(MAX_ID),
  trainer_user_id: z.number().int().positive().max(MAX_ID),
  sp_user_ids: z.array(z.number().int().positive().max(MAX_ID)).min(1),
  starts_in_minutes: z.number().int().min(-MAX_OFFSET_MINUTES).max(MAX_OFFSET_MINUTES),
});

/** An interview of an applicant with a trainer (issue 12): one hour from its start (decision 0050). */
export const createTestInterviewSchema = z.object({
  applicant_user_id: z.number().int().positive().max(MAX_ID),
  trainer_user_id: z.number().int().positive().max(MAX_ID),
  starts_in_minutes: z.number().int().min(-MAX_OFFSET_MINUTES).max(MAX_OFFSET_MINUTES),
  canceled: z.boolean().default(false),
  complete: z.boolean().default(false),
});

export const createdTestRowSchema = z.object({ id: z.number() });

/** An applicant (role 0) with a pending application for the given roles at a partner (recruitment). */
export const createTestApplicantSchema = z.object({
  email_prefix: z
    .string()
    .regex(/^[a-z0-9.-]{1,40}$/)
    .default('applicant'),
  first_name: z.string().min(1).max(60).default('Applicant'),
  last_name: z.string().min(1).max(60).default('Tester'),
  partner_id: z.number().int().positive().max(MAX_ID),
  role_ids: z.array(z.number().int().min(0).max(MAX_ID)).min(1).max(10),
  experience: z.string().max(2000).default('Five years as a standardized patient.'),
});
export const testApplicantSchema = testUserSchema.extend({ application_id: z.number() });

/** A partner (co-brand tenant) of its own, so a journey may change its dates, seats, passcode or branding. */
export const createTestPartnerSchema = z.object({
  /** the start of the slug: a unique suffix is added */
  slug_prefix: z
    .string()
    .regex(/^[a-z0-9-]{1,30}$/)
    .default('partner'),
  is_sim: z.boolean().default(false),
  seats: z.number().int().min(0).max(1_000_000).default(100),
  used_seats: z.number().int().min(0).max(1_000_000).default(0),
  /** a brand passcode learners must enter, or none */
  passcode: z.string().min(1).max(25).nullable().default(null),
  /** scenarios (by title) offered to the partner's learners (its catalogue) */
  scenario_titles: z.array(z.string().min(1).max(255)).max(10).optional(),
});
export const testPartnerSchema = z.object({ id: z.number(), slug: z.string(), short_name: z.string(), long_name: z.string() });

const TEST = { tag: 'Test', access: { type: 'test' }, scope: 'none' } as const;

export const testSupportApi = {
  clock: defineContract({
    ...TEST,
    method: 'GET',
    path: '/api/test/clock',
    summary: "The server clock's time (test mode only)",
    response: testClockSchema,
  }),
  setClock: defineContract({
    ...TEST,
    method: 'POST',
    path: '/api/test/clock',
    summary: 'Move the server clock, or put it back to the real time (test mode only)',
    body: setTestClockSchema,
    response: testClockSchema,
  }),
  createUser: defineContract({
    ...TEST,
    method: 'POST',
    path: '/api/test/users',
    summary: 'Create a user with a unique email and the given roles (test mode only)',
    body: createTestUserSchema,
    response: testUserSchema,
  }),
  createVisit: defineContract({
    ...TEST,
    method: 'POST',
    path: '/api/test/visits',
    summary: 'Create a visit in a given state, at a time relative to the test clock (test mode only)',
    body: createTestVisitSchema,
    response: createdTestRowSchema,
  }),
  createVisitRequest: defineContract({
    ...TEST,
    method: 'POST',
    path: '/api/test/visit-requests',
    summary: 'Create a pending visit request (test mode only)',
    body: createTestVisitRequestSchema,
    response: createdTestRowSchema,
  }),
  createTrainingSession: defineContract({
    ...TEST,
    method: 'POST',
    path: '/api/test/training-sessions',
    summary: 'Create a scenario training session with its SPs (test mode only)',
    body: createTestTrainingSessionSchema,
    response: createdTestRowSchema,
  }),
  createInterview: defineContract({
    ...TEST,
    method: 'POST',
    path: '/api/test/interviews',
    summary: 'Create an interview of an applicant with a trainer (test mode only)',
    body: createTestInterviewSchema,
    response: createdTestRowSchema,
  }),
  createApplicant: defineContract({
    ...TEST,
    method: 'POST',
    path: '/api/test/applicants',
    summary: 'Create an applicant with a pending application for the given roles (test mode only)',
    body: createTestApplicantSchema,
    response: testApplicantSchema,
  }),
  createPartner: defineContract({
    ...TEST,
    method: 'POST',
    path: '/api/test/partners',
    summary: 'Create a partner of its own with seats and an optional passcode (test mode only)',
    body: createTestPartnerSchema,
    response: testPartnerSchema,
  }),
};

export type CreateTestUserInput = z.output<typeof createTestUserSchema>;
export type CreateTestVisitInput = z.output<typeof createTestVisitSchema>;
export type CreateTestVisitRequestInput = z.output<typeof createTestVisitRequestSchema>;
export type CreateTestTrainingSessionInput = z.output<typeof createTestTrainingSessionSchema>;
export type CreateTestInterviewInput = z.output<typeof createTestInterviewSchema>;
export type CreateTestApplicantInput = z.output<typeof createTestApplicantSchema>;
export type CreateTestPartnerInput = z.output<typeof createTestPartnerSchema>;
