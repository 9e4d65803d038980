import { z } from 'zod/mini';
import { isIsoTimestamp } from './sync';

export const NOTIFICATION_ICONS = ['none', 'success', 'error', 'warning', 'user', 'message'] as const;
export const NOTIFICATION_COLORS = ['white', 'red', 'yellow', 'green'] as const;
export const NOTIFICATION_TYPES = ['dismiss', 'delete', 'link', 'show content', 'router link'] as const;

/** A system notification (spec 000 §3). */
export const systemNotificationSchema = z.object({
  title: z.string(),
  content: z.nullable(z.string()),
  icon: z.enum(NOTIFICATION_ICONS),
  color: z.enum(NOTIFICATION_COLORS),
  type: z.enum(NOTIFICATION_TYPES),
  payload: z.nullable(z.unknown()),
});

/** A stored notification of a user. */
export const storedNotificationSchema = z.extend(systemNotificationSchema, {
  id: z.string(),
  is_read: z.boolean(),
  is_archived: z.boolean(),
  created_at: z.string(),
});
export type StoredNotification = z.infer<typeof storedNotificationSchema>;

/**
 * A notification as it replicates: written by the server; its owner may only change is_read, is_archived
 * and delete it (the fields NOTIFICATION_OWNER_FIELDS).
 */
export const notificationDocSchema = z.extend(storedNotificationSchema, {
  // A refinement without a length, so the store's JSON schema (and its hash) stays as it was (issue 11 item 6).
  created_at: z.string().check(z.refine(isIsoTimestamp, { error: 'The created_at field must be a valid date and time.' })),
  write_id: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  _deleted: z._default(z.boolean(), false),
  user_id: z.number().check(z.int()),
});
export type NotificationDoc = z.infer<typeof notificationDocSchema>;
export const NOTIFICATION_OWNER_FIELDS = ['is_read', 'is_archived', '_deleted', 'write_id'] as const;

export const notificationDeleteRequestSchema = z.object({
  id: z
    .string({ error: 'The id field is required.' })
    .check(z.minLength(1, { error: 'The id field is required.' }))
    .check(z.maxLength(64)),
});

/**
 * Notification links are only followed when relative to this app (HTML-02): a `javascript:` or off-site
 * payload link is dropped.
 */
export function safeNotificationLink(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  if (!link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}

/** A browser's Web Push subscription (PushSubscription.toJSON()). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ error: 'The subscription endpoint is not valid.' }).check(z.maxLength(1000)),
  keys: z.object({
    p256dh: z.string().check(z.minLength(1)).check(z.maxLength(200)),
    auth: z.string().check(z.minLength(1)).check(z.maxLength(100)),
  }),
});
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().check(z.maxLength(1000)) });
export const pushPublicKeyResponseSchema = z.object({ public_key: z.string() });
