import { createHash, randomUUID } from 'node:crypto';
import { AGREEMENT_MESSAGES as M } from '@simvisit/schema';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeAgreement, signBody, signed } from './support/agreement-fixtures';
import { Client, json, signedIn } from './support/client';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe';
import { pdfText } from './support/pdf-text';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * Agreements (issue 19 items 4, 5; spec 002 §2.19, §5, §7; SECURITY.md AUTHZ-11, PWD-06, PAY-06, PAY-08, HTML-04):
 * a server on the real stripe SDK pointed at the fake Stripe, through HTTP.
 */
const SECRET = 'sk_test_fake_agreements';
const WEBHOOK_SECRET = 'whsec_test_agreements';
let fake: FakeStripe;
let server: TestServer;
let admin: Client;
let outsider: Client;

beforeAll(async () => {
  fake = await startFakeStripe(SECRET);
  server = await startTestServer({
    stripeSecretKey: SECRET,
    stripePublishableKey: 'pk_test_agreements',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiBase: fake.url,
  });
  admin = await signedIn(server, 'superadmin@demo.test');
  outsider = await signedIn(server, 'learner@demo.test');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const pay = (client: Client, id: number, over: Record<string, unknown> = {}) =>
  client.post('/api/agreement/payment', {
    agreement_id: id,
    name_on_card: 'Quinn Buyer',
    stripe_token: 'pm_card_visa',
    idempotency_key: randomUUID(),
    ...over,
  });
const quote = (id: number) => server.db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const partnersWithSlug = async (slug: string) =>
  (await server.db.selectFrom('partners').select('id').where('slug', 'like', `${slug}%`).execute()).length;
async function expectRefused(res: Response, status: number, message: string) {
  expect(res.status).toBe(status);
  const b = await json(res);
  expect([b.message, ...Object.values(b.errors ?? {}).flat()]).toContain(message);
}
function webhook(type: string, intentId: string, eventId = `evt_${randomUUID().replace(/-/g, '')}`) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    api_version: '2026-01-01',
    created: 1,
    data: { object: { id: intentId, object: 'payment_intent' } },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return new Client(server).request('POST', '/api/payments/stripe/webhook', {
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

describe('who reaches an agreement (AUTHZ-11, PWD-06)', () => {
  it('the requester and super admins only; others, and an undecided quote, get 404; anonymous 401', async () => {
    const a = await makeAgreement(server, admin);
    const mine = await json(await a.client.get('/api/agreements'));
    expect(mine.agreements).toEqual([{ id: a.id, title: `${a.company} Simulation`, state: 'unsigned' }]);
    expect((await json(await admin.get('/api/agreements'))).agreements.map((x: { id: number }) => x.id)).toContain(a.id);
    expect((await json(await outsider.get('/api/agreements'))).agreements.map((x: { id: number }) => x.id)).not.toContain(a.id);

    const shown = await json(await a.client.get(`/api/agreement?agreement_id=${a.id}`));
    expect(shown.agreement).toMatchObject({ id: a.id, state: 'unsigned', total_amount: a.totalText, total_amount_cents: a.totalCents });
    expect(shown.password).toBeNull();
    expect(shown.scenarios.map((s: { sessions: number }) => s.sessions).sort()).toEqual([4, 6]);
    expect((await admin.get(`/api/agreement?agreement_id=${a.id}`)).status).toBe(200);

    for (const res of [
      await outsider.get(`/api/agreement?agreement_id=${a.id}`),
      await outsider.get(`/api/agreement/pdf?agreement_id=${a.id}`),
      await outsider.post('/api/agreement/sign', signBody(a.id)),
      await pay(outsider, a.id),
      await outsider.post('/api/agreement/request-invoice', { agreement_id: a.id }),
    ]) {
      await expectRefused(res, 404, M.agreementNotFound);
    }
    expect((await quote(a.id)).is_agreement_signed).toBe(false);
    expect((await new Client(server).get(`/api/agreement?agreement_id=${a.id}`)).status).toBe(401);

    const undecided = await makeAgreement(server, admin, { approve: false });
    await expectRefused(await undecided.client.get(`/api/agreement?agreement_id=${undecided.id}`), 404, M.agreementNotFound);
    await expectRefused(await undecided.client.get(`/api/agreement/pdf?agreement_id=${undecided.id}`), 404, M.agreementNotFound);
    await expectRefused(await a.client.get('/api/agreement?agreement_id=0'), 422, M.agreementNotFound);
  });
});

describe('the agreement PDF (HTML-04)', () => {
  it('parses, names the parties and the total, is the same bytes each time and fetches nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const a = await makeAgreement(server, admin, { company: 'http://169.254.169.254/latest/meta-data' });
    const res = await a.client.get(`/api/agreement/pdf?agreement_id=${a.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const { text, pages } = await pdfText(bytes);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('http://169.254.169.254/latest/meta-data');
    expect(text).toContain(`$${a.totalText}`);
    expect(text).toContain('$125.50');
    expect(text).toContain('12 months');
    expect(text).toContain('2027-01-15');
    expect(text).not.toContain('Signed by');
    const again = new Uint8Array(await (await a.client.get(`/api/agreement/pdf?agreement_id=${a.id}`)).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});

describe('signing (spec 002 §5)', () => {
  it('refuses missing names and an incomplete billing contact with the spec words, and changes nothing', async () => {
    const a = await makeAgreement(server, admin);
    const res = await a.client.post('/api/agreement/sign', { agreement_id: a.id, first_name: ' ', last_name: '' });
    expect(res.status).toBe(422);
    const errors = (await json(res)).errors;
    expect(errors.first_name).toContain(M.firstNameRequired);
    expect(errors.last_name).toContain(M.lastNameRequired);
    const billing = await json(
      await a.client.post(
        '/api/agreement/sign',
        signBody(a.id, { billing_address: { name: '', email: 'x', phone: '12', address_1: '', city: '', state: 0, zip: '' } }),
      ),
    );
    const all = Object.values(billing.errors ?? {}).flat();
    for (const m of [
      M.billingNameRequired,
      M.billingEmailRequired,
      M.billingPhoneInvalid,
      M.billingAddressRequired,
      M.billingCityRequired,
      M.billingStateRequired,
      M.billingZipRequired,
    ]) {
      expect(all).toContain(m);
    }
    await expectRefused(
      await a.client.post('/api/agreement/sign', signBody(a.id, { first_name: 'x'.repeat(256) })),
      422,
      'This field must not be greater than 255 characters.',
    );
    expect((await a.client.post('/api/agreement/sign', signBody(a.id, { last_name: 'Bad\u0000name' }))).status).toBe(422);
    expect((await quote(a.id)).is_agreement_signed).toBe(false);
  });

  it('records signer, server time, address, browser and the SHA-256 of the PDF shown; a second signature is refused', async () => {
    const a = await makeAgreement(server, admin);
    const shown = new Uint8Array(await (await a.client.get(`/api/agreement/pdf?agreement_id=${a.id}`)).arrayBuffer());
    const texas = (await json(await a.client.get(`/api/agreement?agreement_id=${a.id}`))).states.find(
      (s: { short_name: string }) => s.short_name === 'TX',
    );
    const res = await a.client.post(
      '/api/agreement/sign',
      signBody(a.id, {
        billing_address: {
          name: 'Pat Payables',
          email: 'ap@acme.test',
          phone: '+1 415 555 0101',
          address_1: '1 Main St',
          city: 'Austin',
          state: texas.id,
          zip: '73301',
        },
      }),
      { headers: { 'user-agent': 'AgreementTest/1.0' } },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).agreement).toMatchObject({ state: 'signed', is_agreement_signed: true, signer_name: 'Quinn Buyer' });
    const q = await quote(a.id);
    expect(q).toMatchObject({
      signer_user_id: a.user.id,
      signer_first_name: 'Quinn',
      signer_last_name: 'Buyer',
      signer_user_agent: 'AgreementTest/1.0',
    });
    expect(q.signer_ip).toBeTruthy();
    expect(q.agreement_pdf_sha256).toBe(createHash('sha256').update(shown).digest('hex'));
    expect((q.billing_contact as { email: string }).email).toBe('ap@acme.test');
    const signedPdf = await pdfText(new Uint8Array(await (await a.client.get(`/api/agreement/pdf?agreement_id=${a.id}`)).arrayBuffer()));
    expect(signedPdf.text).toContain('Quinn Buyer');
    expect(signedPdf.text).toContain(q.agreement_pdf_sha256!);
    await expectRefused(await a.client.post('/api/agreement/sign', signBody(a.id)), 409, M.alreadySigned);
    const audit = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'quote')
      .where('target_id', '=', String(a.id))
      .execute();
    expect(audit.map((r) => r.action)).toContain('agreement.signed');
  });

  it('a rejected quote shows the rejected state and refuses signing and paying', async () => {
    const a = await makeAgreement(server, admin, { reject: true });
    const shown = (await json(await a.client.get(`/api/agreement?agreement_id=${a.id}`))).agreement;
    expect(shown.state).toBe('rejected');
    // rejected before it was built: no brand title yet, so the company names it (the page's heading, the list's View)
    expect(shown.title).toBe(`Quote for ${a.company}`);
    const listed = (await json(await a.client.get('/api/agreements'))).agreements;
    expect(listed).toContainEqual({ id: a.id, title: `Quote for ${a.company}`, state: 'rejected' });
    await expectRefused(await a.client.post('/api/agreement/sign', signBody(a.id)), 409, M.rejected);
    await expectRefused(await pay(a.client, a.id), 409, M.rejected);
  });
});

describe('card payment and finalizing (PAY-08, PAY-06)', () => {
  it('refuses an unsigned agreement; charges the server total once, finalizes, and refuses paying again', async () => {
    const a = await makeAgreement(server, admin);
    await expectRefused(await pay(a.client, a.id), 409, M.notSigned);
    await expectRefused(await pay(a.client, a.id, { name_on_card: '' }), 422, M.nameOnCardRequired);
    await a.client.post('/api/agreement/sign', signBody(a.id));
    const before = fake.created();
    const res = await pay(a.client, a.id);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ status: 'succeeded', message: M.paymentSubmitted, pending_partner: { id: a.id, slug: a.slug } });
    expect(fake.created()).toBe(before + 1);
    const intent = [...fake.intents.values()].find((i) => i.metadata.quote_id === String(a.id))!;
    expect(intent.amount).toBe(a.totalCents);

    const q = await quote(a.id);
    expect(q).toMatchObject({ is_payment_made: true, partner_id: body.pending_partner.partner_id });
    expect(q.finalized_at).not.toBeNull();
    const partner = await server.db.selectFrom('partners').selectAll().where('id', '=', q.partner_id!).executeTakeFirstOrThrow();
    expect(partner).toMatchObject({
      slug: a.slug,
      long_name: `${a.company} Simulation`,
      is_sim: true,
      seats: 10,
      used_seats: 0,
      enable_password: true,
    });
    expect(partner.password).toBe(body.password);
    const dates = await server.db
      .selectFrom('partners')
      .select([(eb) => eb.cast<string>('start_date', 'text').as('s'), (eb) => eb.cast<string>('end_date', 'text').as('e')])
      .where('id', '=', partner.id)
      .executeTakeFirstOrThrow();
    expect(dates).toEqual({ s: '2027-01-15', e: '2028-01-15' });
    const distributed = await server.db
      .selectFrom('scenario_partners')
      .select('scenario_id')
      .where('partner_id', '=', partner.id)
      .execute();
    expect(distributed.map((s) => String(s.scenario_id)).sort()).toEqual([...a.scenarioIds].sort());
    const roles = await server.db
      .selectFrom('user_roles')
      .select(['role_id', 'is_approved'])
      .where('user_id', '=', a.user.id)
      .where('partner_id', '=', partner.id)
      .execute();
    expect(roles).toEqual([{ role_id: 9, is_approved: true }]);
    expect(await server.db.selectFrom('client_admin_partners').select('user_id').where('partner_id', '=', partner.id).execute()).toEqual([
      { user_id: a.user.id },
    ]);

    const shown = await json(await a.client.get(`/api/agreement?agreement_id=${a.id}`));
    expect(shown.agreement.state).toBe('finalized');
    expect(shown.password).toBe(partner.password);
    expect((await json(await admin.get(`/api/agreement?agreement_id=${a.id}`))).password).toBe(partner.password);
    await expectRefused(await outsider.get(`/api/agreement?agreement_id=${a.id}`), 404, M.agreementNotFound);

    await expectRefused(await pay(a.client, a.id), 409, M.alreadyPaid);
    expect(fake.created()).toBe(before + 1);
    await server.services.mail.idle();
    const mails = (await server.services.mail.latest(300)).filter((m) => m.recipient === a.user.email);
    expect(mails.some((m) => m.subject?.endsWith('Payment received') && m.body_text.includes(partner.password!))).toBe(true);
    const audit = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'quote')
      .where('target_id', '=', String(a.id))
      .execute();
    expect(audit.map((r) => r.action)).toContain('agreement.finalized');
  });

  it('webhook, page and a second tab reporting success at once, and a webhook replay, make exactly one partner', async () => {
    const a = await signed(server, admin);
    const first = await json(await pay(a.client, a.id, { stripe_token: 'pm_card_authenticationRequiredOnSetup' }));
    expect(first.status).toBe('requires_action');
    // a second tab with another idempotency key continues the same attempt: no second charge
    const before = fake.created();
    const second = await json(await pay(a.client, a.id, { stripe_token: 'pm_card_authenticationRequiredOnSetup' }));
    expect(second.payment_id).toBe(first.payment_id);
    expect(fake.created()).toBe(before);
    const payment = await server.db.selectFrom('payments').selectAll().where('id', '=', first.payment_id).executeTakeFirstOrThrow();
    fake.authenticate(payment.provider_intent_id!, true);
    const event = `evt_${randomUUID().replace(/-/g, '')}`;
    const results = await Promise.all([
      a.client.post('/api/visit-request/payment/confirm', { payment_id: first.payment_id }),
      a.client.post('/api/visit-request/payment/confirm', { payment_id: first.payment_id }),
      webhook('payment_intent.succeeded', payment.provider_intent_id!, event),
      webhook('payment_intent.succeeded', payment.provider_intent_id!, event),
    ]);
    for (const r of results) expect(r.status, await r.clone().text()).toBe(200);
    expect((await webhook('payment_intent.succeeded', payment.provider_intent_id!, event)).status).toBe(200);
    expect(await partnersWithSlug(a.slug)).toBe(1);
    const q = await quote(a.id);
    expect(q.finalized_at).not.toBeNull();
    const finalized = await server.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'agreement.finalized')
      .where('target_id', '=', String(a.id))
      .execute();
    expect(finalized).toHaveLength(1);
  });

  it('the webhook alone finalizes a payment whose page never came back', async () => {
    const a = await signed(server, admin);
    const first = await json(await pay(a.client, a.id, { stripe_token: 'pm_card_authenticationRequiredOnSetup' }));
    const payment = await server.db.selectFrom('payments').selectAll().where('id', '=', first.payment_id).executeTakeFirstOrThrow();
    fake.authenticate(payment.provider_intent_id!, true);
    expect((await webhook('payment_intent.succeeded', payment.provider_intent_id!)).status).toBe(200);
    expect((await quote(a.id)).partner_id).not.toBeNull();
    expect(await partnersWithSlug(a.slug)).toBe(1);
  });

  it('the page sending the payment again after authentication finalizes it without a second charge', async () => {
    const a = await signed(server, admin);
    const key = randomUUID();
    const first = await json(await pay(a.client, a.id, { stripe_token: 'pm_card_authenticationRequiredOnSetup', idempotency_key: key }));
    expect(first.status).toBe('requires_action');
    // before authentication the same call still says requires_action (the browser's word is not enough)
    expect((await json(await pay(a.client, a.id, { idempotency_key: key }))).status).toBe('requires_action');
    expect((await quote(a.id)).partner_id).toBeNull();
    const payment = await server.db.selectFrom('payments').selectAll().where('id', '=', first.payment_id).executeTakeFirstOrThrow();
    fake.authenticate(payment.provider_intent_id!, true);
    const before = fake.created();
    const done = await json(await pay(a.client, a.id, { idempotency_key: key }));
    expect(done.status).toBe('succeeded');
    expect(done.password).toEqual(expect.any(String));
    expect(fake.created()).toBe(before);
    expect(await partnersWithSlug(a.slug)).toBe(1);
  });

  it('a declined card changes nothing and a later good card pays', async () => {
    const a = await signed(server, admin);
    const res = await pay(a.client, a.id, { stripe_token: 'pm_card_chargeDeclined' });
    expect(res.status).toBe(402);
    expect((await quote(a.id)).is_payment_made).toBe(false);
    expect((await pay(a.client, a.id)).status).toBe(200);
    expect((await quote(a.id)).is_payment_made).toBe(true);
  });

  it("the new partner's branded login and registration work at once, and a learner holds a seat", async () => {
    const a = await signed(server, admin);
    expect((await pay(a.client, a.id)).status).toBe(200);
    const anon = new Client(server);
    await anon.csrf();
    expect(await json(await anon.post('/api/partner/single', { partner_slug: a.slug }))).toMatchObject({
      slug: a.slug,
      is_sim: true,
      enable_password: true,
    });
    const reg = await anon.post('/api/register', {
      partner_slug: a.slug,
      first_name: 'Riley',
      last_name: 'Learner',
      email: `learner-${randomUUID()}@test.simvisit.test`,
      password: 'a-long-secret-2026',
      password_confirmation: 'a-long-secret-2026',
      custom_fields: [],
    });
    expect(reg.status, await reg.clone().text()).toBe(200);
    const partner = await server.db
      .selectFrom('partners')
      .select(['used_seats', 'held_seats', 'seats'])
      .where('slug', '=', a.slug)
      .executeTakeFirstOrThrow();
    // held until the learner follows the emailed link (issue 21 item 2, decision 0080)
    expect(partner).toEqual({ used_seats: 0, held_seats: 1, seats: 10 });
  });
});
