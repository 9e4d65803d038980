import {
  isMobileVerified,
  MOBILE_CODE_RESEND_SECONDS,
  MOBILE_MESSAGES,
  MOBILE_VERIFICATION_DAYS,
  smsGate,
  smsOptInResponseSchema,
} from '@simvisit/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, json, signedIn } from './support/client';
import { type FakeTwilio, startFakeTwilio } from './support/fake-twilio';
import { startTestServer, type TestServer } from './support/test-server';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'fake-twilio-auth-token';
const FROM = '+15005550006';
const DAY = 24 * 60 * 60 * 1000;

let twilio: FakeTwilio;
let server: TestServer;

beforeAll(async () => {
  twilio = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  server = await startTestServer({
    twilioAccountSid: ACCOUNT_SID,
    twilioAuthToken: AUTH_TOKEN,
    twilioFrom: FROM,
    twilioApiBase: twilio.baseUrl,
  });
});
afterAll(async () => {
  await server?.close();
  await twilio?.close();
});
// Every call here comes from one address; the per-address cap is tested on its own.
beforeEach(async () => {
  await sql`DELETE FROM rate_limits WHERE key LIKE 'sms:%'`.execute(server.db);
});

const userId = async (email: string) =>
  (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const me = async (client: Client) => (await json(await client.get('/api/auth/user'))).user;
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
/** Moves a cooldown window into the past, as if the minute had gone by. */
const passCooldown = (id: number, number: string) =>
  server.db
    .updateTable('rate_limits')
    .set({ window_start: new Date(Date.now() - (MOBILE_CODE_RESEND_SECONDS + 1) * 1000) })
    .where('key', '=', `sms:resend:${id}:${number}`)
    .execute();
const storedCode = (id: number) =>
  server.db.selectFrom('mobile_verification_codes').selectAll().where('user_id', '=', id).executeTakeFirst();
/** A wrong code that differs from the real one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the 90-day rule (packages/schema)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('counts a number verified within 90 days as verified', () => {
    expect(isMobileVerified(null, now)).toBe(false);
    expect(isMobileVerified(new Date(now.getTime() - 89 * DAY), now)).toBe(true);
    expect(isMobileVerified(new Date(now.getTime() - MOBILE_VERIFICATION_DAYS * DAY).toISOString(), now)).toBe(false);
    expect(isMobileVerified('not a date', now)).toBe(false);
  });
  it('decides the SMS gate of spec 001 §4', () => {
    const recent = new Date(now.getTime() - DAY).toISOString();
    const old = new Date(now.getTime() - 91 * DAY).toISOString();
    expect(smsGate({ enable_sms_notifications: false, mobile_number: '+14155552671', mobile_verified_at: recent }, now)).toBe('opt-in');
    expect(smsGate({ enable_sms_notifications: true, mobile_number: null, mobile_verified_at: null }, now)).toBe('opt-in');
    expect(smsGate({ enable_sms_notifications: true, mobile_number: '+14155552671', mobile_verified_at: old }, now)).toBe('verify');
    expect(smsGate({ enable_sms_notifications: true, mobile_number: '+14155552671', mobile_verified_at: null }, now)).toBe('verify');
    expect(smsGate({ enable_sms_notifications: true, mobile_number: '+14155552671', mobile_verified_at: recent }, now)).toBe('proceed');
  });
});

describe('api/mobile/update, code and verify through Twilio', () => {
  it('texts a 6-digit code to the new number through the Twilio SDK, stores it hashed, and verifies it', async () => {
    const learner = await signedIn(server, 'learner@demo.test');
    const id = await userId('learner@demo.test');
    const res = await learner.post('/api/mobile/update', { mobile_input: '(415) 555-2671' });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: MOBILE_MESSAGES.numberUpdated, mobile_number: '+14155552671', retry_after: 60 });
    const sent = twilio.lastTo('+14155552671')!;
    expect(sent).toMatchObject({ accountSid: ACCOUNT_SID, from: FROM });
    const code = codeIn(sent.body);
    expect(code).toMatch(/^\d{6}$/);
    expect(sent.body).toContain('expires in 10 minutes');

    // Hashed at rest: the code itself is nowhere in the row, and no text is kept in the outbox with Twilio on.
    const row = (await storedCode(id))!;
    expect(row.mobile_number).toBe('+14155552671');
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    const outbox = await server.db.selectFrom('outbox').select('body_text').where('channel', '=', 'sms').execute();
    expect(outbox.some((m) => m.body_text.includes(code))).toBe(false);

    expect((await me(learner)).mobile_verified_at).toBeNull();
    const ok = await learner.post('/api/mobile/verify', { ver_code: code });
    expect(ok.status).toBe(200);
    const body = await json(ok);
    expect(body.message).toBe(MOBILE_MESSAGES.verified);
    expect(isMobileVerified(body.mobile_verified_at)).toBe(true);
    expect((await me(learner)).mobile_verified_at).toBe(body.mobile_verified_at);

    // Single use: the same code again finds nothing.
    const again = await learner.post('/api/mobile/verify', { ver_code: code });
    expect(again.status).toBe(422);
    expect((await json(again)).errors.ver_code).toEqual([MOBILE_MESSAGES.codeMissing]);
    // Verified within 90 days: no new code is sent.
    const already = await learner.post('/api/mobile/code');
    expect(already.status).toBe(409);
    expect((await json(already)).message).toBe(MOBILE_MESSAGES.alreadyVerified);
    const same = await learner.post('/api/mobile/update', { mobile_input: '+1 415 555 2671' });
    expect((await json(same)).message).toBe(MOBILE_MESSAGES.alreadyVerified);
  });

  it('sends a new code once 90 days have passed since verification', async () => {
    const client = await signedIn(server, 'trainer@demo.test');
    const id = await userId('trainer@demo.test');
    await server.db
      .updateTable('users')
      .set({ mobile_number: '+16135550123', mobile_verified_at: new Date(Date.now() - 89 * DAY) })
      .where('id', '=', id)
      .execute();
    expect((await client.post('/api/mobile/code')).status).toBe(409);
    await server.db
      .updateTable('users')
      .set({ mobile_verified_at: new Date(Date.now() - 91 * DAY) })
      .where('id', '=', id)
      .execute();
    const res = await client.post('/api/mobile/code');
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(MOBILE_MESSAGES.codeSent);
    expect(codeIn(twilio.lastTo('+16135550123')!.body)).toMatch(/^\d{6}$/);
  });

  it('refuses numbers outside US, CA and MX and bad input with the spec’s words, changing nothing (SMS-02)', async () => {
    const client = await signedIn(server, 'observer@demo.test');
    const before = twilio.messages.length;
    for (const input of ['12', 'not a number', '+44 20 7946 0958', '+1 900 555 0100']) {
      const res = await client.post('/api/mobile/update', { mobile_input: input });
      expect(res.status, input).toBe(422);
      expect((await json(res)).message).toBe(MOBILE_MESSAGES.invalidNumber);
    }
    const uk = await json(await client.post('/api/mobile/update', { mobile_input: '+44 20 7946 0958' }));
    expect(uk.errors.mobile_input).toEqual([MOBILE_MESSAGES.notSmsCountry]);
    expect(twilio.messages.length).toBe(before);
    expect((await me(client)).mobile_number).toBeNull();
    // No number on file: nothing to send to.
    const none = await client.post('/api/mobile/code');
    expect(none.status).toBe(422);
    expect((await json(none)).message).toBe(MOBILE_MESSAGES.noNumber);
    // A Mexican number is fine.
    expect((await client.post('/api/mobile/update', { mobile_input: '+52 55 1234 5678' })).status).toBe(200);
  });

  it('allows at most 5 tries per code, then a new code is needed (SMS-01)', async () => {
    const client = await signedIn(server, 'headtrainer@demo.test');
    const id = await userId('headtrainer@demo.test');
    await client.post('/api/mobile/update', { mobile_input: '+1 212 555 0147' });
    const code = codeIn(twilio.lastTo('+12125550147')!.body);
    for (let i = 1; i <= 4; i++) {
      const res = await client.post('/api/mobile/verify', { ver_code: wrong(code) });
      expect(res.status, `try ${i}`).toBe(422);
      expect((await json(res)).errors.ver_code).toEqual([MOBILE_MESSAGES.codeWrong]);
    }
    const fifth = await client.post('/api/mobile/verify', { ver_code: wrong(code) });
    expect(fifth.status).toBe(429);
    expect((await json(fifth)).message).toBe(MOBILE_MESSAGES.tooManyAttempts);
    // The sixth, even with the right code, is refused: the code is spent.
    const sixth = await client.post('/api/mobile/verify', { ver_code: code });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).not.toBeNull();
    expect((await me(client)).mobile_verified_at).toBeNull();
    expect((await storedCode(id))!.attempts).toBe(5);

    // A new code works again.
    await passCooldown(id, '+12125550147');
    expect((await client.post('/api/mobile/code')).status).toBe(200);
    const fresh = codeIn(twilio.lastTo('+12125550147')!.body);
    expect((await client.post('/api/mobile/verify', { ver_code: fresh })).status).toBe(200);
  });

  it('counts parallel guesses atomically: never more than 5 tries', async () => {
    const client = await signedIn(server, 'reviewer@demo.test');
    const id = await userId('reviewer@demo.test');
    await client.post('/api/mobile/update', { mobile_input: '+1 312 555 0199' });
    const code = codeIn(twilio.lastTo('+13125550199')!.body);
    const results = await Promise.all(Array.from({ length: 12 }, () => client.post('/api/mobile/verify', { ver_code: wrong(code) })));
    expect(results.filter((r) => r.status === 422)).toHaveLength(4);
    expect(results.filter((r) => r.status === 429)).toHaveLength(8);
    expect((await storedCode(id))!.attempts).toBe(5);
  });

  it('refuses an expired code and a code for another number or user (SMS-01)', async () => {
    const client = await signedIn(server, 'author@demo.test');
    const id = await userId('author@demo.test');
    await client.post('/api/mobile/update', { mobile_input: '+1 646 555 0101' });
    const code = codeIn(twilio.lastTo('+16465550101')!.body);
    await server.db
      .updateTable('mobile_verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', id)
      .execute();
    const expired = await client.post('/api/mobile/verify', { ver_code: code });
    expect(expired.status).toBe(422);
    expect((await json(expired)).message).toBe(MOBILE_MESSAGES.codeExpired);
    expect(await storedCode(id)).toBeUndefined();

    // Another user's code does not work for this user.
    await passCooldown(id, '+16465550101');
    await client.post('/api/mobile/code');
    const other = await signedIn(server, 'admin@demo.test');
    await other.post('/api/mobile/update', { mobile_input: '+1 646 555 0102' });
    const otherCode = codeIn(twilio.lastTo('+16465550102')!.body);
    const own = codeIn(twilio.lastTo('+16465550101')!.body);
    if (otherCode !== own) {
      expect((await client.post('/api/mobile/verify', { ver_code: otherCode })).status).toBe(422);
    }
    // The number changed on the profile page after the code was sent: the code no longer counts.
    expect(
      (await client.request('PATCH', '/api/auth/user/update-field/mobile_number', { json: { value: '+1 646 555 0199' } })).status,
    ).toBe(200);
    const moved = await client.post('/api/mobile/verify', { ver_code: own });
    expect(moved.status).toBe(422);
    expect((await json(moved)).message).toBe(MOBILE_MESSAGES.codeMissing);
    expect((await me(client)).mobile_verified_at).toBeNull();
  });

  it('validates the code format', async () => {
    const client = await signedIn(server, 'learner@demo.test');
    for (const ver_code of ['12345', '1234567', 'abcdef', '']) {
      const res = await client.post('/api/mobile/verify', { ver_code });
      expect(res.status).toBe(422);
      expect((await json(res)).errors.ver_code).toEqual([MOBILE_MESSAGES.codeFormat]);
    }
  });
});

describe('resend cooldown and caps (SMS-02)', () => {
  it('answers 429 within a minute of the last code to the same number, with Retry-After', async () => {
    const client = await signedIn(server, 'clientadmin@demo.test');
    const id = await userId('clientadmin@demo.test');
    expect((await client.post('/api/mobile/update', { mobile_input: '+1 702 555 0111' })).status).toBe(200);
    const before = twilio.messages.length;
    const again = await client.post('/api/mobile/code');
    expect(again.status).toBe(429);
    const body = await json(again);
    expect(body.message).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(twilio.messages.length).toBe(before);
    // A corrected number is not held up by the cooldown of the old one.
    expect((await client.post('/api/mobile/update', { mobile_input: '+1 702 555 0112' })).status).toBe(200);
    await passCooldown(id, '+17025550112');
    expect((await client.post('/api/mobile/code')).status).toBe(200);
  });

  it('caps codes per user per hour', async () => {
    const client = await signedIn(server, 'superadmin@demo.test');
    const id = await userId('superadmin@demo.test');
    const numbers = ['+1 503 555 0101', '+1 503 555 0102', '+1 503 555 0103', '+1 503 555 0104', '+1 503 555 0105', '+1 503 555 0106'];
    for (const n of numbers.slice(0, 5)) expect((await client.post('/api/mobile/update', { mobile_input: n })).status).toBe(200);
    const sixth = await client.post('/api/mobile/update', { mobile_input: numbers[5] });
    expect(sixth.status).toBe(429);
    expect((await json(sixth)).message).toBe(MOBILE_MESSAGES.tooManyCodes);
    expect((await me(client)).mobile_number).toBe('+15035550105');
    await passCooldown(id, '+15035550105');
    expect((await client.post('/api/mobile/code')).status).toBe(429);
  });

  it('caps codes per address across accounts', async () => {
    const emails = [
      'learner@demo.test',
      'observer@demo.test',
      'trainer@demo.test',
      'headtrainer@demo.test',
      'reviewer@demo.test',
      'author@demo.test',
    ];
    const statuses: number[] = [];
    let n = 0;
    for (const email of emails) {
      const client = await signedIn(server, email);
      for (let i = 0; i < 2; i++) {
        n += 1;
        const res = await client.post('/api/mobile/update', { mobile_input: `+1 971 555 01${String(n).padStart(2, '0')}` });
        statuses.push(res.status);
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('does not keep a code or a cooldown when Twilio refuses the message, and keeps the old number', async () => {
    const client = await signedIn(server, 'admin@demo.test');
    const oldNumber = (await me(client)).mobile_number;
    twilio.refuse.add('+13055550100');
    const res = await client.post('/api/mobile/update', { mobile_input: '+1 305 555 0100' });
    expect(res.status).toBe(502);
    expect((await json(res)).message).toBe(MOBILE_MESSAGES.sendFailed);
    expect((await me(client)).mobile_number).toBe(oldNumber);
    expect(await storedCode(await userId('admin@demo.test'))).toBeUndefined();
    twilio.refuse.delete('+13055550100');
    expect((await client.post('/api/mobile/update', { mobile_input: '+1 305 555 0100' })).status).toBe(200);
  });
});

describe('smsOptIn (POST api/user/sms-opt-in)', () => {
  it('needs the consent flag and a US/CA/MX number, and returns the user (SMS-03)', async () => {
    const client = await signedIn(server, 'learner2@demo.test', 'northfield');
    const noConsent = await client.post('/api/user/sms-opt-in', { enable_sms_notifications: true, mobile_number: '+1 415 555 0177' });
    expect(noConsent.status).toBe(422);
    expect((await json(noConsent)).errors.sms_consent).toEqual([MOBILE_MESSAGES.consentRequired]);
    const invalid = await client.post('/api/user/sms-opt-in', { enable_sms_notifications: true, mobile_number: '555', sms_consent: true });
    expect(invalid.status).toBe(422);
    expect(await json(invalid)).toEqual({ message: 'Invalid Number', errors: { mobile_number: ['Invalid Number'] } });
    expect((await me(client)).enable_sms_notifications).toBe(false);

    const ok = await client.post('/api/user/sms-opt-in', {
      enable_sms_notifications: true,
      mobile_number: '+1 415 555 0177',
      sms_consent: true,
    });
    expect(ok.status).toBe(200);
    const body = await json(ok);
    expect(body.user).toMatchObject({ enable_sms_notifications: true, mobile_number: '+14155550177', mobile_verified_at: null });
    // The whole user as api/auth/user has it (availabilities included): the PWA puts it in the session as is.
    expect(smsOptInResponseSchema.safeParse(body).success).toBe(true);
    const audit = await server.db.selectFrom('audit_log').select(['action', 'details']).where('action', '=', 'sms.opt_in').execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('resets verification when a verified number changes, and turns SMS off on request (SMS-03)', async () => {
    const client = await signedIn(server, 'learner2@demo.test', 'northfield');
    const id = await userId('learner2@demo.test');
    await server.db.updateTable('users').set({ mobile_verified_at: new Date() }).where('id', '=', id).execute();
    // The same number keeps the verification.
    const same = await json(
      await client.post('/api/user/sms-opt-in', { enable_sms_notifications: true, mobile_number: '+14155550177', sms_consent: true }),
    );
    expect(same.user.mobile_verified_at).not.toBeNull();
    const moved = await json(
      await client.post('/api/user/sms-opt-in', { enable_sms_notifications: true, mobile_number: '+1 415 555 0178', sms_consent: true }),
    );
    expect(moved.user.mobile_verified_at).toBeNull();
    const off = await json(await client.post('/api/user/sms-opt-in', { enable_sms_notifications: false }));
    expect(off.user.enable_sms_notifications).toBe(false);
  });

  it('needs a session and the CSRF header on every mobile call', async () => {
    const anon = new Client(server);
    await anon.csrf();
    for (const path of ['/api/mobile/update', '/api/mobile/code', '/api/mobile/verify', '/api/user/sms-opt-in']) {
      expect((await anon.post(path, {})).status, path).toBe(401);
    }
    const learner = await signedIn(server, 'learner@demo.test');
    expect((await learner.request('POST', '/api/mobile/code', { csrf: false })).status).toBe(419);
  });
});

describe('demo mode without Twilio credentials', () => {
  // Started in a hook: a fresh seeded database can take longer than a test's own timeout on a loaded machine.
  let demo: TestServer;
  beforeAll(async () => {
    demo = await startTestServer();
  });
  afterAll(async () => {
    await demo?.close();
  });

  it('writes the code text into the demo outbox', async () => {
    expect(demo.services.sms.name).toBe('demo');
    const client = await signedIn(demo, 'learner@demo.test');
    expect((await client.post('/api/mobile/update', { mobile_input: '+1 415 555 2671' })).status).toBe(200);
    const outbox = await json(await client.get('/api/demo/outbox'));
    const sms = outbox.messages.find((m: { channel: string; to: string }) => m.channel === 'sms' && m.to === '+14155552671');
    const code = codeIn(sms.text);
    expect((await client.post('/api/mobile/verify', { ver_code: code })).status).toBe(200);
  });
});
