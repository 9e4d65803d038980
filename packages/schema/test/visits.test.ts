import { describe, expect, it } from 'vitest';
import {
  autoCancelAt,
  CANCELED_REASONS,
  canConfirmNow,
  canceledReason,
  countdownText,
  joinWindow,
  requestDateAcceptable,
  requestExpired,
  VISIT_MESSAGES,
  type VisitFlags,
  visitGroup,
  visitHeading,
} from '../src/visits';

const open: VisitFlags = { is_canceled: false, is_complete: false, is_confirmed: false, no_show: false, learner_technical_issue: false };
const start = new Date('2026-12-10T15:00:00Z');
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);

describe('visit states (spec 000 §4, spec 002 §2.2)', () => {
  it('groups visits and names the canceled reason', () => {
    expect(visitGroup(open)).toBe('scheduled');
    expect(visitGroup({ ...open, is_complete: true })).toBe('completed');
    expect(visitGroup({ ...open, is_complete: true, no_show: true })).toBe('canceled');
    expect(visitGroup({ ...open, learner_technical_issue: true })).toBe('canceled');
    expect(canceledReason({ ...open, is_complete: true, no_show: true })).toBe(CANCELED_REASONS.noShow);
    expect(canceledReason({ ...open, learner_technical_issue: true })).toBe(CANCELED_REASONS.technicalIssue);
    expect(canceledReason({ ...open, is_canceled: true, canceled_by_user_id: null })).toBe('System Cancellation');
    expect(canceledReason({ ...open, is_canceled: true, is_sp_cancellation: true, canceled_by_user_id: 4 })).toBe('SP Cancellation');
    expect(canceledReason({ ...open, is_canceled: true, canceled_by_user_id: 3, learner_user_id: 3 })).toBe('Learner Cancellation');
    expect(canceledReason({ ...open, is_canceled: true, is_confirmed: true, canceled_by_user_id: null })).toBe('Cancellation');
    expect(canceledReason({ ...open, is_canceled: true, canceled_by_user_id: 1, learner_user_id: 3 })).toBe('Cancellation');
  });

  it('chooses the heading by state', () => {
    expect(visitHeading(open)).toBe(VISIT_MESSAGES.headingScheduled);
    expect(visitHeading({ ...open, is_complete: true })).toBe('This visit occurred on:');
    expect(visitHeading({ ...open, is_complete: true, no_show: true })).toBe('This visit was scheduled for:');
    expect(visitHeading({ ...open, is_canceled: true })).toBe('This visit was scheduled for:');
  });
});

describe('timed rules (spec 001 §4 Join sessions, spec 002 §4, §9)', () => {
  it('opens the join window 20 minutes before (the SP 30) and closes it 90 minutes after the start', () => {
    expect(joinWindow(start, minutes(-21), false).phase).toBe('countdown');
    expect(joinWindow(start, minutes(-20), false).phase).toBe('open');
    expect(joinWindow(start, minutes(-30), true).phase).toBe('open');
    expect(joinWindow(start, minutes(-31), true).phase).toBe('countdown');
    expect(joinWindow(start, minutes(-81), false).phase).toBe('before');
    expect(joinWindow(start, minutes(89), false).phase).toBe('open');
    expect(joinWindow(start, minutes(90), true).phase).toBe('closed');
    expect(joinWindow(start, minutes(1), false).started).toBe(true);
  });

  it('writes the countdown text', () => {
    const { opensAt } = joinWindow(start, minutes(-25), false);
    expect(countdownText('visit', opensAt, new Date(opensAt.getTime() - 125_000))).toBe('The visit will open in 2 minutes and 5 seconds');
  });

  it('lets the learner confirm from 3 days before until the start, and cancels unconfirmed visits 21 hours before', () => {
    expect(canConfirmNow(start, minutes(-3 * 1440 - 1))).toBe(false);
    expect(canConfirmNow(start, minutes(-3 * 1440))).toBe(true);
    expect(canConfirmNow(start, minutes(-1))).toBe(true);
    expect(canConfirmNow(start, start)).toBe(false);
    expect(autoCancelAt(start).toISOString()).toBe('2026-12-09T18:00:00.000Z');
  });

  it('accepts a proposed date until 24 hours before it and expires a request with no acceptable date', () => {
    expect(requestDateAcceptable(start, minutes(-24 * 60))).toBe(true);
    expect(requestDateAcceptable(start, minutes(-24 * 60 + 1))).toBe(false);
    expect(requestExpired([start, minutes(3 * 1440)], minutes(-60))).toBe(false);
    expect(requestExpired([start, minutes(60)], minutes(-60))).toBe(true);
  });
});
