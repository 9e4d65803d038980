import { z } from 'zod';
import { idSchema, MAX_ID, numeric } from './ids';
import { PARTNER_MAIN, PARTNER_SIM, ROLE } from './roles';
import { hasForbiddenText } from './text-rules';
import { isSlotText, isTimeZone } from './zoned-time';

/*
 * Recruitment and interviews (spec 001 §2 'Recruitment', 'Request page', 'Interview page', §3, §4, §5, §8; spec
 * 000 §2.12): the shapes, the spec's words and the pure rules. Decision 0048 records what the spec leaves open.
 */

export const RECRUITMENT_MESSAGES = {
  heading: 'Pending Recruitment',
  noPending: 'No Pending Recruitment at this time',
  notSet: 'Not Set',
  rejectionNoteRequired: 'Please provide a rejection note for record keeping purposes.',
  noteTooLong: 'The rejection note may not be longer than 5000 characters.',
  rateRequired: 'Approval needs a rate for each selected role.',
  rateRange: 'A rate must be between 0 and 999.',
  roleRequired: 'Please select at least one role to approve.',
  roleUnknown: 'Please select roles from the list.',
  twoDates: 'Interview scheduling needs two dates',
  dateFormat: 'Please select a date and time from the list.',
  sameDates: 'The two interview dates must be different.',
  pastDate: 'Interview dates must be in the future.',
  timezone: 'Please choose a valid time zone.',
  invalidType: 'Invalid Request Type',
  applicantRequired: 'Please choose an applicant.',
  noApplication: 'This applicant has no pending application.',
  alreadyRequested: 'This applicant already has interview dates waiting for an answer. Cancel them first.',
  alreadyScheduled: 'This applicant already has a scheduled interview.',
  parentUnknown: 'The earlier interview request was not found.',
  dateRequired: 'Please choose one of the proposed dates.',
  requestClosed: 'This interview request is no longer open.',
  /** spec 001 §8's words for an expired request (decision 0060) */
  requestExpired: 'Request is expired.',
  interviewClosed: 'This interview is already complete or cancelled.',
  notStarted: 'The interview can be marked complete once it has started.',
  notOpen: 'The interview can be joined from 20 minutes before its start until 90 minutes after.',
  notFound: 'Interview not found.',
  requestNotFound: 'Request not found.',
  applicationNotFound: 'Application not found.',
  applicationClosed: 'This application has already been decided.',
  approved: 'Application approved.',
  rejected: 'Application rejected.',
  requestSent: 'Interview dates have been sent.',
  requestAccepted: 'Interview scheduled.',
  requestRejected: 'You have rejected these dates. A new set of interview dates will be sent to you.',
  requestCanceled: 'Interview request has been cancelled.',
  interviewCanceled: 'Interview has been cancelled',
  interviewCompleted: 'Interview marked as complete.',
  // the failure titles of spec 001 §8
  loadInterviewError: 'Error loading interview',
  cancelInterviewError: 'Error cancelling interview',
  cancelRequestError: 'Error cancelling interview request.',
  approveRequestError: 'Error approving interview request.',
  approveError: 'Error approving application',
  rejectError: 'Error rejecting application',
  loadRequestError: 'Error Loading Request',
  joinError: 'Error Joining Session.',
  completeError: 'Error completing Interview.',
} as const;
const M = RECRUITMENT_MESSAGES;

export const RATE_MAX = 999;

/**
 * The roles an approval may grant (spec 001 §2): SP, Observer, Trainer and Reviewer at the application's
 * partner; Author at the main brand (partner 1) and Simclusive Author at partner 28. `rate` marks the roles
 * with a pay rate (spec 000 §6).
 */
export const APPROVAL_ROLES = [
  { key: 'standardized_patient', label: 'SP', roleId: ROLE.standardized_patient, partner: 'application', rate: true },
  { key: 'observer', label: 'Observer', roleId: ROLE.observer, partner: 'application', rate: true },
  { key: 'trainer', label: 'Trainer', roleId: ROLE.trainer, partner: 'application', rate: true },
  { key: 'author', label: 'Author', roleId: ROLE.author, partner: PARTNER_MAIN, rate: false },
  { key: 'simclusive_author', label: 'Simclusive Author', roleId: ROLE.author, partner: PARTNER_SIM, rate: true },
  { key: 'reviewer', label: 'Reviewer', roleId: ROLE.reviewer, partner: 'application', rate: false },
] as const;
export type ApprovalRoleKey = (typeof APPROVAL_ROLES)[number]['key'];
const ROLE_KEYS = APPROVAL_ROLES.map((r) => r.key) as [ApprovalRoleKey, ...ApprovalRoleKey[]];

