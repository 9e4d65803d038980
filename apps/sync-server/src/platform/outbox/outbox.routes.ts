import { outboxAttachmentSchema, outboxResponseSchema } from '@simvisit/schema';
import { type AnyRoute, defineRoute } from '../../http/route';

/** The demo outbox: mail and SMS the server would deliver, readable only while demo mode is on. */
export const outboxRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/demo/outbox',
    tag: 'Demo',
    summary: 'Messages in the outbox (demo mode only)',
    access: { type: 'demo' },
    scope: 'none',
    response: outboxResponseSchema,
    handler: async ({ c }) => {
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
    },
  }),
];
