import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { OutboxRepository } from '../outbox';

/** A file sent with a mail (stored with the outbox row too). */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
  /** 'base64' when `content` holds binary data (a PDF) in base64 */
  encoding?: 'base64';
}

/** A calendar invite (iCalendar text), sent as nodemailer's text/calendar alternative with its METHOD. */
export interface MailCalendarEvent {
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  content: string;
  filename?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  icalEvent?: MailCalendarEvent;
}

/** What the outbox keeps of a mail's files: the invite first, then the attachments. */
function storedAttachments(message: MailMessage) {
  const files = message.icalEvent
    ? [
        {
          filename: message.icalEvent.filename ?? 'invite.ics',
          content_type: `text/calendar; method=${message.icalEvent.method}`,
          content: message.icalEvent.content,
        },
      ]
    : [];
  for (const a of message.attachments ?? []) files.push({ filename: a.filename, content_type: a.contentType, content: a.content });
  return files;
}

/**
 * Mail through nodemailer. Every message is first written to the outbox table (the demo outbox page reads
 * it); with SMTP_URL set it is then sent over SMTP, otherwise nodemailer's JSON transport renders it and the
 * outbox is the only delivery. Sending runs in the background so a caller's answer time does not depend on
 * whether a message went out (PWD-03); `idle()` lets tests wait for it.
 */
export function createMailService(outbox: OutboxRepository, config: Config) {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<void> {
    await transmit(message, await store(message));
  }

  async function store(message: MailMessage): Promise<number> {
    const { id } = await outbox.insert({
      channel: 'mail',
      recipient: message.to,
      subject: message.subject,
      body_text: message.text,
      body_html: message.html ?? null,
      attachments: JSON.stringify(storedAttachments(message)),
    });
    return id;
  }

  async function transmit(message: MailMessage, id: number): Promise<void> {
    try {
      const { icalEvent, attachments, ...rest } = message;
      await transport.sendMail({
        from: config.mailFrom,
        ...rest,
        ...(icalEvent
          ? { icalEvent: { method: icalEvent.method, content: icalEvent.content, filename: icalEvent.filename ?? 'invite.ics' } }
          : {}),
        ...(attachments?.length
          ? {
              attachments: attachments.map((a) => ({
                filename: a.filename,
                content: a.content,
                contentType: a.contentType,
                encoding: a.encoding,
              })),
            }
          : {}),
      });
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
    /**
     * Writes the message to the outbox and sends it before resolving (the visit event processor records a
     * delivery only once the message is queued). Rejects when the outbox write fails; an SMTP failure is kept on
     * the outbox row like for `send`.
     */
    async sendAndWait(message: MailMessage): Promise<void> {
      await deliver(message);
    },
    /**
     * Resolves once the message is stored in the outbox (so a caller may answer "sent"), and sends it in the
     * background. Rejects when it could not be stored: a message a person wrote is never reported as sent
     * while it was lost (issue 11 item 3).
     */
    async queue(message: MailMessage): Promise<void> {
      const id = await store(message);
      const p = transmit(message, id)
        .catch((err) => console.error('[mail] could not send a message:', err instanceof Error ? err.message : err))
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
