import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSuperAdmin, generatePassword } from '../src/cli/super-admin';
import { ConfigError, loadConfig } from '../src/config';
import { Client, json } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

describe('demo mode defaults (issue 10 item 2)', () => {
  it('is on by default only in the embedded mode', () => {
    expect(loadConfig({}).demoMode).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', DEMO_MODE: 'true' }).demoMode).toBe(true);
  });

  it('is never on with NODE_ENV=production, and asking for it refuses to start', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app' }).demoMode).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' })).toThrow(ConfigError);
  });

  it('test mode (the movable clock, the test data routes) is off unless asked for, and refused in production', () => {
    expect(loadConfig({}).testMode).toBe(false);
    expect(loadConfig({ TEST_MODE: 'true' }).testMode).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_MODE: 'true' })).toThrow(ConfigError);
  });
});

describe('a production run: empty database, no demo routes, the first super admin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ demoMode: false, testMode: false, production: true }, { seed: false });
  });
  afterAll(async () => {
    await server.close();
  });

  it('starts with no users and no demo routes (not served, not documented)', async () => {
    const users = await server.db.selectFrom('users').select('id').execute();
    expect(users).toEqual([]);
    const client = new Client(server);
    expect((await client.get('/api/demo/outbox')).status).toBe(404);
    const doc = await json(await client.get('/openapi.json'));
    expect(Object.keys(doc.paths).filter((p) => p.includes('/demo/') || p.includes('/test/'))).toEqual([]);
    expect((await client.get('/api/test/clock')).status).toBe(404);
    expect((await json(await client.get('/api/config'))).demo_mode).toBe(false);
  });

  it('creates the main brand and a super admin who can sign in and manage users', async () => {
    const password = generatePassword();
    expect(password).toMatch(/^[A-Za-z2-9]{20}$/);
    const made = await createSuperAdmin(server.db, { email: ' First.Admin@Example.org ', password, productName: 'SimVisit' });
    expect(made.createdPartner).toBe(true);

    const client = new Client(server);
    const res = await client.login('first.admin@example.org', password);
    expect(res.status).toBe(200);
    const me = await json(await client.get('/api/auth/user'));
    expect(me.user?.email ?? me.email).toBe('first.admin@example.org');
    expect((await client.post('/api/user/management', { role_id: 0 })).status).toBe(200);
  });

  it('refuses an existing email and a weak password with their words, changing nothing', async () => {
    await expect(
      createSuperAdmin(server.db, { email: 'first.admin@example.org', password: generatePassword(), productName: 'SimVisit' }),
    ).rejects.toThrow('A user with the email first.admin@example.org already exists.');
    await expect(createSuperAdmin(server.db, { email: 'second@example.org', password: 'short', productName: 'SimVisit' })).rejects.toThrow(
      'The password field must be at least 8 characters.',
    );
    await expect(
      createSuperAdmin(server.db, { email: 'not-an-email', password: generatePassword(), productName: 'SimVisit' }),
    ).rejects.toThrow('The email field must be a valid email address.');
    const users = await server.db.selectFrom('users').select('email').execute();
    expect(users.map((u) => u.email)).toEqual(['first.admin@example.org']);
  });
});
