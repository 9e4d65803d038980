import { ROLE } from '@simvisit/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock, resetTestClock } from '../src/platform/clock';
import { Client, json } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * Test mode (docs/decisions/0039): a clock the tests move instead of waiting, and factories that make the data a
 * test needs. The production side (not served, refused with NODE_ENV=production) is in production-run.test.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  resetTestClock();
});

async function anonymous(): Promise<Client> {
  const client = new Client(server);
  await client.csrf();
  return client;
}

async function signedInAs(user: { email: string; password: string }): Promise<Client> {
  const client = await anonymous();
  const res = await client.login(user.email, user.password);
  expect(res.status, await res.clone().text()).toBe(200);
  return client;
}

describe('the test clock', () => {
  it('moves to a time, by an amount, and back to the real time, and keeps ticking', async () => {
    const client = await anonymous();
    const target = '2030-03-04T15:00:00.000Z';
    const moved = await json(await client.post('/api/test/clock', { now: target }));
    expect(Math.abs(Date.parse(moved.now) - Date.parse(target))).toBeLessThan(1000);
    const advanced = await json(await client.post('/api/test/clock', { advance_ms: 3_600_000 }));
    expect(Date.parse(advanced.now) - Date.parse(target)).toBeGreaterThanOrEqual(3_600_000);
    expect(Math.abs(clock.now().getTime() - Date.parse(advanced.now))).toBeLessThan(1000);
    const reset = await json(await client.post('/api/test/clock', { reset: true }));
    expect(Math.abs(Date.parse(reset.now) - Date.now())).toBeLessThan(1000);
    expect((await client.post('/api/test/clock', { advance_ms: 'soon' })).status).toBe(422);
  });

  it('decides the visit rules: the SP completes a visit only once the clock has passed its start', async () => {
    const client = await anonymous();
    const sp = await json(
      await client.post('/api/test/users', { email_prefix: 'sp', roles: [{ role_id: ROLE.standardized_patient, partner_id: 1 }] }),
    );
    const learner = await json(
      await client.post('/api/test/users', { email_prefix: 'learner', roles: [{ role_id: ROLE.learner, partner_id: 1 }] }),
    );
    const visit = await json(
      await client.post('/api/test/visits', {
        scenario_title: 'Annual wellness visit',
        partner_id: 1,
        learner_user_id: learner.id,
        sp_user_id: sp.id,
        starts_in_minutes: 120,
        confirmed: true,
      }),
    );
    const spClient = await signedInAs(sp);
    const early = await spClient.post('/api/visit/complete', { id: visit.id });
    expect(early.status).toBe(409);
    expect((await json(early)).message).toBe('This visit has not started yet.');

    await client.post('/api/test/clock', { advance_ms: 121 * 60_000 });
    const started = await spClient.post('/api/visit/complete', { id: visit.id });
    expect(started.status, await started.clone().text()).toBe(200);
    expect((await json(started)).action).toBe('feedback');
  });
});

