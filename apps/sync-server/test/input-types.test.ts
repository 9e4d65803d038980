import { idSchema, numeric } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client, DEMO_PASSWORD, json } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson } from './support/visit-fixtures';

/*
 * Issue 21 item 10 (docs/decisions/0082): ids and integers are read from JSON numbers, or from digits as text
 * (query strings, form fields), never from booleans, arrays, exponents or empty text.
 */
let server: TestServer;
let superAdmin: Client;

beforeAll(async () => {
  server = await startTestServer();
  const email = `input-types-${Date.now().toString(36)}@inputs.test`;
  const id = await createPerson(server, email, [[1, 1]]);
  await server.db.updateTable('users').set({ super_admin: true }).where('id', '=', id).execute();
  superAdmin = new Client(server);
  const res = await superAdmin.login(email, DEMO_PASSWORD, 'sp');
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
});
afterAll(async () => {
  await server?.close();
});

describe('integers are never coerced from other types', () => {
  it('the shared shape takes numbers and digits as text, nothing else', () => {
    const id = idSchema('Unknown.');
    expect(id.safeParse(7).data).toBe(7);
    expect(id.safeParse('7').data).toBe(7);
    expect(id.safeParse(' 12 ').data).toBe(12);
    for (const bad of [true, false, [], [1], '', ' ', '1e3', '0x10', 'Infinity', null, {}]) {
      expect(id.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(numeric(z.number()).safeParse('-2.5').data).toBe(-2.5);
  });

  it('POST api/article/delete {"id": true} answers 422 and deletes nothing', async () => {
    const first = await server.db.selectFrom('articles').select('id').orderBy('id').executeTakeFirstOrThrow();
    const before = await server.db.selectFrom('articles').select('id').execute();
    for (const bad of [true, [first.id], '1e0', false, '']) {
      const res = await superAdmin.post('/api/article/delete', { id: bad });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect((await json(res)).errors.id).toBeDefined();
    }
    expect(await server.db.selectFrom('articles').select('id').execute()).toEqual(before);
  });

  it('digits as text in a query string are still read', async () => {
    expect((await superAdmin.get('/api/request/quotes?page=2')).status).toBe(200);
    expect((await superAdmin.get('/api/request/quotes?page=true')).status).toBe(422);
  });
});

