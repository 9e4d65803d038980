import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

// Issue 22 item 1, decision 0085: API JSON goes out compressed when the client accepts it; the change streams do not.
let server: TestServer;
let learner: Client;
beforeAll(async () => {
  server = await startTestServer();
  learner = await signedIn(server, 'learner@demo.test');
});
afterAll(() => server.close());

describe('API answers compressed for clients that accept it', () => {
  it('a JSON answer goes out gzip, with Vary, and reads back as the same JSON', async () => {
    const plain = await learner.get('/api/scenario');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();

    const zipped = await learner.get('/api/scenario', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(zipped.headers.get('content-type')).toMatch(/^application\/json/);
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(text.length);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(JSON.parse(text));
  });

  it('an answer the client may not take compressed stays as it is (q=0 refuses gzip)', async () => {
    const res = await learner.get('/api/scenario', { headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await res.text())).toBeTruthy();
  });

  it('the change stream is never compressed: events arrive one by one', async () => {
    const res = await learner.get('/sync/v1/stream?collections=notifications', {
      headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('ready');
    await reader.cancel();
  });
});
