import { sessionCounterApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** The session counter (contract in packages/schema/src/api/session-counter.ts). */
export const sessionCounterRoutes: AnyRoute[] = [
  implement(api.show, async ({ c, body }) => c.var.services.sessionCounter.show(await actorOf(c), body)),
];
