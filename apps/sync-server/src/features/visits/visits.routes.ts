import { visitsApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** The visit page's calls (contracts in packages/schema/src/api/visits.ts); the service decides per visit who may. */
export const visitsRoutes: AnyRoute[] = [
  implement(api.show, async ({ c, params }) => c.var.services.visits.get(await actorOf(c), params.id)),
  implement(api.cancel, async ({ c, params }) => c.var.services.visits.cancel(await actorOf(c), params.id)),
  implement(api.confirm, async ({ c, params }) => c.var.services.visits.confirm(await actorOf(c), params.id)),
  implement(api.reschedule, async ({ c, params, body }) => c.var.services.visits.reschedule(await actorOf(c), params.id, body)),
  implement(api.rescheduleLink, async ({ c, params }) => c.var.services.visits.rescheduleLink(await actorOf(c), params.id)),
  implement(api.observerCandidates, async ({ c, params }) => c.var.services.visits.observerUsers(await actorOf(c), params.id)),
  implement(api.addObserver, async ({ c, params, body }) =>
    c.var.services.visits.addObserver(await actorOf(c), params.id, body.add_observer_id),
  ),
  implement(api.removeObserver, async ({ c, params, body }) =>
    c.var.services.visits.removeObserver(await actorOf(c), params.id, body.remove_observer_id),
  ),
  implement(api.transferCandidates, async ({ c, params }) => c.var.services.visits.transferUsers(await actorOf(c), params.id)),
  implement(api.transfer, async ({ c, params, body }) => c.var.services.visits.transfer(await actorOf(c), params.id, body.sp_id)),
  implement(api.adjustDate, async ({ c, params, body }) => c.var.services.visits.adjust(await actorOf(c), params.id, body)),
  implement(api.recording, async ({ c, params }) => c.var.services.visits.recording(await actorOf(c), params.id)),
];
