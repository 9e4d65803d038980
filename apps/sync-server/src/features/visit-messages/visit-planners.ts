import { CANCELED_REASONS, canceledReason, VISIT_TEXTS, type VisitMessageText } from '@simvisit/schema';
import type { VisitEventType } from '../visit-events';
import type { About, EmailRule, InviteChange, Planned, RequestCtx, VisitCtx } from './message-plan';
import type { Person } from './visit-messages.repository';

/** What a visit event's planner knows and may do: the visit, its people, their words, and `plan`. */
export interface VisitPlanContext {
  visit: VisitCtx;
  observers: number[];
  /** learner, SP and observers */
  everyone: number[];
  /** not canceled, completed, no-show or technical issue */
  open: boolean;
  people: Map<number, Person>;
  payload: Record<string, unknown>;
  formerSp: number | null;
  payloadObserver: number | null;
  /** the request the visit was made from (visit.scheduled only) */
  request: RequestCtx | undefined;
  about(userId: number): About;
  plan(userId: number, text: VisitMessageText, email: EmailRule, extra?: Partial<Planned>): void;
  /** people whose visit invite changed in this way with this event */
  changed(kind: InviteChange['kind']): number[];
  /** whether the person takes texts now (SMS on, verified number) */
  smsable(person: Person | undefined): boolean;
  /** cancels the learner's tentative holds of the accepted request; how many there were */
  cancelRequestHolds(request: RequestCtx): Promise<number>;
}

type VisitPlanner = (ctx: VisitPlanContext) => void | Promise<void>;

/**
 * One planner per visit event: who hears of it and how (docs/decisions/0029). Events without a planner
 * (completed, no-show, technical issue) send nothing: the scorecards tell their own people.
 */
export const VISIT_PLANNERS: Partial<Record<VisitEventType, VisitPlanner>> = {
  async 'visit.scheduled'(x) {
    x.plan(x.visit.learner_user_id, VISIT_TEXTS.scheduled(x.about(x.visit.learner_user_id)), 'always');
    x.plan(x.visit.sp_user_id, VISIT_TEXTS.scheduled(x.about(x.visit.sp_user_id)), 'always');
    for (const userId of x.observers) x.plan(userId, VISIT_TEXTS.observerAdded(x.about(userId)), 'always');
    if (x.request && (await x.cancelRequestHolds(x.request)) > 0) {
      const learner = x.request.user_id;
      x.plan(learner, VISIT_TEXTS.requestAccepted(x.about(learner)), 'always', { notify: false, invite: 'holds-cancel' });
    }
  },

  'visit.confirmation_requested'(x) {
    if (!x.open || x.visit.is_confirmed) return;
    const a = x.about(x.visit.learner_user_id);
    x.plan(x.visit.learner_user_id, VISIT_TEXTS.confirmationRequest(a), 'none', {
      sms: x.smsable(x.people.get(x.visit.learner_user_id)) ? VISIT_TEXTS.confirmationRequestSms(a) : undefined,
      emailIfNoSms: true,
    });
  },

  'visit.confirmed'(x) {
    x.plan(x.visit.sp_user_id, VISIT_TEXTS.confirmedForSp(x.about(x.visit.sp_user_id)), 'setting');
  },

  'visit.reminder'(x) {
    if (!x.open) return;
    for (const userId of x.everyone) {
      const a = x.about(userId);
      x.plan(userId, VISIT_TEXTS.reminder(a), 'setting', { sms: x.smsable(x.people.get(userId)) ? VISIT_TEXTS.reminderSms(a) : undefined });
    }
  },

  'visit.rescheduled'(x) {
    for (const userId of [x.visit.learner_user_id, x.visit.sp_user_id]) {
      x.plan(userId, x.open ? VISIT_TEXTS.changed(x.about(userId)) : VISIT_TEXTS.replaced(x.about(userId)), 'always');
    }
  },

  'visit.adjusted'(x) {
    for (const userId of x.everyone) x.plan(userId, VISIT_TEXTS.changed(x.about(userId)), 'always');
  },

  'visit.transferred'(x) {
    x.plan(x.visit.sp_user_id, VISIT_TEXTS.transferredIn(x.about(x.visit.sp_user_id)), 'always');
    const former = new Set(x.changed('cancel'));
    if (x.formerSp && x.formerSp !== x.visit.sp_user_id) former.add(x.formerSp);
    for (const userId of former) x.plan(userId, VISIT_TEXTS.transferredOut(x.about(userId)), 'always', { path: '/dashboard' });
  },

  'visit.canceled'(x) {
    const system = x.payload.reason === 'system' || (x.visit.is_canceled && canceledReason(x.visit) === CANCELED_REASONS.system);
    for (const userId of x.everyone) {
      x.plan(userId, system ? VISIT_TEXTS.systemCanceled(x.about(userId)) : VISIT_TEXTS.canceled(x.about(userId)), 'always');
    }
  },

  'visit.observer_added'(x) {
    const added = new Set(x.changed('new'));
    if (x.payloadObserver && x.observers.includes(x.payloadObserver)) added.add(x.payloadObserver);
    for (const userId of added) x.plan(userId, VISIT_TEXTS.observerAdded(x.about(userId)), 'always');
  },

  'visit.observer_removed'(x) {
    const removed = new Set(x.changed('cancel'));
    if (x.payloadObserver && !x.observers.includes(x.payloadObserver)) removed.add(x.payloadObserver);
    for (const userId of removed) x.plan(userId, VISIT_TEXTS.observerRemoved(x.about(userId)), 'always', { path: '/dashboard' });
  },
};
