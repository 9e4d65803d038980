import { MSG } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signedIn } from './support/client';
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
