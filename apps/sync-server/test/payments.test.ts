import { randomUUID } from 'node:crypto';
import { demoTokenize, PAYMENT_MESSAGES as M, STRIPE_DECLINE_MESSAGE } from '@simvisit/schema';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createPaymentProvider } from '../src/features/payments/payment-providers';
import { Client, json, signedIn } from './support/client';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * Visit payments (issue 5; spec 001 §4, §5, §7, §9; SECURITY.md PAY-01..PAY-06): one server on the real
 * `stripe` SDK pointed at a local fake Stripe, one on the demo provider (no keys), both through HTTP.
 */
const SECRET = 'sk_test_fake_simvisit';
const WEBHOOK_SECRET = 'whsec_test_simvisit';
const FEE_45_TOTAL = { fee: '45.00', processing_fee: '1.65', total: '46.65', total_cents: 4665 };

let fake: FakeStripe;
let stripeServer: TestServer;
let demoServer: TestServer;
let learner: Client;
let learner2: Client;
let admin: Client;
let demoLearner: Client;
let paidScenario: string;
let freeScenario: string;
let northfieldScenario: string;
let approvedScenario: string;
let requestIds = 1000;

const key = () => randomUUID();
const scenarioId = async (server: TestServer, title: string) =>
  (await server.db.selectFrom('scenarios').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
const pay = (client: Client, body: Record<string, unknown>) =>
  client.post('/api/visit-request/payment', { scenario_id: paidScenario, name_on_card: 'Lee Learner', idempotency_key: key(), ...body });
const auditCount = async (server: TestServer, paymentId: number, action: string) =>
  (
    await server.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', action)
      .where('target_type', '=', 'payment')
      .where('target_id', '=', String(paymentId))
      .execute()
  ).length;

/** The visit request creation (later in issue 5) uses a succeeded payment; here it is simulated. */
async function useForRequest(server: TestServer, paymentId: number) {
  expect(await server.services.payments.attachRequest(paymentId, requestIds++)).toBe(true);
}

function webhook(payload: string, header?: string) {
  const client = new Client(stripeServer);
  return client.request('POST', '/api/payments/stripe/webhook', {
    body: payload,
    headers: { 'content-type': 'application/json', ...(header === undefined ? {} : { 'stripe-signature': header }) },
  });
}
function signedEvent(id: string, type: string, object: Record<string, unknown>, timestamp?: number) {
  const payload = JSON.stringify({ id, object: 'event', type, api_version: '2026-01-01', created: 1, data: { object } }, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...(timestamp ? { timestamp } : {}) });
  return { payload, header };
}

beforeAll(async () => {
  fake = await startFakeStripe(SECRET);
  stripeServer = await startTestServer({
    stripeSecretKey: SECRET,
    stripePublishableKey: 'pk_test_simvisit',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiBase: fake.url,
  });
  demoServer = await startTestServer();
  learner = await signedIn(stripeServer, 'learner@demo.test');
  learner2 = await signedIn(stripeServer, 'learner2@demo.test', 'northfield');
  admin = await signedIn(stripeServer, 'admin@demo.test');
  demoLearner = await signedIn(demoServer, 'learner@demo.test');
  paidScenario = await scenarioId(stripeServer, 'Acute low back pain');
  freeScenario = await scenarioId(stripeServer, 'Annual wellness visit');
  northfieldScenario = await scenarioId(stripeServer, 'Post-operative care call');
  approvedScenario = await scenarioId(stripeServer, 'Pediatric asthma follow-up');
  expect(await scenarioId(demoServer, 'Acute low back pain')).toBe(paidScenario);
});
afterAll(async () => {
  await stripeServer?.close();
  await demoServer?.close();
  await fake?.close();
});

