import { meetingsApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** Joining sessions and the SP's close actions (contracts in packages/schema/src/api/meetings.ts). */
export const meetingsRoutes: AnyRoute[] = [
  implement(api.join, async ({ c, params, body }) => {
    const actor = await actorOf(c);
    // Each session type joins through its own feature's service (interviews: features/recruitment; training
    // sessions: features/training-sessions, type 'training_session' or 'training').
    if (params.type === 'interview') return c.var.services.interviews.join(actor, body.id);
    if (params.type === 'training_session' || params.type === 'training') return c.var.services.trainingSessions.join(actor, body.id);
    return c.var.services.visits.join(actor, params.type, body.id);
  }),
  implement(api.complete, async ({ c, body }) => c.var.services.visits.complete(await actorOf(c), 'visit', body.id)),
  implement(api.noShow, async ({ c, body }) => c.var.services.visits.noShow(await actorOf(c), body.visit_id)),
  implement(api.learnerTech, async ({ c, body }) => c.var.services.visits.learnerTechIssue(await actorOf(c), body.visit_id)),
];
