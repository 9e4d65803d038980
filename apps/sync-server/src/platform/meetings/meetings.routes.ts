import { meetingsApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** Joining sessions and the SP's close actions (contracts in packages/schema/src/api/meetings.ts). */
export const meetingsRoutes: AnyRoute[] = [
  implement(api.join, async ({ c, params, body }) => {
    // Training sessions join through their own service (features/training-sessions; type 'training_session').
    if (params.type === 'training_session' || params.type === 'training')
      return c.var.services.trainingSessions.join(await actorOf(c), body.id);
    return c.var.services.visits.join(await actorOf(c), params.type, body.id);
  }),
  implement(api.complete, async ({ c, body }) => c.var.services.visits.complete(await actorOf(c), 'visit', body.id)),
  implement(api.noShow, async ({ c, body }) => c.var.services.visits.noShow(await actorOf(c), body.visit_id)),
  implement(api.learnerTech, async ({ c, body }) => c.var.services.visits.learnerTechIssue(await actorOf(c), body.visit_id)),
];
