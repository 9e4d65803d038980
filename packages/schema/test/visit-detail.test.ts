import { describe, expect, it } from 'vitest';
import {
  adjustDateRequestSchema,
  cancelRefusal,
  closeRefusal,
  completeAction,
  confirmRefusal,
  joinRefusal,
  manageObserversRefusal,
  meetingLinkFrom,
  VISIT_REFUSALS as R,
  recordingRefusal,
  rescheduleLinkRefusal,
  rescheduleRefusal,
  scorecardButtons,
  VISIT_DETAIL_TEXTS as T,
  transferRefusal,
  type VisitRuleFacts,
  type VisitViewer,
  visitAbilities,
  visitRescheduleRequestSchema,
} from '../src';

const start = new Date('2026-12-10T15:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const DAY = 24 * 60;

const visit = (over: Partial<VisitRuleFacts> = {}, scenario: Partial<VisitRuleFacts['scenario']> = {}): VisitRuleFacts => ({
  start_at: start.toISOString(),
  is_canceled: false,
  is_complete: false,
  is_confirmed: false,
  no_show: false,
  learner_technical_issue: false,
  is_scorecard_complete: false,
  is_feedback_form_complete: false,
  is_participant_feedback_complete: false,
  has_reschedule_link: false,
  ...over,
  scenario: { fee: 0, is_scorecard_enabled: 1, is_feedback_form_enabled: 1, is_participant_feedback_enabled: 1, ...scenario },
});
const nobody: VisitViewer = {
  user_id: 1,
  is_learner: false,
  is_sp: false,
  is_observer: false,
  is_admin: false,
  is_head_trainer: false,
  is_client_admin: false,
  is_super_admin: false,
  may_transfer: false,
  may_generate_reschedule_link: false,
  observer_complete: false,
  timezone: null,
};
const learner = { ...nobody, is_learner: true };
const sp = { ...nobody, is_sp: true };
const observer = { ...nobody, is_observer: true };
const admin = { ...nobody, is_admin: true, may_transfer: true, may_generate_reschedule_link: true };
const superAdmin = { ...nobody, is_super_admin: true, may_transfer: true, may_generate_reschedule_link: true };
const clientAdmin = { ...nobody, is_client_admin: true };
const forbidden = { kind: 'forbidden' };
const state = (message: string) => ({ kind: 'state', message });

describe('confirm: from exactly 3 days before the start until the start', () => {
  it('has its edges', () => {
    expect(confirmRefusal(visit(), learner, at(-3 * DAY - 1 / 60_000))).toEqual(state(R.confirmWindow));
    expect(confirmRefusal(visit(), learner, at(-3 * DAY))).toBeNull();
    expect(confirmRefusal(visit(), learner, at(-0.001))).toBeNull();
    expect(confirmRefusal(visit(), learner, at(0))).toEqual(state(R.confirmWindow));
    expect(confirmRefusal(visit({ is_confirmed: true }), learner, at(-60))).toEqual(state(R.alreadyConfirmed));
    expect(confirmRefusal(visit(), sp, at(-60))).toEqual(forbidden);
    expect(confirmRefusal(visit({ is_canceled: true }), learner, at(-60))).toEqual(state(R.notOpen));
  });
});

describe('cancel', () => {
  it('the learner and the SP before the start, admins while open; never a technical issue by the learner', () => {
    expect(cancelRefusal(visit(), learner, at(-1))).toBeNull();
    expect(cancelRefusal(visit(), learner, at(0))).toEqual(state(R.started));
    expect(cancelRefusal(visit(), sp, at(-1))).toBeNull();
    expect(cancelRefusal(visit(), admin, at(10))).toBeNull();
    expect(cancelRefusal(visit(), observer, at(-1))).toEqual(forbidden);
    expect(cancelRefusal(visit(), clientAdmin, at(-1))).toEqual(forbidden);
    expect(cancelRefusal(visit({ learner_technical_issue: true, is_canceled: true }), learner, at(-1))).toEqual(state(R.technicalIssue));
  });
});

describe('reschedule', () => {
  it('free scenarios only, at least 2 days ahead, open visits', () => {
    expect(rescheduleRefusal(visit(), learner, at(-2 * DAY))).toBeNull();
    expect(rescheduleRefusal(visit(), learner, at(-2 * DAY + 1 / 60_000))).toEqual(state(R.rescheduleLead));
    expect(rescheduleRefusal(visit({}, { fee: 45 }), learner, at(-5 * DAY))).toEqual(state(R.rescheduleFee));
    expect(rescheduleRefusal(visit({ is_canceled: true }), learner, at(-5 * DAY))).toEqual(state(R.notOpen));
    expect(rescheduleRefusal(visit(), sp, at(-5 * DAY))).toEqual(forbidden);
    expect(rescheduleRefusal(visit(), admin, at(-5 * DAY))).toEqual(forbidden);
  });

  it("with an admin's link also paid, close, no-show and cancelled visits, never one that took place", () => {
    const link = { has_reschedule_link: true };
    expect(rescheduleRefusal(visit(link, { fee: 45 }), learner, at(-10))).toBeNull();
    expect(rescheduleRefusal(visit({ ...link, no_show: true, is_complete: true }), learner, at(DAY))).toBeNull();
    expect(rescheduleRefusal(visit({ ...link, is_canceled: true, learner_technical_issue: true }), learner, at(DAY))).toBeNull();
    expect(rescheduleRefusal(visit({ ...link, is_complete: true }), learner, at(DAY))).toEqual(state(R.rescheduleClosed));
  });

  it('the two dates differ', () => {
    const body = { visit_date_one: '2026-12-20 10:00:00', visit_date_two: '2026-12-20 10:00:00', timezone: 'America/New_York' };
    expect(visitRescheduleRequestSchema.safeParse(body).success).toBe(false);
    expect(visitRescheduleRequestSchema.safeParse({ ...body, visit_date_two: '2026-12-21 10:00:00' }).success).toBe(true);
    expect(visitRescheduleRequestSchema.safeParse({ ...body, timezone: 'Mars/Olympus' }).success).toBe(false);
  });
});

describe('admin actions', () => {
  it('the reschedule link is hidden once complete unless a no-show or technical issue', () => {
    expect(rescheduleLinkRefusal(visit(), admin)).toBeNull();
    expect(rescheduleLinkRefusal(visit({ is_complete: true }), admin)).toEqual(state(R.linkComplete));
    expect(rescheduleLinkRefusal(visit({ is_complete: true, no_show: true }), admin)).toBeNull();
    expect(rescheduleLinkRefusal(visit({ is_canceled: true }), admin)).toBeNull();
    expect(rescheduleLinkRefusal(visit(), learner)).toEqual(forbidden);
  });

  it('transfer needs visit.transfer and a visit that has not started', () => {
    expect(transferRefusal(visit(), admin, at(-1))).toBeNull();
    expect(transferRefusal(visit(), admin, at(0))).toEqual(state(R.started));
    expect(transferRefusal(visit(), { ...nobody, is_admin: true }, at(-1))).toEqual(forbidden);
    expect(transferRefusal(visit(), sp, at(-1))).toEqual(forbidden);
  });

  it('observers are managed by super admins when the scenario has a scorecard', () => {
    expect(manageObserversRefusal(visit(), superAdmin)).toBeNull();
    expect(manageObserversRefusal(visit(), admin)).toEqual(forbidden);
    expect(manageObserversRefusal(visit({}, { is_scorecard_enabled: 0 }), superAdmin)).toEqual(state(R.noScorecard));
  });

  it('adjusting needs a date and time', () => {
    const parsed = adjustDateRequestSchema.safeParse({ start_date: '', is_confirmed: true });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(T.selectDateTime);
    expect(adjustDateRequestSchema.safeParse({ start_date: '2026-12-20 10:00:00' }).data?.is_confirmed).toBe(false);
  });

  it('the recording is for the people of the visit and its admins', () => {
    for (const v of [learner, sp, observer, admin, superAdmin]) expect(recordingRefusal(v)).toBeNull();
    expect(recordingRefusal(clientAdmin)).toEqual(forbidden);
    expect(recordingRefusal({ ...nobody, is_head_trainer: true })).toEqual(forbidden);
  });
});

describe('joining and closing', () => {
  it('the window: 20 minutes before (the SP 30) until 90 after, for the people of the visit', () => {
    expect(joinRefusal(visit(), learner, at(-20.001))).toEqual(state(R.joinNotYet));
    expect(joinRefusal(visit(), learner, at(-20))).toBeNull();
    expect(joinRefusal(visit(), sp, at(-30))).toBeNull();
    expect(joinRefusal(visit(), sp, at(-30.001))).toEqual(state(R.joinNotYet));
    expect(joinRefusal(visit(), observer, at(89.99))).toBeNull();
    expect(joinRefusal(visit(), learner, at(90))).toEqual(state(R.joinClosed));
    expect(joinRefusal(visit(), admin, at(0))).toEqual(forbidden);
    expect(joinRefusal(visit({ is_complete: true }), learner, at(0))).toEqual(state(R.notOpen));
  });

  it("closing is the SP's after the start; complete asks for the feedback form while it is pending", () => {
    expect(closeRefusal(visit(), sp, at(-0.001))).toEqual(state(R.notStarted));
    expect(closeRefusal(visit(), sp, at(0))).toBeNull();
    expect(closeRefusal(visit(), learner, at(10))).toEqual(forbidden);
    expect(completeAction(visit())).toBe('feedback');
    expect(completeAction(visit({ is_feedback_form_complete: true }))).toBe('complete');
    expect(completeAction(visit({}, { is_feedback_form_enabled: 0 }))).toBe('complete');
  });
});

describe('scorecard buttons (spec 002 §2.2)', () => {
  const done = { is_complete: true };
  const labels = (v: VisitRuleFacts, who: VisitViewer, now = at(120)) => scorecardButtons(v, who, now).map((b) => b.label);

  it('by role and state', () => {
    expect(labels(visit(), learner, at(-10))).toEqual([]);
    expect(labels(visit(done), learner)).toEqual([T.scorecardPending, T.participantFeedbackGive]);
    expect(labels(visit({ ...done, is_scorecard_complete: true, is_participant_feedback_complete: true }), learner)).toEqual([
      T.scorecardView,
    ]);
    expect(labels(visit(), sp, at(5))).toEqual([T.scorecardPending]);
    expect(labels(visit({ is_feedback_form_complete: true, ...done }), sp)).toEqual([T.scorecardView]);
    expect(labels(visit(done), observer)).toEqual([T.observerComplete]);
    expect(labels(visit(done), { ...observer, observer_complete: true })).toEqual([T.scorecardView]);
    expect(labels(visit(done), clientAdmin)).toEqual([T.participantFeedbackPending]);
    expect(labels(visit({ ...done, is_participant_feedback_complete: true }), clientAdmin)).toEqual([T.participantFeedbackView]);
    expect(labels(visit({ ...done, is_feedback_form_complete: true }), admin)).toEqual([T.scorecardView]);
    expect(labels(visit({ ...done, no_show: true }), learner)).toEqual([]);
  });
});

describe('abilities', () => {
  it('match the rules the server applies', () => {
    const a = visitAbilities(visit(), learner, at(-2 * DAY));
    expect(a).toMatchObject({
      can_cancel: true,
      can_confirm: true,
      can_reschedule: true,
      can_transfer: false,
      join_role: 'learner',
      can_close: false,
    });
    const s = visitAbilities(visit(), sp, at(1));
    expect(s).toMatchObject({ can_cancel: false, can_close: true, can_share: true, can_share_zoom_message: true, join_role: 'sp' });
    expect(visitAbilities(visit({}, { is_feedback_form_enabled: 0 }), sp, at(1)).can_share_zoom_message).toBe(false);
  });

  it('meeting links replace {meeting_id}', () => {
    expect(meetingLinkFrom('https://meet.example.test/{meeting_id}#x={meeting_id}', 'a b')).toBe('https://meet.example.test/a%20b#x=a%20b');
  });
});
