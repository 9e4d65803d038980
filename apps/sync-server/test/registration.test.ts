import { REGISTRATION_MESSAGES as M, ROLE } from '@simvisit/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPreApprovedEmailsRepository } from '../src/features/pre-approved-emails/pre-approved-emails.repository';
import { createTestPartner } from '../src/seed/test-factories';
import { Client, json } from './support/client';
import { registrationBody } from './support/registration-body';
import { startTestServer, type TestServer } from './support/test-server';

/* A learner's own registration at a partner (issue 13 item 1, docs/decisions/0051), through HTTP. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  // Each test registers several times from the one test address; the limit itself has its own test.
  await sql`delete from rate_limits where key like 'register%'`.execute(server.db);
});

const partner = (o: { seats?: number; used?: number; passcode?: string | null } = {}) =>
  createTestPartner(server.db, {
    slug_prefix: 'reg',
    is_sim: false,
    seats: o.seats ?? 10,
    used_seats: o.used ?? 0,
    passcode: o.passcode ?? null,
  });

async function addField(partnerId: number, title: string, type: 'input' | 'select' | 'textbox', required: boolean, options: string[] = []) {
  const field = await server.db
    .insertInto('registration_fields')
    .values({ title, field_type: type, active: true, required, partner_id: partnerId, position: 1, created_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [position, option] of options.entries()) {
    const row = await server.db
      .insertInto('registration_select_values')
      .values({ registration_field_id: field.id, title: option, short_name: null, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return { id: field.id, options: ids };
}

const body = (slug: string, overrides: Record<string, unknown> = {}) => registrationBody(slug, overrides);

async function register(payload: unknown, client = new Client(server)) {
  await client.csrf();
  return client.post('/api/register', payload);
}

async function tokenFor(email: string): Promise<string> {
  await server.services.mail.idle();
  const mail = (await server.services.mail.latest(100)).find((m) => m.recipient === email && m.subject?.includes('Confirm your email'));
  const match = mail?.body_text.match(/register\/confirm\/([A-Za-z0-9_-]+)\?/);
  if (!match) throw new Error(`no confirmation mail for ${email}`);
  return match[1]!;
}

async function confirm(token: string, client = new Client(server)) {
  await client.csrf();
  return { client, res: await client.post('/api/register/confirm-email', { token }) };
}

/** Seats taken: used by confirmed learners and held by registrations waiting for their link (decision 0080). */
const seatsOf = async (id: number) => {
  const row = await server.db.selectFrom('partners').select(['used_seats', 'held_seats']).where('id', '=', id).executeTakeFirstOrThrow();
  return row.used_seats + row.held_seats;
};
const userOf = (email: string) => server.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

describe('GET api/register/form', () => {
  it("answers the partner's active fields with the default ones, and refuses the brands that take no registrations", async () => {
    const p = await partner();
    const own = await addField(p.id, 'Student ID', 'input', true);
    const res = await new Client(server).get(`/api/register/form?partner_slug=${p.slug}`);
    expect(res.status).toBe(200);
    const frame = await json(res);
    expect(frame.partner).toMatchObject({ id: p.id, slug: p.slug });
    expect(frame.registration_fields.map((f: { id: number }) => f.id)).toContain(own.id);
    expect(frame.passcode_required).toBe(false);
    expect((await new Client(server).get('/api/register/form?partner_slug=sp')).status).toBe(404);
    expect((await new Client(server).get('/api/register/form?partner_slug=simclusive')).status).toBe(404);
    expect((await new Client(server).get('/api/register/form?partner_slug=nobody-here')).status).toBe(404);
  });

  it('says whether the partner asks for a passcode, before anyone registers (issue 22 item 3)', async () => {
    const p = await partner({ passcode: 'FORM-PASS-1' });
    const frame = await json(await new Client(server).get(`/api/register/form?partner_slug=${p.slug}`));
    expect(frame.passcode_required).toBe(true);
  });
});

