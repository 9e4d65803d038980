import { VISIT_DETAIL_TEXTS, VISIT_REFUSALS, type VisitViewer } from './visit-detail';
import { participantFeedbackAvailable } from './visit-scorecard-submission';
import { canConfirmNow, joinWindow, VISIT_RULES, type VisitFlags } from './visits';

/*
 * The pure rules of the visit page (docs/decisions/0028-visit-page-and-joining.md): who may do what to a visit,
 * and everything the page offers the caller. The server enforces them; the PWA shows its buttons from the same
 * rules so a button is never offered for a call the server refuses.
 */

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
