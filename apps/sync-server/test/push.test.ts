import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let fake: Server;
let base: string;
const received: { url: string; headers: Record<string, unknown>; bytes: number }[] = [];
let answer = 201;

beforeAll(async () => {
  // A stand-in for a browser's push service on this machine.
  fake = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, bytes: Buffer.concat(chunks).length });
      res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  server = await startTestServer({ pushServiceHosts: ['fcm.googleapis.com', base] });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => fake.close(resolve));
});

function subscription(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${base}${path}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe('Web Push', () => {
  let learner: Client;
  beforeAll(async () => {
    learner = await signedIn(server, 'learner@demo.test');
  });

  it('serves the VAPID public key', async () => {
    const { public_key } = await json(await learner.get('/api/push/public-key'));
    expect(public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect((await json(await learner.get('/api/push/public-key'))).public_key).toBe(public_key);
  });

  it('delivers an encrypted, VAPID-signed message to a subscribed user who turned push on', async () => {
    const sub = subscription('/push/learner-1');
    expect((await learner.post('/api/push/subscribe', sub)).status).toBe(200);
    const userId = (await server.services.users.byEmail('learner@demo.test'))!.id;
    const before = received.length;
    await server.services.push.sendTo(userId, { title: 'Not yet', body: null });
    expect(received.length).toBe(before);
    await learner.request('PATCH', '/api/auth/user/update-field/enable_push_notifications', { json: { value: true } });
    expect(await server.services.push.sendTo(userId, { title: 'Visit confirmed', body: 'See you soon' })).toBe(1);
    const last = received.at(-1)!;
    expect(last.url).toBe('/push/learner-1');
    expect(last.headers['content-encoding']).toBe('aes128gcm');
    expect(String(last.headers.authorization)).toMatch(/^vapid t=/);
    expect(last.bytes).toBeGreaterThan(0);
  });

  it('forgets a subscription the push service says is gone', async () => {
    const userId = (await server.services.users.byEmail('learner@demo.test'))!.id;
    answer = 410;
    await server.services.push.sendTo(userId, { title: 'x', body: null });
    answer = 201;
    const left = await server.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute();
    expect(left).toEqual([]);
  });

  it('refuses endpoints that are not push services (HTML-04)', async () => {
    for (const endpoint of [
      'http://169.254.169.254/latest',
      'https://evil.example/push',
      'http://localhost:5432/',
      'javascript:alert(1)',
    ]) {
      const res = await learner.post('/api/push/subscribe', { ...subscription('/x'), endpoint });
      expect(res.status, endpoint).toBe(422);
    }
    expect(
      (await learner.post('/api/push/subscribe', { ...subscription('/x'), endpoint: 'https://fcm.googleapis.com/fcm/send/abc' })).status,
    ).toBe(200);
  });
});
