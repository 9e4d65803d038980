import { BRAND_PASSWORD_MESSAGES, MSG } from '@simvisit/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSCODE_CAPS } from '../src/features/passcode';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('POST api/user/submit-passcode', () => {
  it('gates a northfield learner until the passcode is given', async () => {
    const client = await signedIn(server, 'learner2@demo.test', 'northfield', undefined, { passcode: false });
    expect((await json(await client.get('/api/auth/user'))).password_approved).toBe(false);

    const wrong = await client.post('/api/user/submit-passcode', { passcode: 'WRONG' });
    expect(wrong.status).toBe(422);
    expect(await json(wrong)).toEqual({ message: MSG.passcodeWrong, errors: { passcode: [MSG.passcodeWrong] } });
    expect((await json(await client.get('/api/auth/user'))).password_approved).toBe(false);

    const empty = await client.post('/api/user/submit-passcode', { passcode: '' });
    expect(empty.status).toBe(422);
    const tooLong = await client.post('/api/user/submit-passcode', { passcode: 'x'.repeat(26) });
    expect((await json(tooLong)).errors.passcode).toEqual(['The passcode field must not be greater than 25 characters.']);

    const ok = await client.post('/api/user/submit-passcode', { passcode: 'NORTH-2026' });
    expect(ok.status).toBe(200);
    expect((await json(await client.get('/api/auth/user'))).password_approved).toBe(true);
  });

  it('asks again after the passcode rotates', async () => {
    const client = await signedIn(server, 'learner2@demo.test', 'northfield', undefined, { passcode: false });
    await client.post('/api/user/submit-passcode', { passcode: 'NORTH-2026' });
    await server.db.updateTable('partners').set({ password: 'NORTH-2027' }).where('slug', '=', 'northfield').execute();
    expect((await json(await client.get('/api/auth/user'))).password_approved).toBe(false);
    await server.db.updateTable('partners').set({ password: 'NORTH-2026' }).where('slug', '=', 'northfield').execute();
  });

  it('throttles guessing with 429 (PWD-06)', async () => {
    const client = await signedIn(server, 'clientadmin@demo.test', 'northfield', undefined, { passcode: false });
    for (let i = 0; i < 5; i++) expect((await client.post('/api/user/submit-passcode', { passcode: `GUESS-${i}` })).status).toBe(422);
    const limited = await client.post('/api/user/submit-passcode', { passcode: 'NORTH-2026' });
    expect(limited.status).toBe(429);
    expect((await json(await client.get('/api/auth/user'))).password_approved).toBe(false);
  });

  it('counts concurrent guesses before comparing them (AUTH-02)', async () => {
    const client = await signedIn(server, 'superadmin@demo.test', 'northfield', undefined, { passcode: false });
    await server.db.updateTable('users').set({ super_admin: false }).where('email', '=', 'superadmin@demo.test').execute();
    try {
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) => client.post('/api/user/submit-passcode', { passcode: `GUESS-${i}` })),
      );
      expect(burst.filter((res) => res.status === 422)).toHaveLength(5);
      expect(burst.filter((res) => res.status === 429)).toHaveLength(25);
    } finally {
      await server.db.updateTable('users').set({ super_admin: true }).where('email', '=', 'superadmin@demo.test').execute();
    }
  });

  it('needs a session (401) and the CSRF header (419)', async () => {
    const client = await signedIn(server, 'learner@demo.test');
    expect((await client.post('/api/user/submit-passcode', { passcode: 'x' }, { csrf: false })).status).toBe(419);
    await client.get('/api/logout');
    await client.csrf();
    expect((await client.post('/api/user/submit-passcode', { passcode: 'x' })).status).toBe(401);
  });

  it('is never asked of a partner without a passcode', async () => {
    const client = await signedIn(server, 'learner@demo.test');
    expect((await json(await client.get('/api/auth/user'))).password_approved).toBe(true);
    const res = await client.post('/api/user/submit-passcode', { passcode: 'anything' });
    expect(await json(res)).toEqual({ message: MSG.passcodeNotRequired });
  });
});