describe('the test data factories', () => {
  it('make users with unique emails who can sign in with the roles asked for', async () => {
    const client = await anonymous();
    const body = { email_prefix: 'observer', first_name: 'Oona', roles: [{ role_id: ROLE.observer, partner_id: 1 }] };
    const first = await json(await client.post('/api/test/users', body));
    const second = await json(await client.post('/api/test/users', body));
    expect(first.email).not.toBe(second.email);
    expect(first.email).toMatch(/^observer-/);
    const roles = await server.db.selectFrom('user_roles').select(['role_id', 'partner_id']).where('user_id', '=', first.id).execute();
    expect(roles).toEqual([{ role_id: ROLE.observer, partner_id: 1 }]);
    await signedInAs(first);
  });

  it("give a user a role's pay rate, the demo SP's weekly hours and scenarios they are an SP or observer of", async () => {
    const client = await anonymous();
    const sp = await json(
      await client.post('/api/test/users', {
        roles: [{ role_id: ROLE.standardized_patient, partner_id: 1, pay_rate: 40 }],
        weekday_hours: true,
        sp_of: ['Acute low back pain'],
      }),
    );
    const observer = await json(
      await client.post('/api/test/users', { roles: [{ role_id: ROLE.observer, partner_id: 1 }], observer_of: ['Acute low back pain'] }),
    );
    const grant = await server.db.selectFrom('user_roles').select('pay_rate').where('user_id', '=', sp.id).executeTakeFirstOrThrow();
    expect(Number(grant.pay_rate)).toBe(40);
    const hours = await server.db
      .selectFrom('availabilities')
      .select(['day', 'start_time', 'end_time', 'timezone'])
      .where('user_id', '=', sp.id)
      .execute();
    expect(hours).toHaveLength(6);
    expect(hours.map((h) => `${h.day} ${h.start_time.slice(0, 5)}-${h.end_time.slice(0, 5)} ${h.timezone}`)).toContain(
      'Monday 08:00-18:00 America/New_York',
    );
    const attached = await server.db
      .selectFrom('scenario_users')
      .innerJoin('scenarios', 'scenarios.id', 'scenario_users.scenario_id')
      .select(['scenario_users.user_id', 'scenario_users.role_id', 'scenarios.title'])
      .where('scenario_users.user_id', 'in', [sp.id, observer.id])
      .orderBy('scenario_users.role_id')
      .execute();
    expect(attached).toEqual([
      { user_id: sp.id, role_id: ROLE.standardized_patient, title: 'Acute low back pain' },
      { user_id: observer.id, role_id: ROLE.observer, title: 'Acute low back pain' },
    ]);
    // Without them a user has no hours and no scenarios, as before.
    const plain = await json(await client.post('/api/test/users', { roles: [{ role_id: ROLE.standardized_patient, partner_id: 1 }] }));
    expect(await server.db.selectFrom('availabilities').select('id').where('user_id', '=', plain.id).execute()).toEqual([]);
    expect((await client.post('/api/test/users', { roles: [{ role_id: ROLE.observer, partner_id: 1, pay_rate: 5000 }] })).status).toBe(422);
  });

  it('make partners of their own with unique slugs, seats and an optional passcode', async () => {
    const client = await anonymous();
    const first = await json(await client.post('/api/test/partners', { slug_prefix: 'brand', seats: 3, passcode: 'OPEN-SESAME' }));
    const second = await json(await client.post('/api/test/partners', {}));
    expect(first.slug).toMatch(/^brand-/);
    expect(second.slug).toMatch(/^partner-/);
    const row = await server.db
      .selectFrom('partners')
      .select(['seats', 'used_seats', 'enable_password', 'password', 'start_date'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ seats: 3, used_seats: 0, enable_password: true, password: 'OPEN-SESAME', start_date: null });
    const single = await json(await client.post('/api/partner/single', { partner_slug: second.slug }));
    expect(single.slug).toBe(second.slug);
  });

  it('make visits in a state relative to the clock, pending requests and training sessions', async () => {
    const client = await anonymous();
    const learner = await json(await client.post('/api/test/users', { roles: [{ role_id: ROLE.learner, partner_id: 1 }] }));
    const sp = await json(await client.post('/api/test/users', { roles: [{ role_id: ROLE.standardized_patient, partner_id: 1 }] }));
    const trainer = await json(await client.post('/api/test/users', { roles: [{ role_id: ROLE.trainer, partner_id: 1 }] }));
    // Starts fall on whole minutes (rounded up), as the pickers and the seed make them.
    await client.post('/api/test/clock', { now: '2031-01-10T11:59:30.000Z' });
    const base = { scenario_title: 'Annual wellness visit', partner_id: 1, learner_user_id: learner.id, sp_user_id: sp.id };
    const canceled = await json(
      await client.post('/api/test/visits', { ...base, starts_in_minutes: -60, canceled_by: 'sp', confirmed: true }),
    );
    const row = await server.db.selectFrom('visits').selectAll().where('id', '=', canceled.id).executeTakeFirstOrThrow();
    expect(row.start_at.toISOString()).toBe('2031-01-10T11:00:00.000Z');
    expect(row).toMatchObject({ is_canceled: true, is_sp_cancellation: true, canceled_by_user_id: sp.id, is_confirmed: true });

    const request = await json(
      await client.post('/api/test/visit-requests', {
        scenario_title: 'Annual wellness visit',
        partner_id: 1,
        learner_user_id: learner.id,
        dates_in_minutes: [3 * 1440, 4 * 1440],
      }),
    );
    const dates = await server.db
      .selectFrom('request_dates')
      .select('start_at')
      .where('request_id', '=', request.id)
      .orderBy('start_at')
      .execute();
    expect(dates.map((d) => d.start_at.toISOString())).toEqual(['2031-01-13T12:00:00.000Z', '2031-01-14T12:00:00.000Z']);

    const session = await json(
      await client.post('/api/test/training-sessions', {
        scenario_title: 'Annual wellness visit',
        partner_id: 1,
        trainer_user_id: trainer.id,
        sp_user_ids: [sp.id],
        starts_in_minutes: 1440,
      }),
    );
    const people = await server.db
      .selectFrom('training_session_users')
      .select(['user_id', 'role_id'])
      .where('training_session_id', '=', session.id)
      .execute();
    expect(people).toEqual([{ user_id: sp.id, role_id: 2 }]);
    expect((await client.post('/api/test/visits', { ...base, scenario_title: 'No such scenario', starts_in_minutes: 10 })).status).toBe(
      500,
    );
  });
});