/** The partner an approved role is granted at. */
export function approvalPartner(key: ApprovalRoleKey, applicationPartnerId: number): number {
  const role = APPROVAL_ROLES.find((r) => r.key === key)!;
  return role.partner === 'application' ? applicationPartnerId : role.partner;
}

// ---- entities ----

const personSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), image: z.string().nullable() });
export const trainerSchema = personSchema.extend({ experience: z.string().nullable() });
const dateSchema = z.object({ id: z.number(), local_time: z.string() });

export const pendingEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  user: personSchema,
  roles: z.array(z.string()),
});
export const pendingListResponseSchema = z.object({ entries: z.array(pendingEntrySchema) });
export type PendingEntry = z.infer<typeof pendingEntrySchema>;

export const interviewRequestSummarySchema = z.object({
  id: z.number(),
  status: z.string(),
  trainer: personSchema,
  dates: z.array(dateSchema),
});
export type InterviewRequestSummary = z.infer<typeof interviewRequestSummarySchema>;

export const pendingUserSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  partner_id: z.number(),
  roles_applied: z.array(z.string()),
  user: personSchema.extend({
    mobile_number: z.string().nullable(),
    experience: z.string().nullable(),
    availabilities: z.array(z.object({ id: z.string(), day: z.string(), start_time: z.string(), end_time: z.string() })),
    timezone: z.object({ title: z.string() }).nullable(),
    resume: z.boolean(),
    headshot: z.boolean(),
    user_roles: z.array(z.object({ role_id: z.number(), partner_id: z.number() })),
  }),
  interview: z.object({ id: z.number(), trainer: personSchema, local_time: z.string(), is_complete: z.boolean() }).nullable(),
  interview_requests: z.array(interviewRequestSummarySchema),
  /** the last request the applicant rejected, the parent of the next set of dates */
  rejected_request_id: z.number().nullable(),
});
export const pendingUserResponseSchema = z.object({
  pending_user: pendingUserSchema,
  roles: z.array(z.object({ key: z.enum(ROLE_KEYS), label: z.string(), role_id: z.number(), partner_id: z.number(), rate: z.boolean() })),
});
export type PendingUserResponse = z.infer<typeof pendingUserResponseSchema>;

export const interviewSchema = z.object({
  id: z.number(),
  local_time: z.string(),
  end_time: z.string(),
  applicant_user_id: z.number(),
  applicant: personSchema,
  trainer: trainerSchema,
  trainer_user_id: z.number(),
  is_complete: z.boolean(),
  is_canceled: z.boolean(),
  viewer: z.object({ is_trainer: z.boolean(), is_applicant: z.boolean(), can_cancel: z.boolean() }),
});
export const interviewResponseSchema = z.object({ interview: interviewSchema });
export type Interview = z.infer<typeof interviewSchema>;

export const interviewRequestSchema = z.object({
  id: z.number(),
  request_type_id: z.number(),
  status: z.string(),
  is_expired: z.boolean(),
  applicant_user_id: z.number(),
  trainer: personSchema,
  dates: z.array(dateSchema),
  viewer: z.object({ is_applicant: z.boolean() }),
});
export const interviewRequestResponseSchema = z.object({ request: interviewRequestSchema });
export type InterviewRequestLookup = z.infer<typeof interviewRequestSchema>;

export const interviewRequestsResponseSchema = z.object({
  message: z.string(),
  interview_requests: z.array(interviewRequestSummarySchema),
});
export const interviewIdResponseSchema = z.object({ message: z.string(), interview_id: z.number() });

/** A head trainer's interviews (spec 000 §2.12): one row per interview or open request. */
export const interviewListItemSchema = z.object({
  id: z.number(),
  kind: z.enum(['interview', 'request']),
  applicant_user_id: z.number(),
  applicant: personSchema,
  trainer: personSchema,
  local_time: z.string().nullable(),
  status: z.string(),
});
export const headTrainerInterviewsResponseSchema = z.object({
  scheduled: z.array(interviewListItemSchema),
  pending: z.array(interviewListItemSchema),
  completed: z.array(interviewListItemSchema),
});
export type InterviewListItem = z.infer<typeof interviewListItemSchema>;
export type HeadTrainerInterviews = z.infer<typeof headTrainerInterviewsResponseSchema>;

