import { z } from 'zod';
import { MAX_ID } from './ids';
import { isTimeZone, VISIT_REQUEST_MESSAGES } from './visit-requests';
import { participantFeedbackAvailable } from './visit-scorecards';
import { canConfirmNow, joinWindow, VISIT_RULES, type VisitFlags } from './visits';
import { isSlotText } from './zoned-time';

/*
 * The visit page and joining (spec 002 §2.2, §3, §4, §7, §8, §9; spec 001 §4 'Join sessions', §7, §8;
 * docs/decisions/0028-visit-page-and-joining.md): the response shapes, the request bodies and the pure rules that
 * decide who may do what to a visit. The server enforces them; the PWA shows the buttons from the same rules so
 * a button is never offered for a call the server refuses.
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

const title = z.object({ title: z.string() }).nullable();

/** The participant as the viewer may see them (AUTHZ-04): email only to admins and client admins. */
export const visitLearnerSchema = z.object({
  name: z.string(),
  email: z.string().optional(),
  profession: title,
  specialty: title,
});
export type VisitLearner = z.infer<typeof visitLearnerSchema>;

export const visitObserverSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string().optional() }),
  is_complete: z.boolean(),
});
export type VisitObserver = z.infer<typeof visitObserverSchema>;

/** The scenario of a visit: the card beside the page and the flags its rules read (spec 002 §3). */
export const visitScenarioSchema = z.object({
  id: z.number(),
  title: z.string().nullable(),
  patient_name: z.string().nullable(),
  patient_image: z.object({ location: z.string().nullable() }),
  fee: z.number(),
  session_duration: z.number().nullable(),
  credit_text: z.string().nullable(),
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
  timezone: z.string().nullable(),
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
  standardized_patient: z.object({ name: z.string(), email: z.string() }).nullable(),
  sp_user_id: z.number(),
  observer_users: z.array(visitObserverSchema),
  is_complete: z.boolean(),
  is_canceled: z.boolean(),
  is_confirmed: z.boolean(),
  no_show: z.boolean(),
  learner_technical_issue: z.boolean(),
  is_sp_cancellation: z.boolean(),
  canceled_by_user_id: z.number().nullable(),
  is_scorecard_complete: z.boolean(),
  is_feedback_form_complete: z.boolean(),
  is_participant_feedback_complete: z.boolean(),
  /** an admin generated a reschedule link that the learner has not used yet */
  has_reschedule_link: z.boolean(),
  viewer: visitViewerSchema,
});
export type VisitDetail = z.infer<typeof visitDetailSchema>;

const dateRange = z.object({ start_date: z.string().nullable(), end_date: z.string().nullable() });

