import { CLIENT_REQUEST_MESSAGES as M, ROLE } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPartner, createTestUser } from '../src/seed/test-factories';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, 'superadmin@demo.test');
});
afterAll(async () => {
  await server.close();
});

/** A learner of partner 1, signed in, who has asked for client admin access; answers the request's id too. */
async function requester(prefix = 'cadmin') {
  const user = await createTestUser(server.db, {
    email_prefix: prefix,
    first_name: 'Casey',
    last_name: 'Client',
    roles: [{ role_id: ROLE.learner, partner_id: 1 }],
  });
  const client = new Client(server);
  expect((await client.login(user.email, user.password)).status).toBe(200);
  return { user, client };
}
async function asked(prefix = 'cadmin') {
  const r = await requester(prefix);
  const res = await r.client.post('/api/request/client-admin');
  expect(res.status).toBe(200);
  const body = await json(res);
  return { ...r, requestId: body.request.id as number };
}
const partners = (isSim = false) =>
  createTestPartner(server.db, { slug_prefix: 'ca', is_sim: isSim, seats: 10, used_seats: 0, passcode: null });
const clientAdminPartners = async (userId: number) =>
  (await server.db.selectFrom('client_admin_partners').select('partner_id').where('user_id', '=', userId).execute())
    .map((r) => r.partner_id)
    .sort((a, b) => a - b);

describe('asking for client admin access', () => {
  it('a signed-in user asks once; the pending state is theirs to see; audited', async () => {
    const { client, user } = await requester();
    expect(await json(await client.get('/api/request/client-admin/mine'))).toEqual({ can_request: true, request: null });
    const first = await json(await client.post('/api/request/client-admin'));
    expect(first).toMatchObject({
      can_request: false,
      request: { user: { id: user.id, email: user.email, name: 'Casey Client' }, is_sim: false, approved_at: null },
    });
    const again = await client.post('/api/request/client-admin');
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe(M.alreadyPending);
    const both = await Promise.all([client.post('/api/request/client-admin'), client.post('/api/request/client-admin')]);
    expect(both.map((r) => r.status)).toEqual([409, 409]);
    const rows = await server.db.selectFrom('client_admin_requests').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    const audit = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'client_admin_request')
      .where('target_id', '=', String(rows[0]!.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['client_admin_request.created']);
    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await anonymous.post('/api/request/client-admin')).status).toBe(401);
  });

  it('a client admin of the partner is not offered it', async () => {
    const user = await createTestUser(server.db, {
      email_prefix: 'already-ca',
      first_name: 'A',
      last_name: 'B',
      roles: [{ role_id: ROLE.client_admin, partner_id: 1 }],
    });
    const client = new Client(server);
    await client.login(user.email, user.password);
    expect((await json(await client.get('/api/request/client-admin/mine'))).can_request).toBe(false);
    const res = await client.post('/api/request/client-admin');
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(M.alreadyClientAdmin);
  });
});

