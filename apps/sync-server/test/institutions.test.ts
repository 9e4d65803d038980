import { INSTITUTION_MESSAGES, ROLE } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../src/seed/test-factories';
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

const unique = () => `Institute ${Math.random().toString(36).slice(2)}`;
const rows = () => server.db.selectFrom('institutions').selectAll().orderBy('id').execute();
const create = async (name = unique(), royalty_rate: unknown = 12.5) => {
  const res = await admin.post('/api/institutions', { name, royalty_rate });
  expect(res.status).toBe(200);
  const body = await json(res);
  return body.institutions.find((i: { name: string }) => i.name === name);
};

describe('institutions', () => {
  it('creates, shows, updates and deletes with the spec’s notices; the rate is dollars with 2 decimals; audited', async () => {
    const name = unique();
    const res = await admin.post('/api/institutions', { name, royalty_rate: 12.5 });
    expect(res.status).toBe(200);
    const created = await json(res);
    expect(created.message).toBe('Institution created');
    const inst = created.institutions.find((i: { name: string }) => i.name === name);
    expect(inst).toMatchObject({ name, royalty_rate: '12.50', deletable: true });

    expect(await json(await admin.get(`/api/institutions/${inst.id}`))).toEqual({ institution: inst });
    expect((await json(await admin.get('/api/institutions'))).institutions).toContainEqual(inst);

    const up = await admin.post(`/api/institutions/${inst.id}`, { id: inst.id, name: `${name} B`, royalty_rate: '999' });
    expect(await json(up)).toMatchObject({ message: 'Institution updated' });
    expect((await json(await admin.get(`/api/institutions/${inst.id}`))).institution.royalty_rate).toBe('999.00');

    const del = await admin.request('DELETE', `/api/institutions/${inst.id}`);
    expect(del.status).toBe(200);
    expect((await json(del)).message).toBe('Institution deleted');
    expect((await admin.get(`/api/institutions/${inst.id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/institutions/${inst.id}`)).status).toBe(404);
    const actions = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'institution')
      .where('target_id', '=', String(inst.id))
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['institution.created', 'institution.deleted', 'institution.updated']);
  });

  it('answers every rule with the spec’s words and writes nothing', async () => {
    const before = await rows();
    const cases: [unknown, string, string][] = [
      [{ name: '', royalty_rate: 1 }, 'name', 'Please provide an institution name.'],
      [{ name: '  ', royalty_rate: 1 }, 'name', 'Please provide an institution name.'],
      [{ royalty_rate: 1 }, 'name', 'Please provide an institution name.'],
      [{ name: 'x'.repeat(256), royalty_rate: 1 }, 'name', 'Institution name can be no longer than 255 characters.'],
      [{ name: 'A', royalty_rate: -0.01 }, 'royalty_rate', INSTITUTION_MESSAGES.rateRange],
      [{ name: 'A', royalty_rate: 999.01 }, 'royalty_rate', INSTITUTION_MESSAGES.rateRange],
      [{ name: 'A', royalty_rate: 'abc' }, 'royalty_rate', INSTITUTION_MESSAGES.rateRange],
      [{ name: 'A', royalty_rate: 1.234 }, 'royalty_rate', INSTITUTION_MESSAGES.rateDecimals],
      [{ name: 'A', royalty_rate: 1e308 }, 'royalty_rate', INSTITUTION_MESSAGES.rateRange],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post('/api/institutions', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await json(res)).errors[field], JSON.stringify(body)).toEqual([message]);
    }
    const inst = await create();
    const bad = await admin.post(`/api/institutions/${inst.id}`, { name: '', royalty_rate: 1 });
    expect(bad.status).toBe(422);
    expect((await admin.post('/api/institutions/999999', { name: 'Nobody', royalty_rate: 1 })).status).toBe(404);
    expect((await rows()).length).toBe(before.length + 1);
    expect((await json(await admin.get(`/api/institutions/${inst.id}`))).institution.name).toBe(inst.name);
    // the bounds themselves are fine
    expect((await create('x'.repeat(255), 0)).royalty_rate).toBe('0.00');
  });

  it('refuses every call to anyone but a super admin (AUTHZ-14) and changes nothing', async () => {
    const inst = await create();
    for (const role of [ROLE.admin, ROLE.client_admin, ROLE.learner]) {
      const u = await createTestUser(server.db, {
        email_prefix: 'inst-authz',
        first_name: 'No',
        last_name: 'Access',
        roles: [{ role_id: role, partner_id: 1 }],
      });
      const c = new Client(server);
      expect((await c.login(u.email, u.password)).status).toBe(200);
      expect((await c.get('/api/institutions')).status).toBe(403);
      expect((await c.get(`/api/institutions/${inst.id}`)).status).toBe(403);
      expect((await c.post('/api/institutions', { name: 'Mine', royalty_rate: 1 })).status).toBe(403);
      expect((await c.post(`/api/institutions/${inst.id}`, { name: 'Mine', royalty_rate: 1 })).status).toBe(403);
      expect((await c.request('DELETE', `/api/institutions/${inst.id}`)).status).toBe(403);
    }
    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await anonymous.get('/api/institutions')).status).toBe(401);
    expect((await json(await admin.get(`/api/institutions/${inst.id}`))).institution).toEqual(inst);
  });
});
