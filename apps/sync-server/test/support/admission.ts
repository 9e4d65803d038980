import type { RegistrationField } from '@simvisit/schema';
import { Client } from './client';
import type { TestServer } from './test-server';

/*
 * Learners who registered themselves at a partner, for the admission gate's proofs (issue 21 item 1,
 * docs/decisions/0079): through HTTP, as the probe made them.
 */

const PASSWORD = 'a-long-secret-2026';
let seq = 0;

/** The registration link mailed to an address. */
export async function confirmationTokenFor(server: TestServer, email: string): Promise<string> {
  await server.services.mail.idle();
  const mail = (await server.services.mail.latest(200)).find((m) => m.recipient === email && m.subject?.includes('Confirm your email'));
  const match = mail?.body_text.match(/register\/confirm\/([A-Za-z0-9_-]+)\?/);
  if (!match) throw new Error(`no confirmation mail for ${email}`);
  return match[1]!;
}

/**
 * A learner registered at the partner and signed in there: unconfirmed (`confirmed: false`, the link never
 * followed), or confirmed by following the link, which signs them in (the brand's passcode not given).
 */
export async function registeredLearner(server: TestServer, slug: string, o: { confirmed: boolean; email?: string }) {
  const email = o.email ?? `admission-${++seq}-${Date.now().toString(36)}@register.simvisit.test`;
  const client = new Client(server);
  await client.csrf();
  // the partner's required fields answered, as the registration form asks them
  const form = (await (await client.get(`/api/register/form?partner_slug=${slug}`)).json()) as { registration_fields: RegistrationField[] };
  const custom_fields = form.registration_fields
    .filter((f) => f.required && f.partner_id !== 0)
    .map((f) => ({ registration_field_id: f.id, value: f.field_type === 'select' ? String(f.answers[0]!.id) : 'Gate-1' }));
  const registered = await client.post('/api/register', {
    partner_slug: slug,
    first_name: 'Gate',
    last_name: 'Learner',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    custom_fields,
  });
  if (registered.status !== 200) throw new Error(`registration of ${email} failed: ${registered.status} ${await registered.text()}`);
  if (o.confirmed) {
    const res = await client.post('/api/register/confirm-email', { token: await confirmationTokenFor(server, email) });
    if (res.status !== 200) throw new Error(`confirmation of ${email} failed: ${res.status} ${await res.text()}`);
  } else {
    const res = await client.login(email, PASSWORD, slug, { passcode: false });
    if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  }
  return { email, client };
}
