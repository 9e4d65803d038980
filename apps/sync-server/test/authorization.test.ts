import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStateChanging } from '../src/http/route';
import { Client, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const key = (method: string, path: string) => `${method} ${path}`;

describe('route policy coverage (AUTHZ-01)', () => {
  it('every route registered on the app has a declared policy', () => {
    const declared = new Set(server.registry.map((r) => key(r.method, r.path)));
    const handlers = server.app.routes.filter((r) => r.method !== 'ALL');
    expect(handlers.length).toBeGreaterThan(0);
    const undeclared = handlers.map((r) => key(r.method, r.path)).filter((k) => !declared.has(k));
    expect(undeclared).toEqual([]);
  });

  it('every declared route names its access rule and scope', () => {
    for (const r of server.registry) {
      expect(['public', 'authenticated', 'permission', 'super_admin', 'demo', 'test']).toContain(r.access.type);
      expect(['none', 'self', 'partner', 'object']).toContain(r.scope);
    }
  });

  it('catches a route added without a policy', () => {
    server.app.get('/api/sneaky', (c) => c.json({}));
    const declared = new Set(server.registry.map((r) => key(r.method, r.path)));
    const undeclared = server.app.routes.filter((r) => r.method !== 'ALL').filter((r) => !declared.has(key(r.method, r.path)));
    expect(undeclared.map((r) => r.path)).toEqual(['/api/sneaky']);
    server.app.routes.splice(
      server.app.routes.findIndex((r) => r.path === '/api/sneaky'),
      1,
    );
  });
});

describe('default deny (AUTHZ-02)', () => {
  const sample = (path: string) => path.replace(/:[a-z_]+/g, '1');

  it('answers 401 to an anonymous caller on every route that needs a session', async () => {
    const client = new Client(server);
    await client.csrf();
    for (const r of server.registry.filter((r) => r.access.type !== 'public' && r.access.type !== 'demo' && r.access.type !== 'test')) {
      const res = await client.request(r.method, sample(r.path), r.method !== 'GET' ? { json: {} } : {});
      expect(res.status, key(r.method, r.path)).toBe(401);
    }
  });

  it('answers 419 to a state change without the CSRF header on every such route', async () => {
    const client = await signedIn(server, 'superadmin@demo.test');
    for (const r of server.registry.filter(isStateChanging)) {
      const res = await client.request(r.method, sample(r.path), r.method !== 'GET' ? { json: {}, csrf: false } : { csrf: false });
      expect(res.status, key(r.method, r.path)).toBe(419);
    }
  });
});
