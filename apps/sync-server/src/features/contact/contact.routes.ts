import { contactRequestSchema, messageSchema } from '@simvisit/schema';
import { type AnyRoute, defineRoute } from '../../http/route';

export const contactRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api/contact-us',
    tag: 'Contact',
    summary: 'Send the Contact Us form to support',
    access: { type: 'public' },
    scope: 'none',
    body: contactRequestSchema,
    response: messageSchema,
    handler: async ({ c, body }) => ({
      message: await c.var.services.contact.send(body, {
        ip: c.var.ip,
        userId: c.var.user?.id ?? null,
        requestId: c.var.requestId,
      }),
    }),
  }),
];
