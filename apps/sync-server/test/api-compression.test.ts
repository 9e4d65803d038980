import { gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD } from '../src/http/compress-json';
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
    const plain = await learner.get('/api/countries');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(COMPRESS_THRESHOLD);

    const zipped = await learner.get('/api/countries', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(zipped.headers.get('content-type')).toMatch(/^application\/json/);
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(text.length);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(JSON.parse(text));
  });

  it('an answer the client may not take compressed stays as it is (q=0 refuses gzip)', async () => {
    const res = await learner.get('/api/countries', { headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await res.text())).toBeTruthy();
  });

  it('a small answer goes out as it is: below the threshold compressing costs more than it saves', async () => {
    const res = await learner.get('/api/auth/csrf-free-probe-that-does-not-exist', { headers: { 'accept-encoding': 'gzip' } });
    const text = await res.text();
    expect(text.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(text)).toHaveProperty('message');
  });

  it('deflate when the client takes only deflate, and the answer keeps its status and cookies', async () => {
    const plain = await (await learner.get('/api/countries')).text();
    const res = await learner.get('/api/countries', { headers: { 'accept-encoding': 'deflate' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('deflate');
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(JSON.parse(inflateSync(Buffer.from(await res.arrayBuffer())).toString('utf8'))).toEqual(JSON.parse(plain));
    const refused = await learner.get('/api/no-such-call-here', { headers: { 'accept-encoding': 'gzip' } });
    expect(refused.status).toBe(404);
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