// ---- calls ----

export const recruitmentEmptyBodySchema = z.object({}).strict();
export const applicantIdParamsSchema = z.object({ user_id: idSchema() });
export const applicantFileParamsSchema = z.object({ user_id: idSchema(), kind: z.enum(['resume', 'headshot']) });
export const interviewIdParamsSchema = z.object({ interview_id: idSchema() });
export const interviewRequestIdParamsSchema = z.object({ request_id: idSchema() });

const rateSchema = numeric(z.number({ error: M.rateRequired }).min(0, { error: M.rateRange }).max(RATE_MAX, { error: M.rateRange }));

/** Approval payload of spec 001 §3: the selected roles and a rate for each selected role that has one. */
export const approveApplicationSchema = z
  .object({
    application_id: idSchema(M.applicationNotFound),
    selected_roles: z
      .array(z.enum(ROLE_KEYS, { error: M.roleUnknown }))
      .min(1, { error: M.roleRequired })
      .max(ROLE_KEYS.length),
    role_rates: z.partialRecord(z.enum(ROLE_KEYS, { error: M.roleUnknown }), z.nullable(rateSchema)).default({}),
  })
  .superRefine((v, ctx) => {
    for (const key of new Set(v.selected_roles)) {
      const role = APPROVAL_ROLES.find((r) => r.key === key)!;
      const rate = v.role_rates[key];
      if (role.rate && (rate === undefined || rate === null)) {
        ctx.addIssue({ code: 'custom', path: ['role_rates', key], message: M.rateRequired });
      }
    }
  });
export type ApproveApplicationRequest = z.infer<typeof approveApplicationSchema>;

export const rejectApplicationSchema = z.object({
  application_id: idSchema(M.applicationNotFound),
  note: z
    .string({ error: M.rejectionNoteRequired })
    .max(5000, { error: M.noteTooLong })
    .refine((s) => !hasForbiddenText(s), { error: 'The note field must not contain control characters.' })
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: M.rejectionNoteRequired }),
});
export type RejectApplicationRequest = z.infer<typeof rejectApplicationSchema>;

const slotSchema = z
  .string({ error: M.twoDates })
  .trim()
  .min(1, { error: M.twoDates, abort: true })
  .refine(isSlotText, { error: M.dateFormat, abort: true })
  .transform((s) => `${s.slice(0, 16)}:00`);

/** Interview request payload of spec 001 §3 (+ the proposer's time zone of the two slots). */
export const createInterviewRequestSchema = z
  .object({
    interview_date_one: slotSchema,
    interview_date_two: slotSchema,
    request_type: z._default(
      numeric(
        z
          .number({ error: M.invalidType })
          .int({ error: M.invalidType })
          .min(0, { error: M.invalidType })
          .max(MAX_ID, { error: M.invalidType })
          .refine((t) => t === 2, { error: M.invalidType }),
      ),
      2,
    ),
    applicant_user_id: idSchema(M.applicantRequired),
    parent_request_id: z.nullable(idSchema(M.parentUnknown)).default(null),
    timezone: z.string({ error: M.timezone }).max(64, { error: M.timezone }).refine(isTimeZone, { error: M.timezone }),
  })
  .refine((v) => v.interview_date_one !== v.interview_date_two, { path: ['interview_date_two'], error: M.sameDates });
export type CreateInterviewRequest = z.infer<typeof createInterviewRequestSchema>;

export const interviewRequestActionSchema = z.object({ request_id: idSchema(M.requestNotFound) });
export const approveInterviewRequestSchema = z.object({
  request_id: idSchema(M.requestNotFound),
  request_date_id: idSchema(M.dateRequired),
});
export const interviewIdBodySchema = z.object({ interview_id: idSchema(M.notFound) });

// ---- rules ----

/** Interviews' status words (spec 000 §2.14): Canceled, Complete or Scheduled. */
export function interviewStatus(i: { is_canceled: boolean; is_complete: boolean }): 'Canceled' | 'Complete' | 'Scheduled' {
  if (i.is_canceled) return 'Canceled';
  if (i.is_complete) return 'Complete';
  return 'Scheduled';
}
