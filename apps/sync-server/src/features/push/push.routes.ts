import { messageSchema, pushPublicKeyResponseSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '@simvisit/schema';
import { type AnyRoute, defineRoute } from '../../http/route';

export const pushRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/push/public-key',
    tag: 'Push',
    summary: 'The VAPID public key to subscribe with',
    access: { type: 'authenticated' },
    scope: 'none',
    response: pushPublicKeyResponseSchema,
    handler: async ({ c }) => ({ public_key: await c.var.services.push.publicKey() }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/push/subscribe',
    tag: 'Push',
    summary: "Save this browser's push subscription for the caller",
    access: { type: 'authenticated' },
    scope: 'self',
    body: pushSubscriptionSchema,
    response: messageSchema,
    handler: async ({ c, body }) => {
      await c.var.services.push.subscribe(c.var.user!.id, body);
      return { message: 'Push notifications enabled on this device.' };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/push/unsubscribe',
    tag: 'Push',
    summary: "Forget this browser's push subscription",
    access: { type: 'authenticated' },
    scope: 'self',
    body: pushUnsubscribeSchema,
    response: messageSchema,
    handler: async ({ c, body }) => {
      await c.var.services.push.unsubscribe(c.var.user!.id, body.endpoint);
      return { message: 'Push notifications disabled on this device.' };
    },
  }),
];
