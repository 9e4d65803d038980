import { z } from 'zod';

export const NOTIFICATION_ICONS = ['none', 'success', 'error', 'warning', 'user', 'message'] as const;
export const NOTIFICATION_COLORS = ['white', 'red', 'yellow', 'green'] as const;
export const NOTIFICATION_TYPES = ['dismiss', 'delete', 'link', 'show content', 'router link'] as const;

/** A system notification (spec 000 §3). */
export const systemNotificationSchema = z.object({
  title: z.string(),
  content: z.string().nullable(),
  icon: z.enum(NOTIFICATION_ICONS),
  color: z.enum(NOTIFICATION_COLORS),
  type: z.enum(NOTIFICATION_TYPES),
  payload: z.unknown().nullable(),
});

/** A stored notification of a user. */
export const storedNotificationSchema = systemNotificationSchema.extend({
  id: z.number().int(),
  is_read: z.boolean(),
  is_archived: z.boolean(),
  created_at: z.string(),
});
export type StoredNotification = z.infer<typeof storedNotificationSchema>;

/**
 * Notification links are only followed when relative to this app (HTML-02): a `javascript:` or off-site
 * payload link is dropped.
 */
export function safeNotificationLink(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  if (!link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}
