import { outboxApi as api, outboxAttachmentSchema } from '@simvisit/schema';
import { type AnyRoute, implement } from '../../http/route';

/** The demo outbox (contract in packages/schema/src/api/outbox.ts), readable only while demo mode is on. */
export const outboxRoutes: AnyRoute[] = [
  implement(api.list, async ({ c }) => {
    const rows = await c.var.services.mail.latest(100);
    return {
      messages: rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        text: r.body_text,
        created_at: r.created_at.toISOString(),
        sent_at: r.sent_at ? r.sent_at.toISOString() : null,
        attachments: outboxAttachmentSchema.array().catch([]).parse(r.attachments),
      })),
    };
  }),
];
