import { idSchema, numeric } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client, DEMO_PASSWORD, json, signedIn } from './support/client';
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

/*
 * Issue 21 item 15: dates are bounded on input (years DATE_YEAR_MIN–DATE_YEAR_MAX). A late date in 9999 lands in
 * year 10000 UTC, which the embedded database answered with a 500.
 */
describe('far-future dates', () => {
  it('available-times: a date in 9999 (or past 2200) answers 422, a date in range 200', async () => {
    const learner = await signedIn(server, 'learner@demo.test');
    const awv = await server.db.selectFrom('scenarios').select('id').where('title', '=', 'Annual wellness visit').executeTakeFirstOrThrow();
    const ask = (date: string) =>
      learner.post('/api/visit-request/available-times', {
        scenario_id: Number(awv.id),
        request_type: 1,
        date,
        timezone: 'America/New_York',
      });
    for (const date of ['9999-12-31', '2201-01-01', '1899-12-31', '2026-02-30']) {
      const res = await ask(date);
      expect(res.status, date).toBe(422);
      expect((await json(res)).errors.date).toEqual(['Please select a date.']);
    }
    expect((await ask('2200-12-31')).status).toBe(200);
  });

  it('a visit request for a slot in 9999 answers 422 and creates nothing', async () => {
    const learner = await signedIn(server, 'learner@demo.test');
    const awv = await server.db.selectFrom('scenarios').select('id').where('title', '=', 'Annual wellness visit').executeTakeFirstOrThrow();
    const before = await server.db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await learner.post('/api/visit-request', {
      scenario_id: Number(awv.id),
      visit_date_one: '9999-12-31 23:30:00',
      visit_date_two: '9999-12-31 22:30:00',
      terms_agreement: true,
      timezone: 'America/New_York',
    });
    expect(res.status).toBe(422);
    expect(Object.keys((await json(res)).errors)).toEqual(['visit_date_one', 'visit_date_two']);
    const after = await server.db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('the scoring agreement report refuses a period in 9999', async () => {
    const res = await superAdmin.get('/api/reports/scoring-agreement?scenario_id=1&from=9999-12-01&to=9999-12-31');
    expect(res.status).toBe(422);
  });
});
