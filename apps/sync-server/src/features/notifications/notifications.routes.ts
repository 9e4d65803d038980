import { notificationsApi as api } from '@simvisit/schema';
import { type AnyRoute, implement } from '../../http/route';

export const notificationsRoutes: AnyRoute[] = [
  implement(api.remove, async ({ c, body }) => {
    await c.var.services.notifications.delete(c.var.user!.id, body.id);
    return { message: 'Notification deleted.' };
  }),
];
