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

async function auditActions(action: string) {
  return (await server.services.audit.list(action)).length;
}

describe('GET sanctum/csrf-cookie', () => {
  it('sets an HttpOnly session cookie and a readable XSRF-TOKEN cookie (AUTH-05)', async () => {
    const res = await server.app.request('http://localhost:8080/sanctum/csrf-cookie');
    expect(res.status).toBe(204);
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('__Host-simvisit_session='))!;
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/Secure/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\//);
    expect(session).not.toMatch(/Domain=/i);
    expect(xsrf).not.toMatch(/HttpOnly/);
    expect(xsrf).toMatch(/Secure/);
  });
});

describe('POST api/login', () => {
  it('signs in, answers the partner and rotates the session id (AUTH-03)', async () => {
    const client = new Client(server);
    await client.csrf();
    const before = client.sessionCookie;
    const oldCookies = new Map(client.cookies);
    const res = await client.post('/api/login', { email: 'learner@demo.test', password: DEMO_PASSWORD, slug: 'sp' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.partner).toMatchObject({ id: 1, slug: 'sp' });
    expect(client.sessionCookie).toBeDefined();
    expect(client.sessionCookie).not.toBe(before);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    // the pre-login session id no longer authenticates anything
    const stale = new Client(server);
    stale.cookies = oldCookies;
    expect((await stale.get('/api/auth/user')).status).toBe(401);
  });

  it('answers an unknown email and a wrong password identically (AUTH-01)', async () => {
    const a = new Client(server);
    await a.csrf();
    const wrong = await a.post('/api/login', { email: 'sp@demo.test', password: 'not-the-password' });
    const b = new Client(server);
    await b.csrf();
    const unknown = await b.post('/api/login', { email: 'nobody@demo.test', password: 'not-the-password' });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    const wrongBody = await json(wrong);
    expect(wrongBody).toEqual(await json(unknown));
    expect(wrongBody).toEqual({ message: MSG.loginFailed, errors: { email: [MSG.loginFailed] } });
    const headerNames = (r: Response) => [...r.headers.keys()].filter((k) => !['x-request-id', 'date'].includes(k)).sort();
    expect(headerNames(wrong)).toEqual(headerNames(unknown));
  });

  it('refuses missing fields with 422 and field messages', async () => {
    const client = new Client(server);
    await client.csrf();
    const res = await client.post('/api/login', { email: 'not-an-email' });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.errors.email).toEqual(['The email field must be a valid email address.']);
    expect(body.errors.password).toEqual(['The password field is required.']);
  });

  it('throttles after 5 failures for one email and address, with Retry-After (AUTH-02)', async () => {
    const client = new Client(server);
    await client.csrf();
    const email = 'observer@demo.test';
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/login', { email, password: 'wrong-password' })).status).toBe(422);
    }
    const limited = await client.post('/api/login', { email, password: DEMO_PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(limited)).message).toMatch(/Too many login attempts/);
    expect(client.sessionCookie).toBeDefined();
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('counts concurrent attempts before checking them: a burst verifies at most 5 passwords (AUTH-02)', async () => {
    const client = new Client(server);
    await client.csrf();
    const email = 'headtrainer@demo.test';
    const burst = await Promise.all(Array.from({ length: 40 }, () => client.post('/api/login', { email, password: 'wrong-password' })));
    const statuses = burst.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    // The right password after the burst is refused too: every attempt above was counted.
    expect((await client.post('/api/login', { email, password: DEMO_PASSWORD })).status).toBe(429);
  });

  it('ignores X-Forwarded-For from an untrusted peer, so spoofing it does not reset the limit', async () => {
    const client = new Client(server);
    await client.csrf();
    const email = 'reviewer@demo.test';
    for (let i = 0; i < 5; i++) {
      await client.post('/api/login', { email, password: 'wrong-password' }, { headers: { 'x-forwarded-for': `10.0.0.${i}` } });
    }
    const res = await client.post('/api/login', { email, password: DEMO_PASSWORD }, { headers: { 'x-forwarded-for': '10.9.9.9' } });
    expect(res.status).toBe(429);
  });

  it('writes audit rows for a login and a failed login (LOG-01)', async () => {
    const logins = await auditActions('auth.login');
    const failures = await auditActions('auth.login_failed');
    await signedIn(server, 'author@demo.test');
    const c = new Client(server);
    await c.login('author@demo.test', 'wrong-password');
    expect(await auditActions('auth.login')).toBe(logins + 1);
    expect(await auditActions('auth.login_failed')).toBe(failures + 1);
    const rows = await server.services.audit.list('auth.login_failed');
    expect(JSON.stringify(rows.at(-1))).not.toContain('wrong-password');
  });

  it('stores argon2id hashes with the policy parameters (PWD-01)', async () => {
    const user = await server.services.users.byEmail('learner@demo.test');
    expect(user!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('CSRF (Sanctum contract)', () => {
  it('refuses a state change without X-XSRF-TOKEN even with the cookie (CSRF-01, CSRF-02)', async () => {
    const client = new Client(server);
    await client.csrf();
    const res = await client.post('/api/login', { email: 'learner@demo.test', password: DEMO_PASSWORD }, { csrf: false });
    expect(res.status).toBe(419);
    expect(await json(res)).toEqual({ message: 'CSRF token mismatch.' });
    expect(client.sessionCookie).toBeDefined();
    expect((await client.get('/api/auth/check')).status).toBe(401);
  });

  it("refuses another session's token (CSRF-03)", async () => {
    const attacker = new Client(server);
    await attacker.csrf();
    const victim = await signedIn(server, 'learner@demo.test');
    const res = await victim.post('/api/partner/switch', { partner_id: 1 }, { headers: { 'x-xsrf-token': attacker.xsrf! } });
    expect(res.status).toBe(419);
  });

  it('refuses a call with no session at all with 419', async () => {
    const res = await server.app.request('http://localhost:8080/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': 'anything' },
      body: JSON.stringify({ email: 'learner@demo.test', password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(419);
  });

  it('refuses a cross-site origin with 403 (CSRF-04)', async () => {
    const client = await signedIn(server, 'learner@demo.test');
    const res = await client.post('/api/partner/switch', { partner_id: 1 }, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    const nullOrigin = await client.post('/api/partner/switch', { partner_id: 1 }, { headers: { origin: 'null' } });
    expect(nullOrigin.status).toBe(403);
  });

  it('refuses a text/plain body on a JSON call with 415 (CSRF-04)', async () => {
    const client = new Client(server);
    await client.csrf();
    const res = await client.request('POST', '/api/login', {
      body: JSON.stringify({ email: 'learner@demo.test', password: DEMO_PASSWORD }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });
});

describe('session calls', () => {
  it('answers 401 on api/auth/user without a session', async () => {
    const res = await new Client(server).get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers api/auth/user with the keys of the spec', async () => {
    const client = await signedIn(server, 'superadmin@demo.test');
    const body = await json(await client.get('/api/auth/user'));
    expect(Object.keys(body).sort()).toEqual(
      ['notifications', 'partner', 'partners', 'password_approved', 'permissions', 'registation_fields', 'user'].sort(),
    );
    expect(body.user.super_admin).toBe(1);
    expect(body.user).not.toHaveProperty('password');
    expect(body.permissions).toContain('user.view_list');
    expect(body.partners.map((p: { slug: string }) => p.slug)).toEqual(expect.arrayContaining(['sp', 'simclusive', 'northfield']));
    expect(body.partners[0]).not.toHaveProperty('password');
    expect(body.password_approved).toBe(true);
    expect(body.notifications[0].title).toBe('Welcome to SimVisit');
  });

  it('gives a learner no admin permissions', async () => {
    const client = await signedIn(server, 'learner@demo.test');
    const body = await json(await client.get('/api/auth/user'));
    expect(body.permissions).toEqual([]);
    expect(body.partners.map((p: { slug: string }) => p.slug)).toEqual(['sp']);
  });

  it('answers api/auth/check with 401 without a session (spec 000 §8), 200 with one', async () => {
    const anonymous = await new Client(server).get('/api/auth/check');
    expect(anonymous.status).toBe(401);
    expect(await json(anonymous)).toEqual({ message: 'Unauthenticated.' });
    const client = await signedIn(server, 'learner@demo.test');
    expect(await json(await client.get('/api/auth/check'))).toEqual({ authenticated: true });
  });

  it("carries an SP's availabilities on api/auth/user (spec 000 §3)", async () => {
    const sp = await signedIn(server, 'sp@demo.test');
    const { user } = await json(await sp.get('/api/auth/user'));
    expect(user.availabilities.length).toBeGreaterThan(0);
    for (const a of user.availabilities) {
      expect(Object.keys(a)).toEqual(expect.arrayContaining(['id', 'day', 'start_time', 'end_time', 'local_start_time', 'local_end_time']));
    }
    const learner = await signedIn(server, 'learner@demo.test');
    expect((await json(await learner.get('/api/auth/user'))).user.availabilities).toEqual([]);
  });

  it('requires X-XSRF-TOKEN on GET api/logout, then destroys the session (AUTH-04)', async () => {
    const client = await signedIn(server, 'learner@demo.test');
    const stolen = new Map(client.cookies);
    expect((await client.get('/api/logout', { csrf: false })).status).toBe(419);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const logouts = await auditActions('auth.logout');
    const res = await client.get('/api/logout');
    expect(res.status).toBe(200);
    expect(await auditActions('auth.logout')).toBe(logouts + 1);
    const replay = new Client(server);
    replay.cookies = stolen;
    expect((await replay.get('/api/auth/user')).status).toBe(401);
  });

  it('issues a read-only bearer token', async () => {
    const client = await signedIn(server, 'learner@demo.test');
    const { token } = await json(await client.get('/api/auth/user/token'));
    expect(typeof token).toBe('string');
    const read = await server.app.request('http://localhost:8080/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    const write = await server.app.request('http://localhost:8080/api/partner/switch', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ partner_id: 1 }),
    });
    expect(write.status).toBe(403);
  });

  it('expires a session after the idle limit (AUTH-06)', async () => {
    const client = await signedIn(server, 'learner@demo.test');
    const hash = (await server.db.selectFrom('sessions').select(['id', 'last_seen_at']).orderBy('created_at', 'desc').execute())[0]!;
    await server.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 60 * 1000) })
      .where('id', '=', hash.id)
      .execute();
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });
});
