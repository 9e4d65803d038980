import { trainingSessionsApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/**
 * Training sessions (contracts in packages/schema/src/api/training-sessions.ts). The session read
 * (POST api/training-session/:id) comes last so the named calls under the same prefix are matched first.
 */
export const trainingSessionsRoutes: AnyRoute[] = [
  implement(api.schedule, async ({ c, body }) => c.var.services.trainingSessions.schedule(await actorOf(c), body)),
  implement(api.scheduleOptions, async ({ c }) => c.var.services.trainingSessions.scheduleOptions(await actorOf(c))),
  implement(api.addUsers, async ({ c, body }) => c.var.services.trainingSessions.addUsers(await actorOf(c), body)),
  implement(api.removeUser, async ({ c, body }) => c.var.services.trainingSessions.removeUser(await actorOf(c), body.training_user_id)),
  implement(api.cancel, async ({ c, body }) => c.var.services.trainingSessions.cancel(await actorOf(c), body.training_session_id)),
  implement(api.reschedule, async ({ c, body }) => c.var.services.trainingSessions.reschedule(await actorOf(c), body)),
  implement(api.recording, async ({ c, body }) => c.var.services.trainingSessions.recording(await actorOf(c), body.training_session_id)),
  implement(api.updateJobNumber, async ({ c, params, body }) =>
    c.var.services.trainingSessions.updateJobNumber(await actorOf(c), params.id, body.job_number),
  ),
  implement(api.complete, async ({ c, body }) => c.var.services.trainingSessions.complete(await actorOf(c), body.id)),
  implement(api.show, async ({ c, params }) => c.var.services.trainingSessions.show(await actorOf(c), params.id)),
];