describe('check for payment (spec 001 §4, §9)', () => {
  it('computes the fee, processing fee and total on the server', async () => {
    const res = await learner.post('/api/visit-request/check-for-payment', {
      scenario_id: paidScenario,
      visit_date_one: '2026-12-01 10:00:00',
      has_credit: true,
      processing_fee: '0.00',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({
      ...FEE_45_TOTAL,
      fee_cents: 4500,
      processing_fee_cents: 165,
      credit: null,
      has_credit: false,
      payment_required: true,
      provider: 'stripe',
      publishable_key: 'pk_test_simvisit',
    });
  });

  it('needs no card when the scenario has no fee', async () => {
    const body = await json(await learner.post('/api/visit-request/check-for-payment', { scenario_id: freeScenario }));
    expect(body).toMatchObject({ fee: '0.00', processing_fee: '0.00', total: '0.00', payment_required: false, provider: null });
    const res = await pay(learner, { scenario_id: freeScenario, stripe_token: 'pm_card_visa' });
    expect(res.status).toBe(422);
    expect((await json(res)).message).toBe(M.noFee);
  });

  it('applies a credit only when it equals the total (PAY-01)', async () => {
    const user = await stripeServer.db.selectFrom('users').select('id').where('email', '=', 'learner2@demo.test').executeTakeFirstOrThrow();
    const other = await stripeServer.db.selectFrom('users').select('id').where('email', '=', 'learner@demo.test').executeTakeFirstOrThrow();
    // A credit of the fee without the processing fee does not count.
    expect(
      await stripeServer.services.payments.grantCredit({
        userId: other.id,
        scenarioId: paidScenario,
        amountCents: 4500,
        sourcePaymentId: null,
      }),
    ).toBe(true);
    let body = await json(await learner.post('/api/visit-request/check-for-payment', { scenario_id: paidScenario }));
    expect(body).toMatchObject({ credit: '45.00', has_credit: false, payment_required: true });
    // One open credit per user and scenario.
    expect(
      await stripeServer.services.payments.grantCredit({
        userId: other.id,
        scenarioId: paidScenario,
        amountCents: 4665,
        sourcePaymentId: null,
      }),
    ).toBe(false);
    await stripeServer.db.updateTable('payment_credits').set({ amount_cents: 4665 }).where('user_id', '=', other.id).execute();
    body = await json(await learner.post('/api/visit-request/check-for-payment', { scenario_id: paidScenario }));
    expect(body).toMatchObject({ credit: '46.65', has_credit: true, payment_required: false });
    const res = await pay(learner, { stripe_token: 'pm_card_visa' });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(M.creditCovers);
    // Used once, the credit is gone.
    const credit = await stripeServer.services.payments.creditFor(other.id, paidScenario);
    expect(await stripeServer.services.payments.useCredit(credit!.id)).toBe(true);
    expect(await stripeServer.services.payments.useCredit(credit!.id)).toBe(false);
    body = await json(await learner.post('/api/visit-request/check-for-payment', { scenario_id: paidScenario }));
    expect(body).toMatchObject({ credit: null, has_credit: false, payment_required: true });
    expect(user.id).not.toBe(other.id);
  });

  it('refuses scenarios the learner cannot book', async () => {
    expect((await learner2.post('/api/visit-request/check-for-payment', { scenario_id: paidScenario })).status).toBe(403);
    expect((await learner.post('/api/visit-request/check-for-payment', { scenario_id: northfieldScenario })).status).toBe(403);
    expect((await learner.post('/api/visit-request/check-for-payment', { scenario_id: 999999 })).status).toBe(404);
    const notPublished = await admin.post('/api/visit-request/check-for-payment', { scenario_id: approvedScenario });
    expect(notPublished.status).toBe(409);
    expect((await json(notPublished)).message).toBe(M.notBookable);
    const missing = await learner.post('/api/visit-request/check-for-payment', {});
    expect(missing.status).toBe(422);
  });
});

describe('card payment through Stripe (real SDK, fake Stripe server)', () => {
  it('charges the server total and succeeds, whatever amount the client sends (PAY-01)', async () => {
    const before = fake.created();
    const res = await pay(learner, {
      stripe_token: 'pm_card_visa',
      amount: 1,
      amount_cents: 1,
      processing_fee: '0.00',
      total: '0.01',
      has_credit: true,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ status: 'succeeded', amount: '46.65', amount_cents: 4665, message: M.submitted });
    expect(body.client_secret).toBeUndefined();
    expect(fake.created()).toBe(before + 1);
    const intent = [...fake.intents.values()].at(-1)!;
    expect(intent).toMatchObject({
      amount: 4665,
      currency: 'usd',
      metadata: { payment_id: String(body.payment_id), scenario_id: paidScenario },
    });
    const row = await stripeServer.db.selectFrom('payments').selectAll().where('id', '=', body.payment_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'succeeded',
      amount_cents: 4665,
      fee_cents: 4500,
      processing_fee_cents: 165,
      provider: 'stripe',
      provider_intent_id: intent.id,
    });
    expect(await auditCount(stripeServer, body.payment_id, 'payment.succeeded')).toBe(1);

    const learnerId = row.user_id;
    expect(await stripeServer.services.payments.confirmedPayment(body.payment_id, learnerId)).toMatchObject({ id: body.payment_id });
    expect(await stripeServer.services.payments.confirmedPayment(body.payment_id, learnerId + 1)).toBeNull();
    // A second payment while this one waits for its request is refused (no double charge across tabs).
    const again = await pay(learner, { stripe_token: 'pm_card_visa' });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe(M.alreadyPaid);
    await useForRequest(stripeServer, body.payment_id);
    expect(await stripeServer.services.payments.confirmedPayment(body.payment_id, learnerId)).toBeNull();
    expect(await stripeServer.services.payments.attachRequest(body.payment_id, requestIds++)).toBe(false);
  });

  it('refuses a declined card with Stripe’s message, records it and lets the learner retry (PAY-03)', async () => {
    const idempotency_key = key();
    const res = await pay(learner, { stripe_token: 'pm_card_chargeDeclined', idempotency_key });
    expect(res.status).toBe(402);
    expect((await json(res)).message).toBe(STRIPE_DECLINE_MESSAGE);
    const row = await stripeServer.db
      .selectFrom('payments')
      .selectAll()
      .where('idempotency_key', '=', idempotency_key)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', error_message: STRIPE_DECLINE_MESSAGE });
    expect(row.provider_intent_id).toMatch(/^pi_/);
    expect(await stripeServer.services.payments.confirmedPayment(row.id, row.user_id)).toBeNull();
    // The same attempt replays its answer without another charge.
    const created = fake.created();
    const replay = await pay(learner, { stripe_token: 'pm_card_visa', idempotency_key });
    expect(replay.status).toBe(402);
    expect(fake.created()).toBe(created);
    // A new attempt with another card goes through.
    const retry = await pay(learner, { stripe_token: 'pm_card_visa' });
    expect(retry.status).toBe(200);
    await useForRequest(stripeServer, (await json(retry)).payment_id);
  });

  it('refuses an unknown payment method with the provider’s message', async () => {
    const res = await pay(learner, { stripe_token: 'pm_card_nonexistent' });
    expect(res.status).toBe(402);
    expect((await json(res)).message).toBe("No such PaymentMethod: 'pm_card_nonexistent'");
  });

  it('hands 3-D Secure to the browser, then confirms from Stripe’s state (PAY-04)', async () => {
    const res = await pay(learner, { stripe_token: 'pm_card_authenticationRequiredOnSetup' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      status: 'requires_action',
      next_action: 'use_stripe_sdk',
      client_secret: expect.stringMatching(/^pi_.+_secret_/),
    });
    const row = await stripeServer.db.selectFrom('payments').selectAll().where('id', '=', body.payment_id).executeTakeFirstOrThrow();
    expect(await stripeServer.services.payments.confirmedPayment(body.payment_id, row.user_id)).toBeNull();
    // The browser's word is not enough: before authentication, confirm still says requires_action.
    const early = await json(await learner.post('/api/visit-request/payment/confirm', { payment_id: body.payment_id }));
    expect(early.status).toBe('requires_action');
    // Someone else cannot read or confirm it.
    expect((await learner2.post('/api/visit-request/payment/confirm', { payment_id: body.payment_id })).status).toBe(404);
    fake.authenticate(row.provider_intent_id!, true);
    const done = await learner.post('/api/visit-request/payment/confirm', { payment_id: body.payment_id });
    expect(done.status).toBe(200);
    expect(await json(done)).toMatchObject({ status: 'succeeded', message: M.submitted, amount: '46.65' });
    expect(await stripeServer.services.payments.confirmedPayment(body.payment_id, row.user_id)).not.toBeNull();
    await useForRequest(stripeServer, body.payment_id);
  });

  it('reports a failed authentication with Stripe’s message', async () => {
    const body = await json(await pay(learner, { stripe_token: 'pm_card_authenticationRequiredOnSetup' }));
    const row = await stripeServer.db.selectFrom('payments').selectAll().where('id', '=', body.payment_id).executeTakeFirstOrThrow();
    fake.authenticate(row.provider_intent_id!, false);
    const res = await learner.post('/api/visit-request/payment/confirm', { payment_id: body.payment_id });
    expect(res.status).toBe(402);
    expect((await json(res)).message).toBe(M.authenticationFailed);
  });

  it('charges once for a double submit and answers every copy the same (PAY-02)', async () => {
    const idempotency_key = key();
    const before = fake.created();
    const responses = await Promise.all(Array.from({ length: 5 }, () => pay(learner, { stripe_token: 'pm_card_visa', idempotency_key })));
    const bodies = await Promise.all(responses.map((r) => json(r)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(bodies.map((b) => b.payment_id)).size).toBe(1);
    expect(bodies.every((b) => b.status === 'succeeded')).toBe(true);
    expect(fake.created()).toBe(before + 1);
    const rows = await stripeServer.db.selectFrom('payments').select('id').where('idempotency_key', '=', idempotency_key).execute();
    expect(rows).toHaveLength(1);
    // A retry after a timeout replays the same answer, still one charge.
    const retry = await json(await pay(learner, { stripe_token: 'pm_card_visa', idempotency_key }));
    expect(retry.payment_id).toBe(bodies[0].payment_id);
    expect(fake.created()).toBe(before + 1);
    // The same key for another scenario is refused.
    const reused = await pay(learner, { stripe_token: 'pm_card_visa', idempotency_key, scenario_id: freeScenario });
    expect(reused.status).toBe(409);
    await useForRequest(stripeServer, bodies[0].payment_id);
  });

  it('validates the card form with the spec’s words', async () => {
    let res = await pay(learner, { stripe_token: 'pm_card_visa', name_on_card: '' });
    expect(res.status).toBe(422);
    expect((await json(res)).errors.name_on_card).toEqual([M.nameOnCardRequired]);
    res = await pay(learner, { stripe_token: 'pm_card_visa', name_on_card: 'x'.repeat(101) });
    expect(res.status).toBe(422);
    expect((await json(res)).errors.name_on_card).toEqual([M.nameOnCardTooLong]);
    // A card number is never accepted as a token (PAY-09).
    res = await pay(learner, { stripe_token: '4242424242424242' });
    expect(res.status).toBe(422);
  });
});

describe('Stripe webhooks (PAY-05, PAY-06)', () => {
  async function awaitingAuthentication() {
    const body = await json(await pay(learner, { stripe_token: 'pm_card_authenticationRequiredOnSetup' }));
    const row = await stripeServer.db.selectFrom('payments').selectAll().where('id', '=', body.payment_id).executeTakeFirstOrThrow();
    return row;
  }

  it('processes a verified event once; a replay changes nothing', async () => {
    const row = await awaitingAuthentication();
    fake.authenticate(row.provider_intent_id!, true);
    // The event body claims nothing the server trusts: the state is re-fetched from Stripe.
    const event = signedEvent(`evt_${randomUUID()}`, 'payment_intent.succeeded', {
      id: row.provider_intent_id,
      object: 'payment_intent',
      status: 'succeeded',
    });
    const first = await webhook(event.payload, event.header);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await json(first)).toEqual({ received: true });
    const after = await stripeServer.db.selectFrom('payments').select('status').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('succeeded');
    expect(await auditCount(stripeServer, row.id, 'payment.succeeded')).toBe(1);

    // Put the row back to prove the replay has no effect at all.
    await stripeServer.db.updateTable('payments').set({ status: 'requires_action' }).where('id', '=', row.id).execute();
    const replay = await webhook(event.payload, event.header);
    expect(replay.status).toBe(200);
    const still = await stripeServer.db.selectFrom('payments').select('status').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(still.status).toBe('requires_action');
    expect(await auditCount(stripeServer, row.id, 'payment.succeeded')).toBe(1);
    const events = await stripeServer.db.selectFrom('payment_events').select('event_id').where('payment_id', '=', row.id).execute();
    expect(events).toHaveLength(1);
    await stripeServer.db.updateTable('payments').set({ status: 'succeeded' }).where('id', '=', row.id).execute();
    await useForRequest(stripeServer, row.id);
  });

  it('records refunds from charge.refunded', async () => {
    const body = await json(await pay(learner, { stripe_token: 'pm_card_visa' }));
    const row = await stripeServer.db.selectFrom('payments').selectAll().where('id', '=', body.payment_id).executeTakeFirstOrThrow();
    const event = signedEvent(`evt_${randomUUID()}`, 'charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: row.provider_intent_id,
      amount_refunded: 1000,
    });
    expect((await webhook(event.payload, event.header)).status).toBe(200);
    const after = await stripeServer.db
      .selectFrom('payments')
      .select('amount_refunded_cents')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.amount_refunded_cents).toBe(1000);
    await useForRequest(stripeServer, row.id);
  });

  it('refuses a missing or bad signature, a re-serialized body and an old timestamp with 400 and no effect', async () => {
    const row = await awaitingAuthentication();
    fake.authenticate(row.provider_intent_id!, true);
    const object = { id: row.provider_intent_id, object: 'payment_intent' };
    const good = signedEvent(`evt_${randomUUID()}`, 'payment_intent.succeeded', object);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: good.payload, secret: 'whsec_wrong' });
    const old = signedEvent(`evt_${randomUUID()}`, 'payment_intent.succeeded', object, Math.floor(Date.now() / 1000) - 600);
    const attempts = [
      await webhook(good.payload),
      await webhook(good.payload, forged),
      await webhook(good.payload, 't=1,v1=deadbeef'),
      await webhook(JSON.stringify(JSON.parse(good.payload)), good.header),
      await webhook(old.payload, old.header),
    ];
    expect(attempts.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect((await json(attempts[1]!)).message).toBe('Invalid signature.');
    const after = await stripeServer.db.selectFrom('payments').select('status').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('requires_action');
    const events = await stripeServer.db.selectFrom('payment_events').select('event_id').where('payment_id', '=', row.id).execute();
    expect(events).toHaveLength(0);
  });

  it('has no webhook or demo authentication without the matching provider', async () => {
    const res = await new Client(demoServer).request('POST', '/api/payments/stripe/webhook', {
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(404);
    const auth = await learner.post('/api/payments/demo/authenticate', { client_secret: 'pi_x_secret_y', result: 'complete' });
    expect(auth.status).toBe(404);
  });
});