describe('the super admin’s list, detail and approval', () => {
  it('lists pending requests by email, 20 a page, and shows one with the partners of its brand', async () => {
    const prefix = `page${Math.random().toString(36).slice(2, 7)}`;
    const made = [];
    for (let i = 0; i < 21; i++) {
      const u = await createTestUser(server.db, {
        email_prefix: prefix,
        first_name: 'P',
        last_name: String(i),
        roles: [{ role_id: ROLE.learner, partner_id: 1 }],
      });
      made.push(
        (
          await server.db
            .insertInto('client_admin_requests')
            .values({ user_id: u.id, partner_id: 1, is_sim: false })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
    const page1 = await json(await admin.post('/api/request/clients', { email_string: prefix }));
    expect(page1.total).toBe(21);
    expect(page1.requests).toHaveLength(20);
    const page2 = await json(await admin.post('/api/request/clients', { email_string: prefix, page_start: 20 }));
    expect(page2.requests).toHaveLength(1);
    expect(await json(await admin.post('/api/request/clients', { email_string: 'nobody-has-this-%_' }))).toEqual({
      requests: [],
      total: 0,
    });

    const sim = await partners(true);
    const plain = await partners(false);
    const detail = await json(await admin.post('/api/request/client', { request_id: made[0] }));
    expect(detail.request).toMatchObject({ id: made[0], is_sim: false });
    const ids = detail.partners.map((p: { id: number }) => p.id);
    expect(ids).toContain(plain.id);
    expect(ids).not.toContain(sim.id);
    expect((await admin.post('/api/request/client', { request_id: 99999999 })).status).toBe(404);
  });

  it('approval grants client admin for exactly the selected partners; the person then holds the role', async () => {
    const { user, client, requestId } = await asked();
    const [a, b, c] = [await partners(), await partners(), await partners()];
    const res = await admin.post('/api/request/approve', { request_id: requestId, selected_partners: [a.id, b.id] });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('Client Admin Approved.');
    expect(await clientAdminPartners(user.id)).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(await clientAdminPartners(user.id)).not.toContain(c.id);
    const me = (await json(await client.get('/api/auth/user'))).user;
    expect(
      me.user_roles.some(
        (r: { role_id: number; partner_id: number; is_approved: boolean }) =>
          r.role_id === ROLE.client_admin && r.partner_id === 1 && r.is_approved,
      ),
    ).toBe(true);
    // approved requests leave the list; the person is no longer offered the request
    expect((await json(await admin.post('/api/request/clients', { email_string: user.email }))).total).toBe(0);
    expect((await json(await client.get('/api/request/client-admin/mine'))).can_request).toBe(false);
    // twice: a clear refusal, nothing more granted
    const again = await admin.post('/api/request/approve', { request_id: requestId, selected_partners: [c.id] });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe(M.alreadyApproved);
    expect(await clientAdminPartners(user.id)).not.toContain(c.id);
    const audit = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'client_admin_request')
      .where('target_id', '=', String(requestId))
      .execute();
    expect(audit.map((x) => x.action).sort()).toEqual(['client_admin_request.approved', 'client_admin_request.created']);
  });

  it('two concurrent approvals: one succeeds, the other is refused, and only the first partners are granted', async () => {
    const { user, requestId } = await asked();
    const [a, b] = [await partners(), await partners()];
    const results = await Promise.all([
      admin.post('/api/request/approve', { request_id: requestId, selected_partners: [a.id] }),
      admin.post('/api/request/approve', { request_id: requestId, selected_partners: [b.id] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const granted = await clientAdminPartners(user.id);
    expect(granted).toHaveLength(1);
    expect([a.id, b.id]).toContain(granted[0]);
  });

  it('refuses no partner, a partner of the other brand or an unknown one, and changes nothing', async () => {
    const { user, requestId } = await asked();
    const sim = await partners(true);
    for (const [body, message] of [
      [{ request_id: requestId, selected_partners: [] }, M.partnersRequired],
      [{ request_id: requestId }, M.partnersRequired],
      [{ request_id: requestId, selected_partners: [sim.id] }, M.partnersInvalid],
      [{ request_id: requestId, selected_partners: [99999999] }, M.partnersInvalid],
    ] as const) {
      const res = await admin.post('/api/request/approve', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await json(res)).message).toBe(message);
    }
    expect((await admin.post('/api/request/approve', { request_id: 99999999, selected_partners: [1] })).status).toBe(404);
    expect(await clientAdminPartners(user.id)).toEqual([]);
    const row = await server.db
      .selectFrom('client_admin_requests')
      .select('approved_at')
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row.approved_at).toBeNull();
  });

  it('refuses the list, the detail and approval to anyone but a super admin (AUTHZ-14)', async () => {
    const { user, requestId } = await asked();
    const partner = await partners();
    for (const role of [ROLE.admin, ROLE.client_admin, ROLE.learner]) {
      const u = await createTestUser(server.db, {
        email_prefix: 'ca-authz',
        first_name: 'No',
        last_name: 'Access',
        roles: [{ role_id: role, partner_id: 1 }],
      });
      const c = new Client(server);
      expect((await c.login(u.email, u.password)).status).toBe(200);
      expect((await c.post('/api/request/clients', {})).status).toBe(403);
      expect((await c.post('/api/request/client', { request_id: requestId })).status).toBe(403);
      expect((await c.post('/api/request/approve', { request_id: requestId, selected_partners: [partner.id] })).status).toBe(403);
    }
    expect(await clientAdminPartners(user.id)).toEqual([]);
  });
});
