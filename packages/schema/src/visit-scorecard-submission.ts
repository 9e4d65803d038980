import { VISIT_SCORECARD_MESSAGES as M, type ScorecardKind } from './visit-scorecards';

/** When a visit's forms can be submitted (spec 002 §4). */

export interface ScorecardVisitFacts {
  start_at: string | Date;
  is_complete: boolean;
  is_canceled: boolean;
  no_show: boolean;
  learner_technical_issue: boolean;
}

export function visitClosed(v: ScorecardVisitFacts): boolean {
  return v.is_canceled || v.no_show || v.learner_technical_issue;
}

/**
 * Why a form cannot be submitted now, or null (spec 002 §4): nothing is submitted for a canceled visit, a no-show
 * or a learner technical issue; the SP and observer scorecards open when the visit starts (the SP completes the
 * visit by submitting); participant feedback only once the visit is complete.
 */
export function submissionRefusal(kind: ScorecardKind, v: ScorecardVisitFacts, now: Date): string | null {
  if (visitClosed(v)) return M.visitClosed;
  if (kind === 'participant-feedback') return v.is_complete ? null : M.notComplete;
  return new Date(v.start_at).getTime() <= now.getTime() ? null : M.notStarted;
}

/**
 * Participant feedback is open to the learner when the scenario enables it, it is not yet complete, and the
 * visit is complete and not canceled, a no-show or a learner technical issue (spec 002 §4).
 */
export function participantFeedbackAvailable(
  v: ScorecardVisitFacts & { is_participant_feedback_complete: boolean },
  enabled: boolean,
): boolean {
  return enabled && !v.is_participant_feedback_complete && v.is_complete && !visitClosed(v);
}
