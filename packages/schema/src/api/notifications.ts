import { defineContract } from '../api-contract';
import { messageSchema } from '../errors';
import { notificationDeleteRequestSchema } from '../notifications';

/** The REST side of notifications; reading and marking them read goes through replication. */
export const notificationsApi = {
  remove: defineContract({
    method: 'POST',
    path: '/api/notifications/delete',
    tag: 'Notifications',
    summary: "Delete one of the caller's notifications",
    access: { type: 'authenticated' },
    scope: 'self',
    body: notificationDeleteRequestSchema,
    response: messageSchema,
  }),
};
