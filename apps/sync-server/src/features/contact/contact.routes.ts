import { contactApi as api } from '@simvisit/schema';
import { type AnyRoute, implement } from '../../http/route';

export const contactRoutes: AnyRoute[] = [
  implement(api.send, async ({ c, body }) => ({
    message: await c.var.services.contact.send(body, {
      ip: c.var.ip,
      userId: c.var.user?.id ?? null,
      requestId: c.var.requestId,
    }),
  })),
];
