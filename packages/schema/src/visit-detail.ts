import { z } from 'zod/mini';

/*
 * The visit page and joining (spec 002 §2.2, §3, §4, §7, §8, §9; spec 001 §4 'Join sessions', §7, §8;
 * docs/decisions/0028-visit-page-and-joining.md): its words and response shapes. The request bodies are in
 * visit-detail-requests.ts, the pure rules that decide who may do what to a visit in visit-rules.ts.
 */

// ---------------------------------------------------------------------------------------------------------------
// Words

export const VISIT_DETAIL_TEXTS = {
  /** '{label} marked as complete.' (spec 001 §8) with the visit's label */
  completed: 'Visit marked as complete.',
  completeError: 'Error completing Visit.',
  techIssueMarked: 'Visit marked as learner technical issue.',
  scorecardView: 'View Scorecard',
  scorecardPending: 'Scorecard Pending',
  observerComplete: 'Complete Scorecard',
  participantFeedbackView: 'View Participant Feedback',
  participantFeedbackPending: 'Participant Feedback Pending',
  participantFeedbackGive: 'Participant Feedback',
  markConfirmed: 'Mark Visit as Confirmed',
  selectDateTime: 'Please select a date and time',
} as const;

/** Why the server refuses a call that the caller may make in general (409/422 with these words). */
export const VISIT_REFUSALS = {
  notOpen: 'This visit is no longer open.',
  started: 'This visit has already started.',
  notStarted: 'This visit has not started yet.',
  technicalIssue: 'A visit with a learner technical issue cannot be cancelled.',
  alreadyConfirmed: 'This visit is already confirmed.',
  confirmWindow: 'A visit can be confirmed from 3 days before it starts until it starts.',
  rescheduleFee: 'Only visits of free scenarios can be rescheduled. Please cancel the visit and request a new one.',
  rescheduleLead: 'A visit can be rescheduled until 2 days before it starts.',
  rescheduleClosed: 'This visit can no longer be rescheduled.',
  linkComplete: 'A reschedule link cannot be generated for a completed visit.',
  noScorecard: 'Observers can only be assigned when the scenario has a scorecard enabled.',
  observerUnknown: 'Select an observer of this partner.',
  observerAssigned: 'This observer is already assigned to the visit.',
  observerNotAssigned: 'This observer is not assigned to the visit.',
  observerScored: 'This observer has already completed their scorecard.',
  spUnknown: 'Select an SP of this scenario.',
  spSame: 'This SP already holds the visit.',
  overlap: 'The SP already has a visit at this time.',
  datePast: 'Please select a date and time in the future.',
  dateInvalid: 'Please select a valid date and time.',
  timezoneInvalid: 'Unknown time zone.',
  joinNotYet: 'This visit is not open for joining yet.',
  joinClosed: 'This visit has closed.',
  joinNotAllowed: 'Only the learner, the SP and the assigned observers join a visit.',
  eventUnknown: 'Unknown session type.',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Shapes

const title = z.nullable(z.object({ title: z.string() }));

/** The participant as the viewer may see them (AUTHZ-04): email only to admins and client admins. */
export const visitLearnerSchema = z.object({
  name: z.string(),
  email: z.optional(z.string()),
  profession: title,
  specialty: title,
});
export type VisitLearner = z.infer<typeof visitLearnerSchema>;

export const visitObserverSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), email: z.optional(z.string()) }),
  is_complete: z.boolean(),
});
export type VisitObserver = z.infer<typeof visitObserverSchema>;

/** The scenario of a visit: the card beside the page and the flags its rules read (spec 002 §3). */
export const visitScenarioSchema = z.object({
  id: z.number(),
  title: z.nullable(z.string()),
  patient_name: z.nullable(z.string()),
  patient_image: z.object({ location: z.nullable(z.string()) }),
  fee: z.number(),
  session_duration: z.nullable(z.number()),
  credit_text: z.nullable(z.string()),
  is_feedback_form_enabled: z.number(),
  is_scorecard_enabled: z.number(),
  is_participant_feedback_enabled: z.number(),
  scorecard_display_type_id: z.number(),
  /** the field data of the card: the learner's fields, and the SP's too for the SP */
  fields: z.array(z.object({ id: z.number(), label: z.string(), value: z.string() })),
});
export type VisitScenario = z.infer<typeof visitScenarioSchema>;

