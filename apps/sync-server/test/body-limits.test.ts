import { type AnyContract, bodyLimitOf, JSON_BODY_LIMIT_BYTES, MSG } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Every call's body limit is the one its contract declares, applied where it is mounted (issue 18 item 4,
 * docs/decisions/0065): an upload just over its own limit is answered 413 with the spec's message, while every
 * other call, the sync protocol's included, keeps the small JSON limit.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seed: false });
});
afterAll(async () => {
  await server.close();
});

const withBody = (route: AnyContract) => route.method !== 'GET';
const urlOf = (route: AnyContract) => route.path.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

/** An anonymous request with `bytes` bytes of body: the limit answers before the guard, so no session is needed. */
function send(route: AnyContract, bytes: number, contentType = 'multipart/form-data; boundary=x') {
  return server.app.request(`http://localhost:8080${urlOf(route)}`, {
    method: route.method,
    headers: { host: 'localhost:8080', 'content-type': contentType, 'content-length': String(bytes) },
    body: new Uint8Array(bytes),
  });
}

async function expectTooLarge(res: Response) {
  expect(res.status).toBe(413);
  expect(res.headers.get('connection')).toBe('close');
  expect(await res.json()).toEqual({ message: MSG.payloadTooLarge });
}

describe('an upload declares its own body limit on its contract', () => {
  const uploads = () => server.registry.filter((r) => r.bodyLimit !== undefined);

  it('is declared by the spec’s uploads, each above the JSON limit', () => {
    const paths = uploads().map((r) => r.path);
    for (const path of [
      '/api/apply',
      '/api/article/save',
      '/api/article/update',
      '/api/landing-page/:partner_id/logo',
      '/api/social/save',
      '/api/social/update',
      '/api/partner/email-list',
      '/api/auth/user/update-profile-image',
    ]) {
      expect(paths).toContain(path);
    }
    for (const route of uploads()) expect(bodyLimitOf(route), route.path).toBeGreaterThan(JSON_BODY_LIMIT_BYTES);
  });

  it('answers 413 with the spec’s message just over the limit, and lets a body at the limit through to the guard', async () => {
    for (const route of uploads()) {
      await expectTooLarge(await send(route, bodyLimitOf(route) + 1));
      const atLimit = await send(route, bodyLimitOf(route));
      expect(atLimit.status, route.path).not.toBe(413);
      expect(atLimit.status, route.path).toBeLessThan(500);
    }
  });
});

describe('every other call keeps the small JSON limit', () => {
  it('answers 413 just over it, on REST calls and on the sync protocol alike', async () => {
    const others = server.registry.filter((r) => withBody(r) && r.bodyLimit === undefined);
    expect(others.some((r) => r.path.startsWith('/sync/v1'))).toBe(true);
    for (const route of others) {
      const res = await send(route, JSON_BODY_LIMIT_BYTES + 1, 'application/json');
      expect(res.status, `${route.method} ${route.path}`).toBe(413);
      expect(await res.json()).toEqual({ message: MSG.payloadTooLarge });
    }
  });
});
