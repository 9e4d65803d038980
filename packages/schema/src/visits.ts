import { formatMoney } from './money';

/**
 * Visits (spec 001 §4 'Join sessions', §9; spec 002 §2.2, §4, §8, §9; spec 000 §2.8, §4): the constants, the
 * words and the pure rules both apps use. Feature-specific request and response schemas live beside this file
 * (visit-requests, visit-detail, visit-scorecards, visit-dashboard).
 */

export const REQUEST_TYPE = { visit: 1, interview: 2, application: 3 } as const;

export const VISIT_RULES = {
  /** earliest requestable date: today plus 2 days (or the partner start date if later) */
  earliestDays: 2,
  /** time choices every 30 minutes */
  slotMinutes: 30,
  /** the join window opens 20 minutes before start, 10 more for the SP, and closes 90 minutes after start */
  joinOpensMinutes: 20,
  spExtraMinutes: 10,
  joinClosesMinutes: 90,
  /** the countdown to the join window shows during the hour before it opens */
  countdownMinutes: 60,
  /** the learner confirms from 3 days before the start until the start; SMS asks 3 days before */
  confirmWindowDays: 3,
  /** unconfirmed visits are cancelled 21 hours before start */
  autoCancelHours: 21,
  /** reschedule minimum lead time (spec 002 §9) */
  rescheduleLeadDays: 2,
  /** dashboards page by 10 */
  pageSize: 10,
} as const;

/** The words of spec 002 §8 and spec 001 §8 for visits. */
export const VISIT_MESSAGES = {
  loadError: 'Error loading visit.',
  pageError: 'Error Loading Visit',
  cancelled: 'Visit has been cancelled.',
  cancelError: 'Error cancelling visit.',
  confirmed: 'Visit has been confirmed.',
  confirmError: 'Error confirming visit.',
  observerAdded: 'Observer added to visit.',
  observerAddError: 'Error adding observer.',
  observerRemoved: 'Observer removed from visit.',
  observerRemoveError: 'Error removing observer',
  observersError: 'Error retrieving observers.',
  transferDataError: 'Error retrieving transfer data.',
  transferred: 'Visit transferred.',
  transferError: 'Error transferring visit.',
  rescheduled: 'Visit rescheduled.',
  rescheduleError: 'Error rescheduling visit.',
  linkGenerated: 'Reschedule link generated.',
  linkError: 'Error generating reschedule link.',
  adjusted: 'Vist date and time adjusted.',
  adjustError: 'Error adjusting date and time.',
  recordingError: 'Error retrieving recording.',
  linkNotGenerated: 'Link not generated',
  redirectingToRecording: 'Redirecting to recording url.',
  joinError: 'Error Joining Session.',
  noShowMarked: 'Visit marked as no show.',
  noShowError: 'Error marking visit as no show.',
  techIssueError: 'Error marking visit as learner technical issue.',
  spScorecardSubmitted: 'SP Scorecard Submitted.',
  participantFeedbackSubmitted: 'Participant Feedback Submitted.',
  scorecardSubmitted: 'Scorecard submitted.',
  feedbackSubmitError: 'Error submitting feedback.',
  scorecardSubmitError: 'Error submitting scorecard.',
  scorecardPageError: 'Error Loading Scorecard',
  practicePageError: 'Error Loading SP Scorecard Practice',
  headingScheduled: 'This visit is scheduled for:',
  headingOccurred: 'This visit occurred on:',
  headingWasScheduled: 'This visit was scheduled for:',
} as const;

/** What decides a visit's state (a subset of the visit row or response). */
export interface VisitFlags {
  is_canceled: boolean;
  is_complete: boolean;
  is_confirmed: boolean;
  no_show: boolean;
  learner_technical_issue: boolean;
  canceled_by_user_id?: number | null;
  is_sp_cancellation?: boolean;
  learner_user_id?: number;
}

/** Dashboard group of a visit (spec 000 §4): scheduled, completed or canceled (pending is a request). */
export type VisitGroup = 'scheduled' | 'completed' | 'canceled';

/** A no-show is complete but listed with the canceled ones; a learner technical issue counts as cancelled. */
export function visitGroup(v: VisitFlags): VisitGroup {
  if (v.is_canceled || v.no_show || v.learner_technical_issue) return 'canceled';
  if (v.is_complete) return 'completed';
  return 'scheduled';
}

export const CANCELED_REASONS = {
  noShow: 'No Show',
  technicalIssue: 'Learner Technical Issue',
  system: 'System Cancellation',
  sp: 'SP Cancellation',
  learner: 'Learner Cancellation',
  plain: 'Cancellation',
} as const;

