import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe's PaymentIntents API, enough for the real `stripe` SDK pointed at it (DESIGN.md §7):
 * create-and-confirm with Stripe's test PaymentMethod ids, retrieve, Idempotency-Key replay, Stripe's error
 * shape for declines. Tests drive the authentication step with `authenticate`.
 */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  payment_method: string;
  metadata: Record<string, string>;
  next_action: { type: string } | null;
  last_payment_error: { type: string; code: string; message: string } | null;
}

export interface FakeStripe {
  url: string;
  intents: Map<string, FakeIntent>;
  /** PaymentIntents created (idempotent replays are not counted): the number of charges attempted */
  created: () => number;
  authenticate(id: string, ok: boolean): void;
  close(): Promise<void>;
}

const DECLINE = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
const AUTH_FAILED = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const replies = new Map<string, { status: number; body: unknown }>();
  let created = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
    res.end(JSON.stringify(body));
  };

  function createIntent(form: URLSearchParams): { status: number; body: unknown } {
    const id = `pi_${randomBytes(10).toString('hex')}`;
    const metadata: Record<string, string> = {};
    for (const [k, v] of form) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]!] = v;
    }
    const pm = form.get('payment_method') ?? '';
    const known = ['pm_card_visa', 'pm_card_chargeDeclined', 'pm_card_authenticationRequiredOnSetup'];
    if (!known.includes(pm)) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'payment_method',
            message: `No such PaymentMethod: '${pm}'`,
          },
        },
      };
    }
    created++;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      currency: form.get('currency') ?? 'usd',
      status: 'succeeded',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      payment_method: pm,
      metadata,
      next_action: null,
      last_payment_error: null,
    };
    intents.set(id, intent);
    if (pm === 'pm_card_chargeDeclined') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = DECLINE;
      return { status: 402, body: { error: { ...DECLINE, payment_intent: intent } } };
    }
    if (pm === 'pm_card_authenticationRequiredOnSetup') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk' };
    }
    return { status: 200, body: intent };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'];
      const cached = typeof key === 'string' ? replies.get(key) : undefined;
      // Stripe replays the first answer to a key as it was then (a snapshot), not the intent's state now.
      const reply = cached ?? structuredClone(createIntent(new URLSearchParams(raw)));
      if (typeof key === 'string' && !cached) replies.set(key, reply);
      return send(res, reply.status, reply.body);
    }
    const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      const intent = intents.get(one[1]!);
      if (!intent) return send(res, 404, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${one[1]}'` } });
      return send(res, 200, intent);
    }
    return send(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => send(res, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    created: () => created,
    authenticate(id, ok) {
      const intent = intents.get(id);
      if (intent?.status !== 'requires_action') throw new Error(`intent ${id} is not awaiting authentication`);
      intent.next_action = null;
      if (ok) intent.status = 'succeeded';
      else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = AUTH_FAILED;
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