/** Who the caller is to this visit (decided by the server from the session, never from the request). */
export const visitViewerSchema = z.object({
  user_id: z.number(),
  is_learner: z.boolean(),
  is_sp: z.boolean(),
  is_observer: z.boolean(),
  /** an approved admin of the visit's partner */
  is_admin: z.boolean(),
  is_head_trainer: z.boolean(),
  /** a client admin of the visit's partner (client_admin_partners) */
  is_client_admin: z.boolean(),
  is_super_admin: z.boolean(),
  /** permission visit.transfer at the visit's partner */
  may_transfer: z.boolean(),
  /** permission visit.generate_reschedule_link at the visit's partner */
  may_generate_reschedule_link: z.boolean(),
  /** the caller's own observer scorecard is complete */
  observer_complete: z.boolean(),
  /** the caller's profile time zone (null when none is set; the PWA then uses the device's) */
  timezone: z.nullable(z.string()),
});
export type VisitViewer = z.infer<typeof visitViewerSchema>;

export const visitDetailSchema = z.object({
  id: z.number(),
  /** the start as 'YYYY-MM-DD HH:mm:00' in the viewer's zone (the profile's, else UTC) */
  local_time: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  scenario_id: z.number(),
  scenario: visitScenarioSchema,
  learner: visitLearnerSchema,
  learner_user_id: z.number(),
  /** the SP's name and email: only for admins, super admins and the SP themself */
  standardized_patient: z.nullable(z.object({ name: z.string(), email: z.string() })),
  sp_user_id: z.number(),
  observer_users: z.array(visitObserverSchema),
  is_complete: z.boolean(),
  is_canceled: z.boolean(),
  is_confirmed: z.boolean(),
  no_show: z.boolean(),
  learner_technical_issue: z.boolean(),
  is_sp_cancellation: z.boolean(),
  canceled_by_user_id: z.nullable(z.number()),
  is_scorecard_complete: z.boolean(),
  is_feedback_form_complete: z.boolean(),
  is_participant_feedback_complete: z.boolean(),
  /** an admin generated a reschedule link that the learner has not used yet */
  has_reschedule_link: z.boolean(),
  viewer: visitViewerSchema,
});
export type VisitDetail = z.infer<typeof visitDetailSchema>;

const dateRange = z.object({ start_date: z.nullable(z.string()), end_date: z.nullable(z.string()) });

/** GET api/visit/{id} (spec 002 §7). */
export const visitResponseSchema = z.object({
  visit: visitDetailSchema,
  /** the participant's zone (admins, client admins, the participant) and the SP's (admins, the SP) */
  timezones: z.object({ learner: z.nullable(z.string()), sp: z.nullable(z.string()) }),
  /** admins, client admins and super admins only (spec 002 §2.2) */
  learner_type: z.nullable(z.string()),
  partner_dates: dateRange,
  partner_disabled_dates: z.array(dateRange),
});
export type VisitResponse = z.infer<typeof visitResponseSchema>;

/** The calls that return the visit as it is now (spec 002 §7: transfer, observers, adjust). */
export const visitOnlyResponseSchema = z.object({ visit: visitDetailSchema, message: z.string() });

export const visitMessageResponseSchema = z.object({ message: z.string() });

export const visitPersonOptionSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export const observerUsersResponseSchema = z.object({ observer_users: z.array(visitPersonOptionSchema) });
export const transferUsersResponseSchema = z.object({ sp_users: z.array(visitPersonOptionSchema) });
export const rescheduleLinkResponseSchema = z.object({ reschedule_link: z.string(), message: z.string() });
export const recordingResponseSchema = z.object({ link: z.nullable(z.string()) });
export const joinResponseSchema = z.object({ link: z.string() });
export const completeResponseSchema = z.object({ action: z.enum(['feedback', 'complete']), message: z.string() });
export const visitRescheduleResponseSchema = z.object({ id: z.number(), message: z.string() });
