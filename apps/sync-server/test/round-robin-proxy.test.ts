import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createBalancer } from '../src/http/round-robin-proxy';

/*
 * The balancer in front of several server processes (issue 23 item 6, decision 0094), against plain HTTP servers
 * that say who they are: the turn, the headers the servers rely on, streams, abandoned requests and a stopped server.
 * The servers themselves behind it: two-servers.test.ts.
 */
const open: http.Server[] = [];

async function listening(server: http.Server): Promise<string> {
  open.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A server answering its name and what it was sent. */
function named(name: string, onRequest?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean) {
  return http.createServer((req, res) => {
    if (onRequest?.(req, res)) return;
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name, method: req.method, host: req.headers.host, xff: req.headers['x-forwarded-for'] ?? null, body }));
    });
  });
}

async function stopped(): Promise<string> {
  const server = http.createServer();
  const url = await listening(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  open.splice(open.indexOf(server), 1);
  return url;
}

afterEach(async () => {
  for (const server of open.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('the round-robin balancer', () => {
  it('sends each request to the next server in turn, with the Host kept and the client appended to X-Forwarded-For', async () => {
    const front = await listening(createBalancer({ targets: [await listening(named('a')), await listening(named('b'))] }));
    const seen = [];
    // node:http rather than fetch, which sends its own Host.
    const get = () =>
      new Promise<{ name: string; host: string; xff: string }>((resolve, reject) => {
        const req = http.get(
          `${front}/api/config`,
          { headers: { host: 'northfield.localhost:8080', 'x-forwarded-for': '203.0.113.9' } },
          (res) => {
            let text = '';
            res.on('data', (chunk) => {
              text += chunk;
            });
            res.on('end', () => resolve(JSON.parse(text)));
          },
        );
        req.on('error', reject);
      });
    for (let i = 0; i < 4; i++) seen.push(await get());
    expect(seen.map((s) => s.name)).toEqual(['a', 'b', 'a', 'b']);
    expect(seen[0]!.host).toBe('northfield.localhost:8080');
    // The servers read the last entry: the address the balancer saw, not what the client claimed.
    expect(seen[0]!.xff).toBe('203.0.113.9,127.0.0.1');
  });

  it('passes a request body through', async () => {
    const front = await listening(createBalancer({ targets: [await listening(named('a'))] }));
    const res = await fetch(`${front}/api/login`, {
      method: 'POST',
      body: '{"email":"x@y.z"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await res.json()).toMatchObject({ name: 'a', method: 'POST', body: '{"email":"x@y.z"}' });
  });

  it('hands a change stream on event by event, and closes the server side when the client goes away', async () => {
    let sendSecond: () => void = () => {};
    let upstreamClosed: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      upstreamClosed = resolve;
    });
    const streaming = named('a', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: ready\ndata: ok\n\n');
      sendSecond = () => res.write('event: RESYNC\ndata: visits\n\n');
      req.on('close', () => upstreamClosed());
      return true;
    });
    const front = await listening(createBalancer({ targets: [await listening(streaming)] }));
    const controller = new AbortController();
    const res = await fetch(`${front}/sync/v1/stream`, { signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: ready')) text += decoder.decode((await reader.read()).value);
    // The first event came while the server still holds the response open: nothing waits for its end.
    sendSecond();
    while (!text.includes('event: RESYNC')) text += decoder.decode((await reader.read()).value);
    controller.abort();
    await closed;
  });

  it('passes over a server that refuses connections: a GET goes to the next one, a POST is answered 503 with Retry-After', async () => {
    const down = await stopped();
    const front = await listening(createBalancer({ targets: [down, await listening(named('b'))], restMs: 60_000 }));
    const get = await fetch(`${front}/api/config`);
    expect(get.status).toBe(200);
    expect(((await get.json()) as { name: string }).name).toBe('b');
    // The refused server rests: every later request goes to the live one at once.
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push((await fetch(`${front}/api/playlists`, { method: 'POST', body: '{}' })).status);
    expect(posts).toEqual([200, 200, 200]);
  });

  it('answers 503 with Retry-After when no server answers', async () => {
    const front = await listening(createBalancer({ targets: [await stopped(), await stopped()] }));
    const res = await fetch(`${front}/api/playlists`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ message: 'Service Unavailable' });
    expect((await fetch(`${front}/api/config`)).status).toBe(503);
  });
});
