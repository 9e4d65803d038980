import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('malformed addresses are a 4xx, never a 500 (issue 11 item 5)', () => {
  for (const path of ['/%', '/%E0%A4%A', '/api/%E0%A4%A', '/sync/v1/%ff/pull', '/api/playlists/%ff', '/assets/%c0%af.js', '/visit/%']) {
    it(`GET ${path}`, async () => {
      const res = await server.app.request(`http://localhost:8080${path}`, { headers: { host: 'localhost:8080' } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });
  }
});

describe('a body over the limit', () => {
  it('answers 413 and says the connection closes, since the rest of the body is never read', async () => {
    const res = await server.app.request('http://localhost:8080/api/contact-us', {
      method: 'POST',
      headers: { host: 'localhost:8080', 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect((await json(res)).message).toBeTruthy();
  });
});