describe('POST api/register', () => {
  it('creates an unconfirmed learner holding a seat, with the answers; the link grants the role and signs in', async () => {
    const p = await partner({ seats: 5, used: 1 });
    const field = await addField(p.id, 'Cohort', 'select', true, ['Spring', 'Fall']);
    const payload = body(p.slug, { custom_fields: [{ registration_field_id: field.id, value: String(field.options[1]) }] });
    const res = await register(payload);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(M.registered(payload.email));
    expect(await seatsOf(p.id)).toBe(2);
    const user = (await userOf(payload.email))!;
    const roles = await server.db.selectFrom('user_roles').selectAll().where('user_id', '=', user.id).execute();
    expect(roles).toMatchObject([{ role_id: ROLE.learner, partner_id: p.id, is_approved: false }]);
    const answers = await server.db.selectFrom('user_custom_data').selectAll().where('user_id', '=', user.id).execute();
    expect(answers).toMatchObject([{ registration_field_id: field.id, field_value: 'Fall' }]);

    const { client, res: confirmed } = await confirm(await tokenFor(payload.email));
    expect(confirmed.status).toBe(200);
    expect(await json(confirmed)).toEqual({ message: M.confirmed, partner_slug: p.slug, passcode_required: false });
    const me = await json(await client.get('/api/auth/user'));
    expect(me.user.email).toBe(payload.email);
    expect(me.partner.id).toBe(p.id);
    expect(me.user.roles.map((r: { id: number }) => r.id)).toEqual([ROLE.learner]);
    expect(me.password_approved).toBe(true);
    const audit = await server.db.selectFrom('audit_log').select('action').where('actor_user_id', '=', user.id).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['registration.registered', 'registration.confirmed']));
    // The link is spent.
    expect((await confirm(await tokenFor(payload.email))).res.status).toBe(422);
  });

  it('sends a learner of a passcode brand to the passcode, unless the email is pre-approved', async () => {
    const p = await partner({ passcode: 'REG-PASS-1' });
    const plain = body(p.slug);
    const listed = body(p.slug);
    await createPreApprovedEmailsRepository(server.db).addMany(p.id, [listed.email.toUpperCase()]);
    for (const payload of [plain, listed]) expect((await register(payload)).status).toBe(200);

    const first = await confirm(await tokenFor(plain.email));
    expect((await json(first.res)).passcode_required).toBe(true);
    expect((await json(await first.client.get('/api/auth/user'))).password_approved).toBe(false);
    const wrong = await first.client.post('/api/user/submit-passcode', { passcode: 'nope' });
    expect(wrong.status).toBe(422);
    expect((await first.client.post('/api/user/submit-passcode', { passcode: 'REG-PASS-1' })).status).toBe(200);
    expect((await json(await first.client.get('/api/auth/user'))).password_approved).toBe(true);

    const second = await confirm(await tokenFor(listed.email));
    expect((await json(second.res)).passcode_required).toBe(false);
    expect((await json(await second.client.get('/api/auth/user'))).password_approved).toBe(true);
  });

  it('refuses when the partner has no seat left, and creates nothing', async () => {
    const p = await partner({ seats: 3, used: 3 });
    const payload = body(p.slug);
    const res = await register(payload);
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(M.noSeats(p.long_name));
    expect(await userOf(payload.email)).toBeUndefined();
    expect(await seatsOf(p.id)).toBe(3);
  });

  it('gives the last seat to exactly one of two concurrent registrations', async () => {
    const p = await partner({ seats: 4, used: 3 });
    const a = body(p.slug);
    const b = body(p.slug);
    const results = await Promise.all([register(a), register(b)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await seatsOf(p.id)).toBe(4);
    const users = await server.db.selectFrom('users').select('id').where('email', 'in', [a.email, b.email]).execute();
    expect(users).toHaveLength(1);
  });

  it('checks the fields with the same words as the form, and a refused registration changes nothing', async () => {
    const p = await partner();
    const required = await addField(p.id, 'Student ID', 'input', true);
    const select = await addField(p.id, 'Campus', 'select', false, ['North', 'South']);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: '' }, 'first_name', 'The first name field is required.'],
      [{ email: 'not-an-email' }, 'email', 'The email field must be a valid email address.'],
      [{ password: 'short', password_confirmation: 'short' }, 'password', 'The password field must be at least 8 characters.'],
      [{ password_confirmation: 'something-else-2026' }, 'password_confirmation', M.passwordConfirmation],
      [{ custom_fields: [] }, `custom_fields.${required.id}.value`, 'The Student ID field is required.'],
      [
        {
          custom_fields: [
            { registration_field_id: required.id, value: 'S-1' },
            { registration_field_id: select.id, value: '999999' },
          ],
        },
        'custom_fields.1.value',
        'Please choose one of the listed options.',
      ],
      [{ last_name: 'Bad\u0000Name' }, 'last_name', ''],
    ];
    for (const [overrides, key, message] of cases) {
      const payload = body(p.slug, { custom_fields: [{ registration_field_id: required.id, value: 'S-1' }], ...overrides });
      const res = await register(payload);
      expect(res.status, key).toBe(422);
      const answer = await json(res);
      expect(Object.keys(answer.errors), key).toContain(key);
      if (message) expect(answer.errors[key]).toEqual([message]);
      expect(await userOf(payload.email)).toBeUndefined();
    }
    expect(await seatsOf(p.id)).toBe(0);
  });

  it('answers a taken email like a new one, without a second account or seat', async () => {
    const p = await partner();
    const payload = body(p.slug);
    expect((await register(payload)).status).toBe(200);
    const again = await register({ ...payload, first_name: 'Other' });
    expect(again.status).toBe(200);
    expect((await json(again)).message).toBe(M.registered(payload.email));
    expect(await seatsOf(p.id)).toBe(1);
    const demo = await register(body(p.slug, { email: 'learner@demo.test' }));
    expect(demo.status).toBe(200);
    expect(await seatsOf(p.id)).toBe(1);
  });

  it('limits registrations per address', async () => {
    const p = await partner({ seats: 100 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await register(body(p.slug))).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });

  it('refuses an unknown or spent token with the message', async () => {
    const res = (await confirm('not-a-real-token')).res;
    expect(res.status).toBe(422);
    expect((await json(res)).message).toBe(M.confirmInvalid);
  });
});

