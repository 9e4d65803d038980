import { clientAdminRequestsApi as api, CLIENT_REQUEST_MESSAGES } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** Client admin requests (contracts in packages/schema/src/api/client-admin-requests.ts). */
export const clientAdminRequestsRoutes: AnyRoute[] = [
  implement(api.list, async ({ c, body }) => c.var.services.clientAdminRequests.list(body)),
  implement(api.detail, async ({ c, body }) => c.var.services.clientAdminRequests.detail(body.request_id)),
  implement(api.approve, async ({ c, body }) => {
    await c.var.services.clientAdminRequests.approve(await actorOf(c), body);
    return { message: CLIENT_REQUEST_MESSAGES.approved };
  }),
  implement(api.mine, async ({ c }) => c.var.services.clientAdminRequests.mine(await actorOf(c))),
  implement(api.ask, async ({ c }) => c.var.services.clientAdminRequests.ask(await actorOf(c))),
];
