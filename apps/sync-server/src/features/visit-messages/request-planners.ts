import { VISIT_TEXTS } from '@simvisit/schema';
import type { VisitEventRow } from '../../db/types';
import type { VisitEventType } from '../visit-events';
import type { About, Planned, RequestCtx } from './message-plan';

/** What a request event's planner knows: the request, its scenario's SPs, the learner's name, the holds. */
export interface RequestPlanContext {
  event: VisitEventRow;
  request: RequestCtx;
  sps: number[];
  learnerName: string;
  path: string;
  /** the tentative holds this event cancels */
  cancelledHolds: number;
  about(userId: number, path?: string): About & { dates: string[] };
  push(planned: Planned): void;
}

type RequestPlanner = (ctx: RequestPlanContext) => void;

function createdOrRescheduled(x: RequestPlanContext) {
  if (x.request.status !== 'pending') return;
  const created = x.event.type === 'request.created';
  const a = x.about(x.request.user_id);
  x.push({
    userId: x.request.user_id,
    text: created ? VISIT_TEXTS.requestSent(a) : VISIT_TEXTS.requestUpdated(a),
    email: 'always',
    notify: false,
    path: x.path,
    invite: 'holds',
  });
  for (const sp of x.sps) {
    const forSp = { ...x.about(sp), learner: x.learnerName };
    x.push({
      userId: sp,
      text: created ? VISIT_TEXTS.requestForSp(forSp) : VISIT_TEXTS.requestUpdatedForSp(forSp),
      email: 'setting',
      notify: true,
      path: x.path,
    });
  }
}

/** One planner per request event (docs/decisions/0029): the learner's holds and the scenario's SPs. */
export const REQUEST_PLANNERS: Partial<Record<VisitEventType, RequestPlanner>> = {
  'request.created': createdOrRescheduled,
  'request.rescheduled': createdOrRescheduled,

  'request.canceled'(x) {
    // The learner who cancelled saw it happen; the mail only clears their calendar (or tells them when someone
    // else cancelled it).
    if (x.cancelledHolds === 0 && x.event.actor_user_id === x.request.user_id) return;
    x.push({
      userId: x.request.user_id,
      text: VISIT_TEXTS.requestCanceled(x.about(x.request.user_id)),
      email: 'always',
      notify: true,
      path: x.path,
      invite: 'holds-cancel',
    });
  },

  'request.expired'(x) {
    const overview = x.request.scenario_id ? `/scenarios/${x.request.scenario_id}/overview` : '/dashboard';
    x.push({
      userId: x.request.user_id,
      text: VISIT_TEXTS.requestExpired(x.about(x.request.user_id, overview)),
      email: 'always',
      notify: true,
      path: overview,
      invite: 'holds-cancel',
    });
  },
};