/** GET api/visit/{id} (spec 002 §7). */
export const visitResponseSchema = z.object({
  visit: visitDetailSchema,
  /** the participant's zone (admins, client admins, the participant) and the SP's (admins, the SP) */
  timezones: z.object({ learner: z.string().nullable(), sp: z.string().nullable() }),
  /** admins, client admins and super admins only (spec 002 §2.2) */
  learner_type: z.string().nullable(),
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
export const recordingResponseSchema = z.object({ link: z.string().nullable() });
export const joinResponseSchema = z.object({ link: z.string() });
export const completeResponseSchema = z.object({ action: z.enum(['feedback', 'complete']), message: z.string() });
export const visitRescheduleResponseSchema = z.object({ id: z.number(), message: z.string() });

const id = z.coerce.number({ error: 'Unknown visit.' }).int().positive().max(MAX_ID);
const userId = (message: string) => z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_ID);
const slot = z
  .string({ error: VISIT_DETAIL_TEXTS.selectDateTime })
  .trim()
  .min(1, { error: VISIT_DETAIL_TEXTS.selectDateTime })
  .refine(isSlotText, { error: VISIT_REFUSALS.dateInvalid });
const timezone = z.string().trim().min(1).max(64).refine(isTimeZone, { error: VISIT_REFUSALS.timezoneInvalid });

/** A visit id of the address as written: the service answers 404 for anything that is not one of its visits. */
export const visitIdParamsSchema = z.object({ id: z.string().max(20) });
export const addObserverRequestSchema = z.object({ add_observer_id: userId(VISIT_REFUSALS.observerUnknown) });
export const removeObserverRequestSchema = z.object({ remove_observer_id: userId(VISIT_REFUSALS.observerNotAssigned) });
export const transferRequestSchema = z.object({ sp_id: userId(VISIT_REFUSALS.spUnknown) });
export const adjustDateRequestSchema = z.object({
  start_date: slot,
  is_confirmed: z.boolean().default(false),
  /** the zone the admin picked the time in; the admin's profile zone when left out */
  timezone: timezone.optional(),
});
export type AdjustDateRequest = z.infer<typeof adjustDateRequestSchema>;
export const visitRescheduleRequestSchema = z
  .object({ visit_date_one: slot, visit_date_two: slot, timezone })
  .refine((v) => v.visit_date_one.slice(0, 16) !== v.visit_date_two.slice(0, 16), {
    path: ['visit_date_two'],
    error: VISIT_REQUEST_MESSAGES.sameDates,
  });
export type VisitRescheduleRequest = z.infer<typeof visitRescheduleRequestSchema>;
/** POST api/meeting/join/{type}, api/{type}/complete: the event id (spec 001 §7). */
export const eventIdRequestSchema = z.object({ id });
/** The session type of api/meeting/join/{type}: only 'visit' exists so far, the service answers 404 for others. */
export const meetingTypeParamsSchema = z.object({ type: z.string().max(20) });
/** POST api/visit/noshow, api/visit/learnertech */
export const visitIdRequestSchema = z.object({ visit_id: id });

// ---------------------------------------------------------------------------------------------------------------
// Rules

/** What the rules read of a visit (a row on the server, the response in the PWA). */
export interface VisitRuleFacts extends VisitFlags {
  start_at: Date | string;
  is_scorecard_complete: boolean;
  is_feedback_form_complete: boolean;
  is_participant_feedback_complete: boolean;
  has_reschedule_link: boolean;
  scenario: {
    fee: number;
    is_scorecard_enabled: number | boolean;
    is_feedback_form_enabled: number | boolean;
    is_participant_feedback_enabled: number | boolean;
  };
}

/** A refusal: `forbidden` when the caller may not do this to the visit at all (403, audited), else a state. */
export type VisitRefusal = { kind: 'forbidden' } | { kind: 'state'; message: string };
const FORBIDDEN: VisitRefusal = { kind: 'forbidden' };
const state = (message: string): VisitRefusal => ({ kind: 'state', message });

const at = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const on = (flag: number | boolean) => flag === true || flag === 1;

/** Not cancelled, not complete, no no-show, no technical issue: the visit can still take place. */
export function isOpenVisit(v: VisitFlags): boolean {
  return !v.is_canceled && !v.is_complete && !v.no_show && !v.learner_technical_issue;
}

/** Admins of the visit's partner and super admins run the admin actions. */
export function isVisitAdmin(viewer: VisitViewer): boolean {
  return viewer.is_admin || viewer.is_super_admin;
}

/** Who may open the visit page at all (AUTHZ-03). */
export function canViewVisit(
  viewer: Omit<VisitViewer, 'timezone' | 'observer_complete' | 'may_transfer' | 'may_generate_reschedule_link' | 'user_id'>,
): boolean {
  return (
    viewer.is_learner ||
    viewer.is_sp ||
    viewer.is_observer ||
    viewer.is_admin ||
    viewer.is_head_trainer ||
    viewer.is_client_admin ||
    viewer.is_super_admin
  );
}

/** Cancel (spec 002 §4): the learner (no technical issue) and the SP before the start; admins while open. */
export function cancelRefusal(v: VisitRuleFacts, viewer: VisitViewer, now: Date): VisitRefusal | null {
  if (!viewer.is_learner && !viewer.is_sp && !isVisitAdmin(viewer)) return FORBIDDEN;
  if (viewer.is_learner && v.learner_technical_issue) return state(VISIT_REFUSALS.technicalIssue);
  if (!isOpenVisit(v)) return state(VISIT_REFUSALS.notOpen);
  if (!isVisitAdmin(viewer) && now.getTime() >= at(v.start_at).getTime()) return state(VISIT_REFUSALS.started);
  return null;
}

/** Confirm: the learner, from 3 days before the start until the start. */
export function confirmRefusal(v: VisitRuleFacts, viewer: VisitViewer, now: Date): VisitRefusal | null {
  if (!viewer.is_learner) return FORBIDDEN;
  if (!isOpenVisit(v)) return state(VISIT_REFUSALS.notOpen);
  if (v.is_confirmed) return state(VISIT_REFUSALS.alreadyConfirmed);
  if (!canConfirmNow(at(v.start_at), now)) return state(VISIT_REFUSALS.confirmWindow);
  return null;
}

/**
 * Reschedule by the learner: on their own for a free scenario's open visit at least 2 days ahead; with a
 * reschedule link an admin generated, also a paid, a closer, a no-show, technical-issue or cancelled visit
 * (never a visit that took place).
 */
export function rescheduleRefusal(v: VisitRuleFacts, viewer: VisitViewer, now: Date): VisitRefusal | null {
  if (!viewer.is_learner) return FORBIDDEN;
  if (v.has_reschedule_link) return v.is_complete && !v.no_show ? state(VISIT_REFUSALS.rescheduleClosed) : null;
  if (!isOpenVisit(v)) return state(VISIT_REFUSALS.notOpen);
  if (v.scenario.fee > 0) return state(VISIT_REFUSALS.rescheduleFee);
  if (at(v.start_at).getTime() - now.getTime() < VISIT_RULES.rescheduleLeadDays * 86_400_000) {
    return state(VISIT_REFUSALS.rescheduleLead);
  }
  return null;
}

/** Generate a reschedule link: permission visit.generate_reschedule_link; hidden once complete unless a no-show. */
export function rescheduleLinkRefusal(v: VisitRuleFacts, viewer: VisitViewer): VisitRefusal | null {
  if (!viewer.may_generate_reschedule_link && !viewer.is_super_admin) return FORBIDDEN;
  if (v.is_complete && !v.no_show && !v.learner_technical_issue) return state(VISIT_REFUSALS.linkComplete);
  return null;
}

/** Transfer to another SP: permission visit.transfer, an open visit that has not started. */
export function transferRefusal(v: VisitRuleFacts, viewer: VisitViewer, now: Date): VisitRefusal | null {
  if (!viewer.may_transfer && !viewer.is_super_admin) return FORBIDDEN;
  if (!isOpenVisit(v)) return state(VISIT_REFUSALS.notOpen);
  if (now.getTime() >= at(v.start_at).getTime()) return state(VISIT_REFUSALS.started);
  return null;
}

/** Manage observers: super admins, only when the scenario has a scorecard enabled; not on a cancelled visit. */
export function manageObserversRefusal(v: VisitRuleFacts, viewer: VisitViewer): VisitRefusal | null {
  if (!viewer.is_super_admin) return FORBIDDEN;
  if (!on(v.scenario.is_scorecard_enabled)) return state(VISIT_REFUSALS.noScorecard);
  if (v.is_canceled || v.no_show || v.learner_technical_issue) return state(VISIT_REFUSALS.notOpen);
  return null;
}

/** Adjust date and time: admins of the visit's partner and super admins, on an open visit. */
export function adjustRefusal(v: VisitRuleFacts, viewer: VisitViewer): VisitRefusal | null {
  if (!isVisitAdmin(viewer)) return FORBIDDEN;
  if (!isOpenVisit(v)) return state(VISIT_REFUSALS.notOpen);
  return null;
}

/** Recording: the people of the visit and its admins (AUTHZ-03). */
export function recordingRefusal(viewer: VisitViewer): VisitRefusal | null {
  return viewer.is_learner || viewer.is_sp || viewer.is_observer || isVisitAdmin(viewer) ? null : FORBIDDEN;
}

export type JoinRole = 'learner' | 'sp' | 'observer';

/** The role the caller joins the visit as (the SP first: an SP never joins as anyone else). */
export function joinRoleOf(viewer: VisitViewer): JoinRole | null {
  if (viewer.is_sp) return 'sp';
  if (viewer.is_learner) return 'learner';
  if (viewer.is_observer) return 'observer';
  return null;
}

/** Join (spec 001 §4): the learner, the SP (10 minutes earlier) and assigned observers, inside the window. */
export function joinRefusal(v: VisitRuleFacts, viewer: VisitViewer, now: Date): VisitRefusal | null {
  const role = joinRoleOf(viewer);
  if (!role) return FORBIDDEN;
  if (!isOpenVisit(v)) return state(VISIT_REFUSALS.notOpen);
  const w = joinWindow(at(v.start_at), now, role === 'sp');
  if (w.phase === 'closed') return state(VISIT_REFUSALS.joinClosed);
  if (w.phase !== 'open') return state(VISIT_REFUSALS.joinNotYet);
  return null;
}

/** Close actions (complete, no show, learner technical issue): the SP, after the start, on an open visit. */
export function closeRefusal(v: VisitRuleFacts, viewer: VisitViewer, now: Date): VisitRefusal | null {
  if (!viewer.is_sp) return FORBIDDEN;
  if (!isOpenVisit(v)) return state(VISIT_REFUSALS.notOpen);
  if (now.getTime() < at(v.start_at).getTime()) return state(VISIT_REFUSALS.notStarted);
  return null;
}

/** Completing returns 'feedback' while the SP's feedback form is enabled and not yet submitted (spec 001 §4). */
export function completeAction(v: VisitRuleFacts): 'feedback' | 'complete' {
  return on(v.scenario.is_feedback_form_enabled) && !v.is_feedback_form_complete ? 'feedback' : 'complete';
}

export interface VisitScorecardButton {
  label: string;
  /** pending buttons still open the page: the SP and observers fill their form there */
  complete: boolean;
}

/** The scorecard buttons of spec 002 §2.2 by role and state (all lead to /visit/{id}/scorecard). */
export function scorecardButtons(v: VisitRuleFacts, viewer: VisitViewer, now: Date): VisitScorecardButton[] {
  const T = VISIT_DETAIL_TEXTS;
  const tookPlace = v.is_complete && !v.no_show && !v.is_canceled && !v.learner_technical_issue;
  const anyEnabled = on(v.scenario.is_scorecard_enabled) || on(v.scenario.is_feedback_form_enabled);
  const anyComplete = v.is_scorecard_complete || v.is_feedback_form_complete;
  const buttons: VisitScorecardButton[] = [];
  if (viewer.is_sp) {
    const started = now.getTime() >= at(v.start_at).getTime();
    const live = started && !v.is_canceled && !v.no_show && !v.learner_technical_issue;
    if (live && on(v.scenario.is_feedback_form_enabled)) {
      buttons.push(
        v.is_feedback_form_complete ? { label: T.scorecardView, complete: true } : { label: T.scorecardPending, complete: false },
      );
    }
    return buttons;
  }
  if (!tookPlace) return buttons;
  if (viewer.is_observer) {
    if (on(v.scenario.is_scorecard_enabled)) {
      buttons.push(viewer.observer_complete ? { label: T.scorecardView, complete: true } : { label: T.observerComplete, complete: false });
    }
    return buttons;
  }
  if (viewer.is_learner) {
    if (anyEnabled) buttons.push(anyComplete ? { label: T.scorecardView, complete: true } : { label: T.scorecardPending, complete: false });
    if (participantFeedbackAvailable(v, on(v.scenario.is_participant_feedback_enabled)))
      buttons.push({ label: T.participantFeedbackGive, complete: false });
    return buttons;
  }
  if (isVisitAdmin(viewer) || viewer.is_head_trainer) {
    if (anyEnabled) buttons.push(anyComplete ? { label: T.scorecardView, complete: true } : { label: T.scorecardPending, complete: false });
  }
  if (viewer.is_client_admin && on(v.scenario.is_participant_feedback_enabled)) {
    buttons.push(
      v.is_participant_feedback_complete
        ? { label: T.participantFeedbackView, complete: true }
        : { label: T.participantFeedbackPending, complete: false },
    );
  }
  return buttons;
}

export interface VisitAbilities {
  can_cancel: boolean;
  can_confirm: boolean;
  can_reschedule: boolean;
  can_transfer: boolean;
  can_manage_observers: boolean;
  can_adjust: boolean;
  can_generate_reschedule_link: boolean;
  can_view_recording: boolean;
  /** the caller joins the visit at all (the card then shows the countdown or the Join button by the time) */
  join_role: JoinRole | null;
  can_close: boolean;
  /** the SP's pop-ups: share learner information, 'Stay On Zoom' (feedback form enabled), print verbal feedback */
  can_share: boolean;
  can_share_zoom_message: boolean;
  scorecard_buttons: VisitScorecardButton[];
}

/** Everything the visit page offers the caller now; each one is exactly what the server would accept. */
export function visitAbilities(v: VisitRuleFacts, viewer: VisitViewer, now: Date): VisitAbilities {
  const ok = (r: VisitRefusal | null) => r === null;
  const tookPlace = v.is_complete && !v.no_show && !v.is_canceled && !v.learner_technical_issue;
  return {
    can_cancel: ok(cancelRefusal(v, viewer, now)),
    can_confirm: ok(confirmRefusal(v, viewer, now)),
    can_reschedule: ok(rescheduleRefusal(v, viewer, now)),
    can_transfer: ok(transferRefusal(v, viewer, now)),
    can_manage_observers: ok(manageObserversRefusal(v, viewer)),
    can_adjust: ok(adjustRefusal(v, viewer)),
    can_generate_reschedule_link: ok(rescheduleLinkRefusal(v, viewer)),
    can_view_recording: ok(recordingRefusal(viewer)) && tookPlace,
    join_role: isOpenVisit(v) ? joinRoleOf(viewer) : null,
    can_close: ok(closeRefusal(v, viewer, now)),
    can_share: viewer.is_sp && !v.is_canceled,
    can_share_zoom_message: viewer.is_sp && !v.is_canceled && on(v.scenario.is_feedback_form_enabled),
    scorecard_buttons: scorecardButtons(v, viewer, now),
  };
}

/** The meeting link of a configured pattern: {meeting_id} replaced (URL-encoded). */
export function meetingLinkFrom(pattern: string, meetingId: string): string {
  return pattern.split('{meeting_id}').join(encodeURIComponent(meetingId));
}
