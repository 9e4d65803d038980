import { pushApi as api } from '@simvisit/schema';
import { type AnyRoute, implement } from '../../http/route';

/** Web push subscriptions (contracts in packages/schema/src/api/push.ts). */
export const pushRoutes: AnyRoute[] = [
  implement(api.publicKey, async ({ c }) => ({ public_key: await c.var.services.push.publicKey() })),
  implement(api.subscribe, async ({ c, body }) => {
    await c.var.services.push.subscribe(c.var.user!.id, body);
    return { message: 'Push notifications enabled on this device.' };
  }),
  implement(api.unsubscribe, async ({ c, body }) => {
    await c.var.services.push.unsubscribe(c.var.user!.id, body.endpoint);
    return { message: 'Push notifications disabled on this device.' };
  }),
];