/** The canceled-reason label of spec 000 §4. */
export function canceledReason(v: VisitFlags): string {
  if (v.no_show) return CANCELED_REASONS.noShow;
  if (v.learner_technical_issue) return CANCELED_REASONS.technicalIssue;
  if (v.is_canceled && !v.is_confirmed && (v.canceled_by_user_id === null || v.canceled_by_user_id === undefined)) {
    return CANCELED_REASONS.system;
  }
  if (v.is_sp_cancellation) return CANCELED_REASONS.sp;
  if (v.canceled_by_user_id !== null && v.canceled_by_user_id !== undefined && v.canceled_by_user_id === v.learner_user_id) {
    return CANCELED_REASONS.learner;
  }
  return CANCELED_REASONS.plain;
}

/** The visit page heading of spec 002 §2.2. */
export function visitHeading(v: VisitFlags): string {
  if (v.is_canceled || v.no_show || v.learner_technical_issue) return VISIT_MESSAGES.headingWasScheduled;
  if (v.is_complete) return VISIT_MESSAGES.headingOccurred;
  return VISIT_MESSAGES.headingScheduled;
}

export type JoinPhase = 'before' | 'countdown' | 'open' | 'closed';

/**
 * The join window of spec 001 §4: joinable from start − 20 min (the SP from start − 30 min) until start + 90 min.
 * The countdown to the opening shows during the hour before it (docs/decisions/0026-visits.md).
 */
export function joinWindow(startAt: Date, now: Date, isSp: boolean) {
  const opensAt = new Date(startAt.getTime() - (VISIT_RULES.joinOpensMinutes + (isSp ? VISIT_RULES.spExtraMinutes : 0)) * 60_000);
  const closesAt = new Date(startAt.getTime() + VISIT_RULES.joinClosesMinutes * 60_000);
  const countdownFrom = new Date(opensAt.getTime() - VISIT_RULES.countdownMinutes * 60_000);
  const t = now.getTime();
  const phase: JoinPhase =
    t >= closesAt.getTime() ? 'closed' : t >= opensAt.getTime() ? 'open' : t >= countdownFrom.getTime() ? 'countdown' : 'before';
  return { opensAt, closesAt, phase, started: t >= startAt.getTime() };
}

/** 'The X will open in N minutes and M seconds' */
export function countdownText(label: string, opensAt: Date, now: Date): string {
  const seconds = Math.max(0, Math.ceil((opensAt.getTime() - now.getTime()) / 1000));
  return `The ${label} will open in ${Math.floor(seconds / 60)} minutes and ${seconds % 60} seconds`;
}

/** The learner may confirm from 3 days before the start until the start (spec 002 §4). */
export function canConfirmNow(startAt: Date, now: Date): boolean {
  const t = now.getTime();
  return t < startAt.getTime() && t >= startAt.getTime() - VISIT_RULES.confirmWindowDays * 86_400_000;
}

/** When an unconfirmed visit is cancelled by the system. */
export function autoCancelAt(startAt: Date): Date {
  return new Date(startAt.getTime() - VISIT_RULES.autoCancelHours * 3_600_000);
}

/**
 * An SP may accept a proposed date until 24 hours before it starts, so the learner still has time to confirm
 * before the 21-hour auto-cancel (docs/decisions/0026-visits.md).
 */
export const REQUEST_ACCEPT_LEAD_HOURS = 24;

export function requestDateAcceptable(startAt: Date, now: Date): boolean {
  return startAt.getTime() - now.getTime() >= REQUEST_ACCEPT_LEAD_HOURS * 3_600_000;
}

/** A pending request expires once none of its proposed dates can still be accepted. */
export function requestExpired(dates: readonly Date[], now: Date): boolean {
  return !dates.some((d) => requestDateAcceptable(d, now));
}

export const REQUEST_MESSAGES = {
  expired: 'Request is expired.',
  sent: 'Visit request has been sent!',
  loadError: 'Error Loading Request',
  invalidType: 'Invalid Request Type',
  approveError: 'Error approving visit request.',
  cancelError: 'Error cancelling visit request.',
  rescheduleError: 'Error rescheduling visit request.',
  noTimes: 'There are no available visit times on this date. Please select another date.',
  timesError: 'Error Loading Available Times',
  timesRetry: 'Please try again.',
  learnerNotice:
    'SPs accept requests within 24-48 hours. Once a session is accepted it cannot be rescheduled, and any cancellation or rescheduling is charged again.',
} as const;

/** 'Visit request has been cancelled. $X has been credited to your account.' */
export function requestCancelledText(creditCents: number): string {
  return `Visit request has been cancelled. ${formatMoney(creditCents)} has been credited to your account.`;
}
