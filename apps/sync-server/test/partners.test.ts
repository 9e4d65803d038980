import { MSG } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('POST api/partner/single', () => {
  it('answers the branding of a known slug and error for an unknown one', async () => {
    const client = new Client(server);
    await client.csrf();
    const known = await json(await client.post('/api/partner/single', { partner_slug: 'simclusive' }));
    expect(known).toMatchObject({ slug: 'simclusive', is_sim: true, short_name: 'Simclusive' });
    const unknown = await json(await client.post('/api/partner/single', { partner_slug: 'no-such-partner' }));
    expect(unknown.slug).toBe('error');
    const crafted = await json(await client.post('/api/partner/single', { partner_slug: "x' OR 1=1 --" }));
    expect(crafted.slug).toBe('error');
  });

  it('takes the slug from the subdomain first', async () => {
    const client = new Client(server, 'northfield.localhost:8080');
    await client.csrf();
    const res = await json(await client.post('/api/partner/single', { partner_slug: 'sp' }));
    expect(res.slug).toBe('northfield');
    const config = await json(await client.get('/api/config'));
    expect(config.host_partner_slug).toBe('northfield');
  });

  it('signs a user in at the partner of the subdomain', async () => {
    const client = await signedIn(server, 'clientadmin@demo.test', 'sp', 'lakeside.localhost:8080');
    expect((await json(await client.get('/api/auth/user'))).partner.slug).toBe('lakeside');
  });
});

describe('POST api/partner/switch', () => {
  it('switches to a partner of the user and writes an audit row', async () => {
    const client = await signedIn(server, 'clientadmin@demo.test', 'simclusive');
    const res = await client.post('/api/partner/switch', { partner_id: 3 });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ message: MSG.partnerSwitched, redirect: '/dashboard', partner: { id: 3, slug: 'lakeside' } });
    expect((await json(await client.get('/api/auth/user'))).partner.id).toBe(3);
    const audit = await server.services.audit.list('partner.switch');
    expect(audit.at(-1)).toMatchObject({ partner_id: 3, target_id: '3' });
  });

  it('refuses a partner the user does not belong to with 403 and changes nothing (AUTHZ-10)', async () => {
    const client = await signedIn(server, 'learner@demo.test');
    const res = await client.post('/api/partner/switch', { partner_id: 28 });
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual({ message: MSG.partnerNotYours });
    expect((await json(await client.get('/api/auth/user'))).partner.id).toBe(1);
    const unknown = await client.post('/api/partner/switch', { partner_id: 9999 });
    expect(unknown.status).toBe(403);
    const bad = await client.post('/api/partner/switch', { partner_id: 'x' });
    expect(bad.status).toBe(422);
  });

  it('lets a super admin switch to any partner', async () => {
    const client = await signedIn(server, 'superadmin@demo.test');
    expect((await client.post('/api/partner/switch', { partner_id: 29 })).status).toBe(200);
  });
});

describe('GET api/partner', () => {
  it("lists the user's own partners with seats", async () => {
    const client = await signedIn(server, 'clientadmin@demo.test', 'simclusive');
    const list = await json(await client.get('/api/partner'));
    expect(list.map((p: { slug: string }) => p.slug)).toEqual(['northfield', 'lakeside', 'simclusive']);
    expect(list[0]).toEqual({
      id: 2,
      long_name: 'Northfield University',
      short_name: 'Northfield',
      slug: 'northfield',
      seats: 120,
      used_seats: 101,
      held_seats: 0,
    });
  });

  it('needs a session', async () => {
    expect((await new Client(server).get('/api/partner')).status).toBe(401);
  });
});