describe('daily caps on wrong passcodes, per address and per partner (issue 21 item 3)', () => {
  // Its own server behind a trusted proxy, so each guess can come from the address the test names.
  let proxied: TestServer;
  let learner: Client;
  beforeAll(async () => {
    proxied = await startTestServer({ trustProxy: true });
    learner = await signedIn(proxied, 'learner2@demo.test', 'northfield', undefined, { passcode: false });
  });
  afterAll(async () => {
    await proxied.close();
  });
  beforeEach(async () => {
    await sql`delete from rate_limits where key like 'passcode%'`.execute(proxied.db);
    await proxied.db.deleteFrom('partner_passcode_approvals').execute();
  });

  const guess = (passcode: string, ip: string) =>
    learner.post('/api/user/submit-passcode', { passcode }, { headers: { 'x-forwarded-for': ip } });
  /** A wrong guess; the account's own minute is set aside, as if each came from another free account. */
  async function wrong(ip: string) {
    const res = await guess('GUESS-0000', ip);
    await sql`delete from rate_limits where key like 'passcode:%'`.execute(proxied.db);
    return res.status;
  }
  async function capMails(kind: 'address' | 'partner') {
    await proxied.services.mail.idle();
    const subject = BRAND_PASSWORD_MESSAGES.guessingSubject('Northfield University');
    const mails = (await proxied.services.mail.latest(500)).filter((m) => m.subject?.endsWith(subject));
    return mails.filter((m) => m.body_text.includes(kind === 'address' ? 'from one network address' : 'wrong passcodes were entered for'));
  }
  const approved = async () => (await json(await learner.get('/api/auth/user'))).password_approved;

  it(`stops an address after ${PASSCODE_CAPS.perAddress} wrong passcodes a day, even the right one, and tells the client admins once`, async () => {
    for (let i = 0; i < PASSCODE_CAPS.perAddress; i++) expect(await wrong('203.0.113.7')).toBe(422);
    const capped = await guess('NORTH-2026', '203.0.113.7');
    expect(capped.status).toBe(429);
    expect(await json(capped)).toEqual({ message: MSG.passcodeCapped });
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
    expect(await wrong('203.0.113.7')).toBe(429);
    expect(await approved()).toBe(false);

    const mails = await capMails('address');
    expect(mails.map((m) => m.recipient)).toEqual(['clientadmin@demo.test']);
    expect(mails[0]!.body_text).not.toContain('NORTH-2026');

    // another address is not held, and the right passcode gives its count back
    expect((await guess('NORTH-2026', '198.51.100.1')).status).toBe(200);
    expect(await approved()).toBe(true);
    expect(await capMails('address')).toHaveLength(1);
  });

  it(`stops the partner after ${PASSCODE_CAPS.perPartner} wrong passcodes a day from any addresses, and tells the client admins once`, async () => {
    for (let i = 0; i < PASSCODE_CAPS.perPartner; i++) expect(await wrong(`192.0.2.${i % 50}`)).toBe(422);
    const capped = await guess('NORTH-2026', '198.51.100.99');
    expect(capped.status).toBe(429);
    expect(await json(capped)).toEqual({ message: MSG.passcodeCapped });
    expect(await wrong('198.51.100.98')).toBe(429);
    expect(await approved()).toBe(false);
    const mails = await capMails('partner');
    expect(mails.map((m) => m.recipient)).toEqual(['clientadmin@demo.test']);
    expect(mails[0]!.body_text).toContain(`More than ${PASSCODE_CAPS.perPartner} wrong passcodes`);

    // another brand's passcode is its own
    await proxied.db.updateTable('partners').set({ enable_password: true, password: 'LAKE-2026' }).where('slug', '=', 'lakeside').execute();
    try {
      const lakeside = await signedIn(proxied, 'clientadmin@demo.test', 'lakeside', undefined, { passcode: false });
      const ok = await lakeside.post(
        '/api/user/submit-passcode',
        { passcode: 'LAKE-2026' },
        { headers: { 'x-forwarded-for': '198.51.100.97' } },
      );
      expect(ok.status).toBe(200);
    } finally {
      await proxied.db.updateTable('partners').set({ enable_password: false, password: null }).where('slug', '=', 'lakeside').execute();
    }
  });

  it('counts only wrong passcodes: right ones from one address never add up to its cap', async () => {
    const before = (await capMails('address')).length;
    for (let i = 0; i < PASSCODE_CAPS.perAddress + 5; i++) {
      expect((await guess('NORTH-2026', '203.0.113.50')).status).toBe(200);
      await proxied.db.deleteFrom('partner_passcode_approvals').execute();
    }
    expect(await capMails('address')).toHaveLength(before);
    expect((await guess('NORTH-2026', '203.0.113.50')).status).toBe(200);
  });
});
