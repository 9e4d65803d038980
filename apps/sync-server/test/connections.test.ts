import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOUNDS, listen } from '../src/http/node-server';
import { type Client, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * Issue 21 items 16 and 12 over real sockets (docs/decisions/0082): a body refused unread closes its connection;
 * a client that trickles its headers is closed after the header timeout, one that really sends its body is not;
 * an address over its connection cap is refused.
 */
let server: TestServer;
let http: Server;
let port: number;

beforeAll(async () => {
  server = await startTestServer();
  http = listen(
    server.app.fetch,
    { port: 0, hostname: '127.0.0.1' },
    { headersTimeoutMs: 1_000, requestTimeoutMs: 60_000, perAddress: 8, keepAliveMs: 60_000 },
  );
  await new Promise((resolve) => http.once('listening', resolve));
  port = (http.address() as AddressInfo).port;
});
afterAll(async () => {
  http?.closeAllConnections();
  await new Promise((resolve) => http?.close(resolve));
  await server?.close();
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}
/** Everything the server sends until it closes the socket or `ms` pass; `closed` says which. */
function collect(socket: Socket, ms: number): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (d) => {
      text += d.toString('latin1');
    });
    const timer = setTimeout(() => resolve({ text, closed: false }), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a refused body closes its connection (item 16)', () => {
  it('answers with Connection: close and closes, so no next request waits on it', async () => {
    const socket = await open();
    const result = collect(socket, 5_000);
    // No CSRF header: refused (419) before anything reads the body, of which only a part was sent.
    socket.write(
      'POST /api/article/delete HTTP/1.1\r\nHost: localhost:8080\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"id": 1',
    );
    const { text, closed } = await result;
    expect(text).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(closed).toBe(true);
  });

  it('keeps a connection whose body was read open for the next request', async () => {
    const socket = await open();
    let closed = false;
    socket.once('close', () => {
      closed = true;
    });
    let text = '';
    socket.on('data', (d) => {
      text += d.toString('latin1');
    });
    // Waits for each answer rather than for a fixed time: a loaded machine answers late, never wrongly.
    const answers = () => (text.match(/HTTP\/1\.1 \d\d\d/g) ?? []).length;
    const answered = async (n: number) => {
      while (answers() < n || !text.slice(text.lastIndexOf('HTTP/1.1 ')).includes('\r\n\r\n')) await sleep(20);
    };
    socket.write('GET /sanctum/csrf-cookie HTTP/1.1\r\nHost: localhost:8080\r\n\r\n');
    await answered(1);
    const cookies = [...text.matchAll(/set-cookie: ([^=]+)=([^;\r]*)/gi)].map((m) => [m[1]!, m[2]!] as const);
    const xsrf = decodeURIComponent(cookies.find(([k]) => k === 'XSRF-TOKEN')?.[1] ?? '');
    const cookie = cookies.map(([k, v]) => `${k}=${v}`).join('; ');
    const body = '{"email":"x@example.com"}';
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: localhost:8080\r\nCookie: ${cookie}\r\nX-XSRF-TOKEN: ${xsrf}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    await answered(2);
    socket.write('GET /api/config HTTP/1.1\r\nHost: localhost:8080\r\n\r\n');
    await answered(3);
    await sleep(300);
    socket.destroy();
    const statuses = text.match(/HTTP\/1\.1 \d\d\d/g) ?? [];
    expect(statuses).toHaveLength(3);
    expect(statuses[1]).toBe('HTTP/1.1 422');
    expect(closed).toBe(false);
  });
});

describe('idle kept-alive connections', () => {
  it('stay open as long as the bound says, which by default outlasts the usual 60 s of clients and proxies', async () => {
    expect(DEFAULT_BOUNDS.keepAliveMs).toBeGreaterThan(60_000);
    // A short bound, to see it applied: Node's own 5 s would keep the socket past the 3 s watched here.
    const short = listen(server.app.fetch, { port: 0, hostname: '127.0.0.1' }, { ...DEFAULT_BOUNDS, keepAliveMs: 200 });
    await new Promise((resolve) => short.once('listening', resolve));
    try {
      const socket = await new Promise<Socket>((resolve, reject) => {
        const s = connect((short.address() as AddressInfo).port, '127.0.0.1', () => resolve(s));
        s.once('error', reject);
      });
      const result = collect(socket, 3_000);
      socket.write('GET /api/config HTTP/1.1\r\nHost: localhost:8080\r\n\r\n');
      const { text, closed } = await result;
      expect(text).toMatch(/^HTTP\/1\.1 200/);
      expect(closed).toBe(true);
    } finally {
      short.closeAllConnections();
      await new Promise((resolve) => short.close(resolve));
    }
  });
});

describe('slow and greedy clients (item 12)', () => {
  it('closes a client that trickles its headers after the header timeout', async () => {
    const socket = await open();
    const result = collect(socket, 6_000);
    const started = Date.now();
    socket.write('GET /api/config HTTP/1.1\r\n');
    for (let i = 0; i < 10 && !socket.destroyed; i++) {
      await sleep(400);
      if (!socket.destroyed) socket.write(`X-Slow-${i}: a\r\n`);
    }
    const { closed } = await result;
    expect(closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(4_500);
  });

  it('does not cut a slow client that really sends its body', async () => {
    const socket = await open();
    const result = collect(socket, 8_000);
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(40) });
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: localhost:8080\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // Three seconds for the body, three times the header timeout, a piece every 300 ms.
    for (let i = 0; i < body.length; i += Math.ceil(body.length / 10)) {
      await sleep(300);
      socket.write(body.slice(i, i + Math.ceil(body.length / 10)));
    }
    await sleep(500);
    socket.destroy();
    const { text } = await result;
    expect(text).toMatch(/^HTTP\/1\.1 (419|422|401)/);
  });

  it('refuses an address its ninth open connection', async () => {
    const sockets = await Promise.all(Array.from({ length: 8 }, () => open()));
    await sleep(100);
    const ninth = await open();
    const { closed } = await collect(ninth, 2_000);
    expect(closed).toBe(true);
    for (const s of sockets) expect(s.destroyed).toBe(false);
    for (const s of sockets) s.destroy();
  });
});

describe('change streams per session (item 12)', () => {
  it('a ninth stream of one session closes the oldest; another session keeps its own', async () => {
    const learner = await signedIn(server, 'learner@demo.test');
    const other = await signedIn(server, 'sp@demo.test');
    const openStream = async (client: Client) => {
      const res = await client.get('/sync/v1/stream?collections=notifications', { headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain('ready');
      return reader;
    };
    /** Whether the stream ended within `ms` (a heartbeat or RESYNC would not end it). */
    const ends = async (reader: ReadableStreamDefaultReader<Uint8Array>, ms: number) => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const next = await Promise.race([reader.read(), sleep(deadline - Date.now()).then(() => null)]);
        if (next === null) return false;
        if (next.done) return true;
      }
      return false;
    };
    const others = await openStream(other);
    const streams = [];
    for (let i = 0; i < 9; i++) streams.push(await openStream(learner));
    expect(await ends(streams[0]!, 2_000)).toBe(true);
    for (const s of streams.slice(1)) expect(await ends(s, 100)).toBe(false);
    expect(await ends(others, 100)).toBe(false);
    for (const s of [...streams.slice(1), others]) await s.cancel();
  });
});
