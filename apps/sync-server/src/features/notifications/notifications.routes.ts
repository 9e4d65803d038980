import { messageSchema, notificationDeleteRequestSchema } from '@simvisit/schema';
import { type AnyRoute, defineRoute } from '../../http/route';

export const notificationsRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api/notifications/delete',
    tag: 'Notifications',
    summary: "Delete one of the caller's notifications",
    access: { type: 'authenticated' },
    scope: 'self',
    body: notificationDeleteRequestSchema,
    response: messageSchema,
    handler: async ({ c, body }) => {
      await c.var.services.notifications.delete(c.var.user!.id, body.id);
      return { message: 'Notification deleted.' };
    },
  }),
];
