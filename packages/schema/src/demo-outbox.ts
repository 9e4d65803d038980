import { z } from 'zod';

/** Mail and SMS the server would have sent, shown on the demo-only outbox page (DESIGN.md §7). */
export const OUTBOX_CHANNELS = ['mail', 'sms'] as const;

/** A file of a mail (the .ics calendar invites). */
export const outboxAttachmentSchema = z.object({ filename: z.string(), content_type: z.string(), content: z.string() });
export type OutboxAttachment = z.infer<typeof outboxAttachmentSchema>;

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  attachments: z.array(outboxAttachmentSchema).default([]),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** GET api/demo/outbox (404 unless demo mode is on). */
export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
