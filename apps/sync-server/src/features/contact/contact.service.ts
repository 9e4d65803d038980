import { CONTACT_TOPICS, type ContactRequest, fullName, MSG } from '@simvisit/schema';
import type { Config } from '../../config';
import { tooManyRequests } from '../../http/errors';
import type { AuditService } from '../../platform/audit';
import type { MailService } from '../../platform/mail';
import type { RateLimitService } from '../../platform/rate-limit';
import type { PartnersService } from '../partners';

/** The Contact Us form (spec 002 §2.5): mailed to support, with the sender as reply-to. */
export function createContactService(d: {
  mail: MailService;
  partners: PartnersService;
  limits: RateLimitService;
  audit: AuditService;
  config: Config;
}) {
  return {
    async send(form: ContactRequest, meta: { ip: string; userId: number | null; requestId: string }) {
      const state = await d.limits.hit({ key: `contact:${meta.ip}`, max: 5, windowSeconds: 600 });
      if (state.limited) throw tooManyRequests(MSG.tooManyRequests, state.retryAfter);
      const partner = form.partner_id ? await d.partners.byId(form.partner_id) : undefined;
      const topic = CONTACT_TOPICS[form.topicKind];
      await d.mail.queue({
        to: d.config.supportEmail,
        replyTo: form.email,
        subject: `${d.config.productName} contact: ${topic}`,
        text: [
          `Topic: ${topic}`,
          `From: ${fullName(form)} <${form.email}>`,
          `Mobile: ${form.mobile_number || 'not given'}`,
          `Partner: ${partner ? `${partner.long_name} (${partner.slug})` : 'not given'}`,
          `Signed-in user id: ${meta.userId ?? 'not signed in'}`,
          '',
          form.user_message,
        ].join('\n'),
      });
      await d.audit.record({
        action: 'contact.sent',
        actor_user_id: meta.userId,
        ip: meta.ip,
        request_id: meta.requestId,
        details: { topic: form.topicKind },
      });
      return MSG.contactSent;
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
