import { CALENDAR_FEED_MESSAGES as FEED, INVITE_UID, ROLE } from '@simvisit/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTestClock, setTestTime } from '../src/platform/clock';
import { Client, json } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * The private calendar feed (issue 12 item 9; decision 0050) through HTTP: turned on from the profile, its
 * address works without a session and lists only the person's own items with only what they may see; a new
 * address or turning it off makes the old one answer 404; a malformed token is a 404, never a 5xx.
 */
const NOW = new Date('2031-05-05T12:00:00Z');
const AWV = 'Annual wellness visit';

let server: TestServer;
let factory: Client;

interface Person {
  id: number;
  email: string;
  password: string;
  client: Client;
}

async function make<T = { id: number }>(path: string, body: Record<string, unknown>): Promise<T> {
  const res = await factory.post(path, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
}
async function person(prefix: string, roleId: number): Promise<Person> {
  const user = await make<{ id: number; email: string; password: string }>('/api/test/users', {
    email_prefix: prefix,
    roles: [{ role_id: roleId, partner_id: 1 }],
  });
  const client = new Client(server);
  const res = await client.login(user.email, user.password);
  expect(res.status, await res.clone().text()).toBe(200);
  return { ...user, client };
}
const visit = (sp: Person, learner: Person, startsIn: number, extra: Record<string, unknown> = {}) =>
  make('/api/test/visits', {
    scenario_title: AWV,
    partner_id: 1,
    learner_user_id: learner.id,
    sp_user_id: sp.id,
    starts_in_minutes: startsIn,
    ...extra,
  });
/** The path of a feed address (the test app answers any host). */
const pathOf = (url: string) => new URL(url).pathname;
async function feedOf(path: string): Promise<Response> {
  return new Client(server).get(path, { headers: { accept: 'text/calendar' } });
}
async function turnOn(p: Person): Promise<string> {
  const res = await p.client.post('/api/profile/calendar-feed');
  expect(res.status, await res.clone().text()).toBe(200);
  const body = await json(res);
  expect(body.message).toBe(FEED.created);
  return pathOf(body.url);
}

beforeAll(async () => {
  server = await startTestServer();
  factory = new Client(server);
  await factory.csrf();
}, 60_000);
beforeEach(async () => {
  setTestTime(NOW);
  // Every feed request of this file comes from the one test address: each test starts with the whole allowance, so
  // none depends on what the tests before it spent or on when that minute's window opened.
  await server.db.deleteFrom('rate_limits').where('key', 'like', 'calendar-feed:%').execute();
});
afterAll(async () => {
  resetTestClock();
  await server?.close();
});

describe('the calendar feed (issue 12 item 9)', () => {
  it("lists the person's own visits, sessions and interviews, with only what they may see", async () => {
    const [learner, sp, observer, stranger, trainer] = await Promise.all([
      person('feed-learner', ROLE.learner),
      person('feed-sp', ROLE.standardized_patient),
      person('feed-observer', ROLE.observer),
      person('feed-stranger', ROLE.learner),
      person('feed-trainer', ROLE.trainer),
    ]);
    const mine = await visit(sp, learner, 24 * 60, { observer_user_ids: [observer.id] });
    const cancelled = await visit(sp, learner, 3 * 24 * 60, { canceled_by: 'learner' });
    const oldCancelled = await visit(sp, learner, -40 * 24 * 60, { canceled_by: 'learner' });
    const others = await visit(sp, stranger, 2 * 24 * 60);
    const session = await make('/api/test/training-sessions', {
      scenario_title: AWV,
      partner_id: 1,
      trainer_user_id: trainer.id,
      sp_user_ids: [sp.id],
      starts_in_minutes: 5 * 24 * 60,
    });
    const interview = await server.db
      .insertInto('interviews')
      .values({ applicant_user_id: learner.id, trainer_user_id: trainer.id, start_at: new Date(NOW.getTime() + 6 * 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();

    const off = await json(await learner.client.get('/api/profile/calendar-feed'));
    expect(off).toEqual({ enabled: false, created_at: null });
    const path = await turnOn(learner);
    expect(path).toMatch(/^\/api\/calendar-feed\/[A-Za-z0-9_-]{43}$/);
    expect((await json(await learner.client.get('/api/profile/calendar-feed'))).enabled).toBe(true);

    const res = await feedOf(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = (await res.text()).replace(/\r\n[ \t]/g, '');
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain(`UID:${INVITE_UID.visit(mine.id)}`);
    expect(text).toContain(`SUMMARY:SimVisit: ${AWV}`);
    expect(text).toContain('You are the learner.');
    expect(text).toContain(`UID:${INVITE_UID.visit(cancelled.id)}`);
    expect(text).toMatch(new RegExp(`UID:${INVITE_UID.visit(cancelled.id)}[\\s\\S]*?STATUS:CANCELLED`));
    expect(text).toContain(`UID:interview-${interview.id}@simvisit`);
    // Nobody else's items, no cancelled item older than the window, and nobody's email or name.
    expect(text).not.toContain(INVITE_UID.visit(others.id));
    expect(text).not.toContain(INVITE_UID.visit(oldCancelled.id));
    expect(text).not.toContain(`training-session-${session.id}@simvisit`);
    for (const p of [sp, observer, trainer]) expect(text).not.toContain(p.email);

    // The SP's own feed has the session they take part in and their visits, not the learner's interview.
    const spText = await (await feedOf(await turnOn(sp))).text();
    expect(spText).toContain(`UID:training-session-${session.id}@simvisit`);
    expect(spText).toContain(`UID:${INVITE_UID.visit(others.id)}`);
    expect(spText).toContain('You are the SP.');
    expect(spText).not.toContain(`interview-${interview.id}@`);
    expect(await (await feedOf(await turnOn(observer))).text()).toContain(`UID:${INVITE_UID.visit(mine.id)}`);
    const trainerText = await (await feedOf(await turnOn(trainer))).text();
    expect(trainerText).toContain(`UID:interview-${interview.id}@simvisit`);
    expect(trainerText).toContain(`UID:training-session-${session.id}@simvisit`);
  });

  it('a new address or turning it off makes the old address answer 404', async () => {
    const learner = await person('feed-revoke', ROLE.learner);
    const first = await turnOn(learner);
    expect((await feedOf(first)).status).toBe(200);
    const second = await turnOn(learner);
    expect(second).not.toBe(first);
    expect((await feedOf(first)).status).toBe(404);
    expect((await feedOf(second)).status).toBe(200);
    const off = await learner.client.request('DELETE', '/api/profile/calendar-feed');
    expect(off.status).toBe(200);
    expect((await json(off)).message).toBe(FEED.revoked);
    expect((await feedOf(second)).status).toBe(404);
    expect(await json(await learner.client.get('/api/profile/calendar-feed'))).toEqual({ enabled: false, created_at: null });
    const actions = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(learner.id))
      .where('action', 'like', 'calendar_feed.%')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['calendar_feed.created', 'calendar_feed.regenerated', 'calendar_feed.revoked']);
  });

  it('is only for a signed-in person on the profile, and a malformed token is a 404, never a 5xx', async () => {
    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await anonymous.get('/api/profile/calendar-feed')).status).toBe(401);
    expect((await anonymous.post('/api/profile/calendar-feed')).status).toBe(401);
    const learner = await person('feed-csrf', ROLE.learner);
    expect((await learner.client.post('/api/profile/calendar-feed', undefined, { csrf: false })).status).toBe(419);
    for (const token of ['abc', 'A'.repeat(43), `${'A'.repeat(42)}%00`, '%E2%80%AE', 'x'.repeat(3000), '..%2F..%2Fetc', '%FF']) {
      const res = await feedOf(`/api/calendar-feed/${token}`);
      expect(res.status, token).toBe(404);
    }
  });

  it('is rate-limited per address: 60 requests a minute, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 65; i++) {
      last = await feedOf('/api/calendar-feed/unknown');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(404));
    expect(statuses.slice(60)).toEqual(Array(5).fill(429));
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
