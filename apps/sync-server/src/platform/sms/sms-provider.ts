import twilio from 'twilio';
import type RequestClientType from 'twilio/lib/base/RequestClient';
import type { Config } from '../../config';
import type { OutboxRepository } from '../outbox';

/** One text message to one E.164 number. */
export interface SmsMessage {
  to: string;
  body: string;
}

/**
 * Where the product's texts go (DESIGN.md §7): Twilio when credentials are configured, the demo outbox in
 * demo mode, and nowhere otherwise (a refusal the caller turns into 'Failure.'). `send` resolves once the
 * provider accepted the message and rejects with a short reason when it did not.
 */
export interface SmsProvider {
  readonly name: 'twilio' | 'demo' | 'unconfigured';
  send(message: SmsMessage): Promise<{ id: string }>;
}

export class SmsNotSentError extends Error {
  override readonly name = 'SmsNotSentError';
}

const TWILIO_HOST = /^https:\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*\.)?twilio\.com(?::\d+)?/i;

/**
 * Twilio's own HTTP client with every API host rewritten to another base (TWILIO_API_BASE): the SDK builds
 * and signs requests as usual, so a local fake in tests sees exactly what Twilio would.
 */
export class RebasedTwilioClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: 10_000 });
  }

  override request<TData>(opts: RequestClientType.RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace(TWILIO_HOST, this.base.replace(/\/$/, '')) });
  }
}

export function createTwilioSmsProvider(opts: {
  accountSid: string;
  authToken: string;
  from: string;
  apiBase: string | null;
}): SmsProvider {
  const client = twilio(opts.accountSid, opts.authToken, {
    ...(opts.apiBase ? { httpClient: new RebasedTwilioClient(opts.apiBase) } : {}),
    timeout: 10_000,
  });
  // A messaging service SID (MG…) lets Twilio pick the sender; otherwise the configured number sends.
  const sender = opts.from.startsWith('MG') ? { messagingServiceSid: opts.from } : { from: opts.from };
  return {
    name: 'twilio',
    async send({ to, body }) {
      try {
        const message = await client.messages.create({ to, body, ...sender });
        return { id: message.sid };
      } catch (err) {
        // RestException carries Twilio's code and message; nothing about the text itself is logged.
        const detail = err instanceof twilio.RestException ? `Twilio ${err.status} ${err.code}: ${err.message}` : String(err);
        console.error('[sms] Twilio refused a message:', detail);
        throw new SmsNotSentError(detail);
      }
    },
  };
}

/** Demo mode without Twilio: the text lands in the outbox, shown on the demo-only /outbox page. */
export function createDemoSmsProvider(outbox: OutboxRepository): SmsProvider {
  return {
    name: 'demo',
    async send({ to, body }) {
      const { id } = await outbox.insert({ channel: 'sms', recipient: to, subject: null, body_text: body, body_html: null });
      await outbox.markSent(id);
      return { id: `outbox-${id}` };
    },
  };
}

/** Picks the provider from the configuration (decision 0025). */
export function createSmsProvider(config: Config, outbox: OutboxRepository): SmsProvider {
  if (config.twilioAccountSid && config.twilioAuthToken && config.twilioFrom) {
    return createTwilioSmsProvider({
      accountSid: config.twilioAccountSid,
      authToken: config.twilioAuthToken,
      from: config.twilioFrom,
      apiBase: config.twilioApiBase,
    });
  }
  if (config.demoMode) return createDemoSmsProvider(outbox);
  return {
    name: 'unconfigured',
    async send() {
      throw new SmsNotSentError('SMS is not configured (set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM).');
    },
  };
}