describe('POST api/register/resend-confirmation', () => {
  const confirmationMails = async (email: string) => {
    await server.services.mail.idle();
    return (await server.services.mail.latest(100)).filter((m) => m.recipient === email && m.subject?.includes('Confirm your email'));
  };

  it('tells a signed-in unconfirmed learner so, sends a new link on request, and says when nothing is left to confirm', async () => {
    const p = await partner();
    const payload = body(p.slug);
    expect((await register(payload)).status).toBe(200);
    const client = new Client(server);
    expect((await client.login(payload.email, payload.password, p.slug)).status).toBe(200);
    expect(await json(await client.get('/api/register/confirmation'))).toEqual({ confirmation_pending: true });

    const resent = await client.post('/api/register/resend-confirmation');
    expect(resent.status).toBe(200);
    expect(await json(resent)).toEqual({ message: M.resent(payload.email) });
    expect(await confirmationMails(payload.email)).toHaveLength(2);
    const user = (await userOf(payload.email))!;
    const audit = await server.db.selectFrom('audit_log').select('action').where('actor_user_id', '=', user.id).execute();
    expect(audit.map((a) => a.action)).toContain('registration.confirmation_resent');

    // The new link confirms (and signs out the session from before it, issue 21 item 13); afterwards there is
    // nothing to confirm and no notice.
    const confirmed = await confirm(await tokenFor(payload.email));
    expect(confirmed.res.status).toBe(200);
    expect((await client.get('/api/register/confirmation')).status).toBe(401);
    const signedInNow = confirmed.client;
    expect(await json(await signedInNow.get('/api/register/confirmation'))).toEqual({ confirmation_pending: false });
    const refused = await signedInNow.post('/api/register/resend-confirmation');
    expect(refused.status).toBe(422);
    expect((await json(refused)).message).toBe(M.nothingToConfirm);
    expect(await confirmationMails(payload.email)).toHaveLength(2);
  });

  it('answers 422 to a user who never registered, and 401 to an anonymous caller', async () => {
    const client = new Client(server);
    expect((await client.login('learner@demo.test')).status).toBe(200);
    expect(await json(await client.get('/api/register/confirmation'))).toEqual({ confirmation_pending: false });
    expect((await client.post('/api/register/resend-confirmation')).status).toBe(422);
    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await anonymous.post('/api/register/resend-confirmation')).status).toBe(401);
    expect((await anonymous.get('/api/register/confirmation')).status).toBe(401);
  });

  it('limits new links to 3 per 10 minutes per learner', async () => {
    const p = await partner();
    const payload = body(p.slug);
    expect((await register(payload)).status).toBe(200);
    const client = new Client(server);
    expect((await client.login(payload.email, payload.password, p.slug)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await client.post('/api/register/resend-confirmation')).status).toBe(200);
    expect((await client.post('/api/register/resend-confirmation')).status).toBe(429);
    expect(await confirmationMails(payload.email)).toHaveLength(4);
  });
});
