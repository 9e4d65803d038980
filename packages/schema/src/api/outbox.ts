import { defineContract } from '../api-contract';
import { outboxResponseSchema } from '../demo-outbox';

/** The demo outbox: mail and SMS the server would deliver, readable only while demo mode is on (404 otherwise). */
export const outboxApi = {
  list: defineContract({
    method: 'GET',
    path: '/api/demo/outbox',
    tag: 'Demo',
    summary: 'Messages in the outbox (demo mode only)',
    access: { type: 'demo' },
    scope: 'none',
    response: outboxResponseSchema,
  }),
};
