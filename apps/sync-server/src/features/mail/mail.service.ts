import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { OutboxRepository } from './outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/**
 * Mail through nodemailer. Every message is first written to the outbox table (the demo outbox page reads
 * it); with SMTP_URL set it is then sent over SMTP, otherwise nodemailer's JSON transport renders it and the
 * outbox is the only delivery. Sending runs in the background so a caller's answer time does not depend on
 * whether a message went out (PWD-03); `idle()` lets tests wait for it.
 */
export function createMailService(outbox: OutboxRepository, config: Config) {
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<void> {
    const { id } = await outbox.insert({
      channel: 'mail',
      recipient: message.to,
      subject: message.subject,
      body_text: message.text,
      body_html: message.html ?? null,
    });
    try {
      await transport.sendMail({ from: config.mailFrom, ...message });
      await outbox.markSent(id);
    } catch (err) {
      await outbox.markFailed(id, err instanceof Error ? err.message : String(err));
    }
  }

  return {
    /** Queues a message and returns at once. */
    send(message: MailMessage): void {
      const p = deliver(message)
        .catch((err) => console.error('[mail] could not queue a message:', err instanceof Error ? err.message : err))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    },
    latest: (limit = 50) => outbox.latest(limit),
  };
}
export type MailService = ReturnType<typeof createMailService>;
