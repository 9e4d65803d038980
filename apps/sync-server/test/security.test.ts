import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, json } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('headers (HDR-01)', () => {
  it('sends HSTS, CSP, nosniff, a referrer policy and no-store on the API', async () => {
    const res = await server.app.request('http://localhost:8080/api/config');
    const h = res.headers;
    expect(h.get('strict-transport-security')).toMatch(/max-age=31536000; includeSubDomains/);
    const csp = h.get('content-security-policy')!;
    for (const part of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", 'https://js.stripe.com']) {
      expect(csp).toContain(part);
    }
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('referrer-policy')).toBeTruthy();
    expect(h.get('cache-control')).toBe('no-store');
    expect(h.get('x-powered-by')).toBeNull();
  });
});

describe('errors (HDR-02)', () => {
  it('answers an unknown API path with JSON 404', async () => {
    const res = await server.app.request('http://localhost:8080/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ message: 'Not Found' });
  });

  it('answers malformed JSON with 400 and no stack', async () => {
    const client = new Client(server);
    await client.csrf();
    const res = await client.request('POST', '/api/login', { body: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toMatch(/at .*\.ts:\d+|node_modules|SyntaxError/);
  });

  it('refuses deeply nested JSON with 400 (VAL-11)', async () => {
    const client = new Client(server);
    await client.csrf();
    const deep = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`;
    const res = await client.request('POST', '/api/login', { body: deep, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });

  it('refuses a body over the limit with 413', async () => {
    const client = new Client(server);
    await client.csrf();
    const big = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1_100_000) });
    const res = await client.request('POST', '/api/login', { body: big, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
  });

  it('leaves the prototype alone with __proto__ keys', async () => {
    const client = new Client(server);
    await client.csrf();
    const res = await client.request('POST', '/api/login', {
      body: '{"__proto__": {"polluted": true}, "email": "x@y.test", "password": "p"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(422);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
