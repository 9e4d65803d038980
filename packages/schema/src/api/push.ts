import { defineContract } from '../api-contract';
import { messageSchema } from '../errors';
import { pushPublicKeyResponseSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '../notifications';

/** Web push on this device: the caller's own subscriptions. */
const tag = 'Push';
const signedIn = { type: 'authenticated' } as const;

export const pushApi = {
  publicKey: defineContract({
    method: 'GET',
    path: '/api/push/public-key',
    tag,
    summary: 'The VAPID public key to subscribe with',
    access: signedIn,
    scope: 'none',
    response: pushPublicKeyResponseSchema,
  }),
  subscribe: defineContract({
    method: 'POST',
    path: '/api/push/subscribe',
    tag,
    summary: "Save this browser's push subscription for the caller",
    access: signedIn,
    scope: 'self',
    body: pushSubscriptionSchema,
    response: messageSchema,
  }),
  unsubscribe: defineContract({
    method: 'POST',
    path: '/api/push/unsubscribe',
    tag,
    summary: "Forget this browser's push subscription",
    access: signedIn,
    scope: 'self',
    body: pushUnsubscribeSchema,
    response: messageSchema,
  }),
};
