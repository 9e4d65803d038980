import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTwilioMessage {
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

/**
 * A local stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json), answering in
 * Twilio's shapes so the real `twilio` SDK can be pointed at it. It checks HTTP Basic auth like Twilio does
 * and refuses the numbers in `refuse` with Twilio's 21211 error.
 */
export async function startFakeTwilio(credentials: { accountSid: string; authToken: string }) {
  const messages: FakeTwilioMessage[] = [];
  const refuse = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const expected = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        return reply(401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
      }
      const match = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match || match[1] !== credentials.accountSid) {
        return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      if (refuse.has(to)) {
        return reply(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
      }
      const message: FakeTwilioMessage = {
        accountSid: match[1],
        to,
        from: form.get('From'),
        messagingServiceSid: form.get('MessagingServiceSid'),
        body: form.get('Body') ?? '',
      };
      messages.push(message);
      const now = new Date().toUTCString();
      return reply(201, {
        sid: `SM${randomBytes(16).toString('hex')}`,
        account_sid: match[1],
        to,
        from: message.from,
        messaging_service_sid: message.messagingServiceSid,
        body: message.body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: now,
        date_updated: now,
        date_sent: null,
        price: null,
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${match[1]}/Messages.json`,
        subresource_uris: {},
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    messages,
    refuse,
    /** The last message texted to a number. */
    lastTo: (to: string) => [...messages].reverse().find((m) => m.to === to),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
