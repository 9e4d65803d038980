import { MSG } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO_PASSWORD, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function mailedToken(email: string): Promise<string> {
  await server.services.mail.idle();
  const mail = (await server.services.mail.latest(20)).find((m) => m.recipient === email);
  const match = mail?.body_text.match(/reset-password\/([A-Za-z0-9_-]+)\?/);
  if (!match) throw new Error(`no reset mail for ${email}`);
  return match[1]!;
}

async function forgot(email: string, client = new Client(server)) {
  await client.csrf();
  return client.post('/api/forgot-password', { email, partner_slug: 'sp' });
}

describe('POST api/forgot-password', () => {
  it('answers an existing and an unknown email with the same neutral message (PWD-03)', async () => {
    const known = await forgot('trainer@demo.test');
    const unknown = await forgot('nobody-here@demo.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await json(known)).toEqual({ message: MSG.forgotSent });
    expect(await json(unknown)).toEqual({ message: MSG.forgotSent });
    await server.services.mail.idle();
    const mails = await server.services.mail.latest(50);
    expect(mails.some((m) => m.recipient === 'nobody-here@demo.test')).toBe(false);
    const mail = mails.find((m) => m.recipient === 'trainer@demo.test')!;
    expect(mail.body_text).toContain('http://localhost:8080/reset-password/');
    expect(mail.body_text).toContain('partner_slug=sp');
  });

  it('stores only a hash of the token', async () => {
    await forgot('observer@demo.test');
    const token = await mailedToken('observer@demo.test');
    const rows = await server.db.selectFrom('emailed_links').select('token_hash').where('purpose', '=', 'password_reset').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('requires a valid email (422 with the field message)', async () => {
    const client = new Client(server);
    await client.csrf();
    const res = await client.post('/api/forgot-password', { email: '' });
    expect(res.status).toBe(422);
    expect((await json(res)).errors.email).toEqual(['The email field is required.']);
  });

  it('throttles repeated requests for one email with 429', async () => {
    const client = new Client(server);
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) last = await forgot('reviewer@demo.test', client);
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toBeTruthy();
  });
});

describe('POST api/reset-password', () => {
  it('sets the new password once, revokes sessions, and refuses a second use (PWD-04)', async () => {
    const email = 'headtrainer@demo.test';
    const other = await signedIn(server, email);
    await forgot(email);
    const token = await mailedToken(email);
    const client = new Client(server);
    await client.csrf();
    const resets = (await server.services.audit.list('auth.password_reset')).length;
    const res = await client.post('/api/reset-password', {
      token,
      email,
      password: 'a-brand-new-passphrase',
      password_confirmation: 'a-brand-new-passphrase',
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: MSG.resetDone });
    expect((await server.services.audit.list('auth.password_reset')).length).toBe(resets + 1);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    expect((await new Client(server).login(email, 'a-brand-new-passphrase')).status).toBe(200);
    expect((await new Client(server).login(email, DEMO_PASSWORD)).status).toBe(422);

    const again = await client.post('/api/reset-password', {
      token,
      email,
      password: 'another-new-passphrase',
      password_confirmation: 'another-new-passphrase',
    });
    expect(again.status).toBe(422);
    expect(await json(again)).toEqual({ message: MSG.resetInvalid, errors: { email: [MSG.resetInvalid] } });
  });

  it("refuses user A's token with user B's email, and an unknown token, with the same message", async () => {
    await forgot('author@demo.test');
    const token = await mailedToken('author@demo.test');
    const client = new Client(server);
    await client.csrf();
    const body = { password: 'yet-another-passphrase', password_confirmation: 'yet-another-passphrase' };
    const crossed = await client.post('/api/reset-password', { ...body, token, email: 'learner@demo.test' });
    const bogus = await client.post('/api/reset-password', { ...body, token: 'not-a-token', email: 'author@demo.test' });
    expect(crossed.status).toBe(422);
    expect(await json(crossed)).toEqual(await json(bogus));
    expect((await new Client(server).login('learner@demo.test')).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    await forgot('admin@demo.test');
    const token = await mailedToken('admin@demo.test');
    await server.db
      .updateTable('emailed_links')
      .where('purpose', '=', 'password_reset')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const client = new Client(server);
    await client.csrf();
    const res = await client.post('/api/reset-password', {
      token,
      email: 'admin@demo.test',
      password: 'expired-token-passphrase',
      password_confirmation: 'expired-token-passphrase',
    });
    expect(res.status).toBe(422);
  });

  it('validates the new password with field errors (PWD-02)', async () => {
    const client = new Client(server);
    await client.csrf();
    const short = await client.post('/api/reset-password', {
      token: 't',
      email: 'admin@demo.test',
      password: 'short7c',
      password_confirmation: 'short7c',
    });
    expect((await json(short)).errors.password).toEqual(['The password field must be at least 8 characters.']);
    const mismatch = await client.post('/api/reset-password', {
      token: 't',
      email: 'admin@demo.test',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-2',
    });
    expect((await json(mismatch)).errors.password).toEqual(['The password field confirmation does not match.']);
    const common = await client.post('/api/reset-password', {
      token: 't',
      email: 'admin@demo.test',
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect((await json(common)).errors.password).toEqual([MSG.breachedPassword]);
    const long = `${'x'.repeat(64)}Y1!`;
    const ok = await client.post('/api/reset-password', {
      token: 't',
      email: 'admin@demo.test',
      password: long,
      password_confirmation: long,
    });
    expect((await json(ok)).errors).not.toHaveProperty('password');
  });
});