describe('demo provider (no Stripe keys): Stripe’s published test cards', () => {
  const token = (number: string) => {
    const t = demoTokenize(number);
    if (!('payment_method' in t)) throw new Error(t.error);
    return t.payment_method;
  };
  const demoPay = (body: Record<string, unknown>) => pay(demoLearner, body);

  it('says the demo provider takes the card', async () => {
    const body = await json(await demoLearner.post('/api/visit-request/check-for-payment', { scenario_id: paidScenario }));
    expect(body).toMatchObject({ ...FEE_45_TOTAL, provider: 'demo', publishable_key: null, payment_required: true });
  });

  it('declines 4000 0000 0000 0002 with Stripe’s decline message', async () => {
    const res = await demoPay({ stripe_token: token('4000000000000002') });
    expect(res.status).toBe(402);
    expect((await json(res)).message).toBe(STRIPE_DECLINE_MESSAGE);
  });

  it('accepts 4242 4242 4242 4242 once per submit', async () => {
    const idempotency_key = key();
    const [a, b] = await Promise.all([
      demoPay({ stripe_token: token('4242424242424242'), idempotency_key }),
      demoPay({ stripe_token: token('4242424242424242'), idempotency_key }),
    ]);
    const body = await json(a!);
    expect(a!.status).toBe(200);
    expect(body).toMatchObject({ status: 'succeeded', amount: '46.65', message: M.submitted });
    expect((await json(b!)).payment_id).toBe(body.payment_id);
    const intents = await demoServer.db
      .selectFrom('demo_payment_intents')
      .select(['amount', 'status'])
      .where('status', '=', 'succeeded')
      .execute();
    expect(intents).toEqual([{ amount: 4665, status: 'succeeded' }]);
    await useForRequest(demoServer, body.payment_id);
  });

  it('asks 4000 0025 0000 3155 for authentication, which the browser completes', async () => {
    const body = await json(await demoPay({ stripe_token: token('4000002500003155') }));
    expect(body).toMatchObject({
      status: 'requires_action',
      next_action: 'demo_authenticate',
      client_secret: expect.stringMatching(/^pi_demo_/),
    });
    // A wrong secret changes nothing.
    expect(
      (await demoLearner.post('/api/payments/demo/authenticate', { client_secret: 'pi_demo_x_secret_y', result: 'complete' })).status,
    ).toBe(404);
    const auth = await demoLearner.post('/api/payments/demo/authenticate', { client_secret: body.client_secret, result: 'complete' });
    expect(auth.status).toBe(200);
    const done = await demoLearner.post('/api/visit-request/payment/confirm', { payment_id: body.payment_id });
    expect(await json(done)).toMatchObject({ status: 'succeeded', message: M.submitted });
    await useForRequest(demoServer, body.payment_id);
  });

  it('reports a failed authentication', async () => {
    const body = await json(await demoPay({ stripe_token: token('4000002500003155') }));
    await demoLearner.post('/api/payments/demo/authenticate', { client_secret: body.client_secret, result: 'fail' });
    const res = await demoLearner.post('/api/visit-request/payment/confirm', { payment_id: body.payment_id });
    expect(res.status).toBe(402);
    expect((await json(res)).message).toBe(M.authenticationFailed);
  });

  it('offers no test-card provider in production without Stripe keys', () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.demoMode).toBe(false);
    expect(createPaymentProvider(demoServer.db, { ...production, stripeSecretKey: null })).toBeNull();
    expect(createPaymentProvider(demoServer.db, { ...production, stripeSecretKey: 'sk_test_x' })?.name).toBe('stripe');
  });
});

describe('what the deployment says of Stripe.js (decision 0090)', () => {
  it('names Stripe payments only with both keys: only then may the card form load the third-party script', async () => {
    expect((await json(await learner.get('/api/config'))).stripe_payments).toBe(true);
    expect((await json(await demoLearner.get('/api/config'))).stripe_payments).toBe(false);
  });
});
