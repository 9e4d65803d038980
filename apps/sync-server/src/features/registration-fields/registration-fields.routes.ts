import { registrationFieldsApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** Registration fields administration (contracts in packages/schema/src/api/registration-fields.ts). */
export const registrationFieldsRoutes: AnyRoute[] = [
  implement(api.list, async ({ c, params }) => c.var.services.registrationFields.list(params.partnerId)),
  implement(api.add, async ({ c, params, body }) => ({
    message: await c.var.services.registrationFields.add(await actorOf(c), params.partnerId, body),
  })),
  implement(api.remove, async ({ c, params }) => ({
    message: await c.var.services.registrationFields.remove(await actorOf(c), params.id),
  })),
  implement(api.update, async ({ c, body }) => ({ message: await c.var.services.registrationFields.update(await actorOf(c), body) })),
];
