import { cursorFor, PAGE_CURSOR_END, PARTNER_MAIN, ROLE } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson, scenarioIdOf } from './support/visit-fixtures';

/*
 * The dashboards' lists page by key (issue 23 item 2, decision 0092): a cursor of the page shown reads the next,
 * previous or last page from the index, so visits added or changed between two calls neither repeat nor drop out;
 * the spec's page_start alone still counts from the top; the totals are the kept counts (visit_counts) and follow
 * every insert, change and removal. Every visit here is at a partner made for this file.
 */
let server: TestServer;
let superAdmin: Client;
let partnerId: number;
let scenarioId: string;
let learnerId: number;
let spId: number;
/** Each visit's own hour, far in the past, so no two of one SP overlap. */
let hour = 0;
const BASE = Date.UTC(2019, 0, 1);

type Page = {
  completed_visits: { id: number; local_time: string }[];
  completed_visits_total: number;
  completed_visits_cursors: { first: string; last: string } | null;
};

const completed = async (body: Record<string, unknown>): Promise<Page> => {
  const res = await superAdmin.post('/api/visit/get-user-visits', {
    role_id: ROLE.admin,
    type: 'completed',
    partner_id: partnerId,
    ...body,
  });
  expect(res.status).toBe(200);
  return json(res);
};
const ids = (page: Page) => page.completed_visits.map((v) => v.id);

/** Completed visits starting at the given hours after BASE (each hour used once), their ids. */
async function addCompleted(hours: number[]): Promise<number[]> {
  const rows = await server.db
    .insertInto('visits')
    .values(
      hours.map((h) => ({
        scenario_id: scenarioId,
        partner_id: partnerId,
        learner_user_id: learnerId,
        sp_user_id: spId,
        start_at: new Date(BASE + h * 3_600_000),
        end_at: new Date(BASE + h * 3_600_000 + 1_800_000),
        is_confirmed: true,
        is_complete: true,
        completed_at: new Date(BASE + h * 3_600_000 + 1_800_000),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
const nextHours = (n: number) => Array.from({ length: n }, () => (hour += 2));

beforeAll(async () => {
  server = await startTestServer();
  partnerId = (
    await server.db
      .insertInto('partners')
      .values({
        slug: 'paging-test',
        short_name: 'Paging',
        long_name: 'Paging Test Partner',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  scenarioId = await scenarioIdOf(server, 'Annual wellness visit');
  learnerId = await createPerson(server, 'paging-learner@test.test', [[ROLE.learner, partnerId]]);
  spId = await createPerson(server, 'paging-sp@test.test', [[ROLE.standardized_patient, partnerId]]);
  superAdmin = await signedIn(server, 'superadmin@demo.test');
});
afterAll(async () => {
  await server.close();
});

describe('paging by key', () => {
  it('reads the next, previous and last pages from cursors while visits are added between calls', async () => {
    // 25 completed visits, newest first in the list: hours 2..50.
    const original = await addCompleted(nextHours(25));
    const newestFirst = [...original].reverse();
    const first = await completed({ page_start: 0 });
    expect(ids(first)).toEqual(newestFirst.slice(0, 10));
    expect(first.completed_visits_total).toBe(25);

    // Three newer visits (they would push page 2 down by three) and two older ones arrive meanwhile.
    const newer = await addCompleted(nextHours(3));
    hour = -100;
    const older = await addCompleted(nextHours(2));
    hour = 1_000;

    const second = await completed({ page_start: 10, cursor: first.completed_visits_cursors!.last });
    expect(ids(second)).toEqual(newestFirst.slice(10, 20));
    expect(second.completed_visits_total).toBe(30);
    const third = await completed({ page_start: 20, cursor: second.completed_visits_cursors!.last });
    expect(ids(third)).toEqual([...newestFirst.slice(20), ...[...older].reverse()]);
    const seen = [...ids(first), ...ids(second), ...ids(third)];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(original));

    // Back from page 3 is page 2 as it was read; page 1 from the top now starts with the newer visits.
    const back = await completed({ page_start: 10, cursor: third.completed_visits_cursors!.first });
    expect(ids(back)).toEqual(ids(second));
    expect(ids(await completed({ page_start: 0 }))).toEqual([...[...newer].reverse(), ...newestFirst.slice(0, 7)]);

    // The last page read from the end: the oldest rows, whatever the first pages hold.
    const last = await completed({ page_start: 20, cursor: PAGE_CURSOR_END });
    expect(ids(last)).toEqual([...newestFirst.slice(17), ...[...older].reverse()].slice(-10));
  });

  it('keeps page_start alone counting from the top, and ignores a cursor of another list or a garbled one', async () => {
    const order = await server.db
      .selectFrom('visits')
      .select('id')
      .where('partner_id', '=', partnerId)
      .where('is_complete', '=', true)
      .orderBy('start_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const counted = await completed({ page_start: 10 });
    expect(ids(counted)).toEqual(order.slice(10, 20).map((r) => r.id));
    expect(ids(await completed({ page_start: 10, cursor: 'not-a-cursor' }))).toEqual(ids(counted));
    const scheduled = await json(
      await superAdmin.post('/api/visit/get-user-visits', { role_id: ROLE.admin, type: 'scheduled', partner_id: PARTNER_MAIN }),
    );
    expect(scheduled.scheduled_visits_cursors).not.toBeNull();
    expect(ids(await completed({ page_start: 10, cursor: scheduled.scheduled_visits_cursors.last }))).toEqual(ids(counted));
    const tooLong = await superAdmin.post('/api/visit/get-user-visits', {
      role_id: ROLE.admin,
      type: 'completed',
      cursor: 'x'.repeat(301),
    });
    expect(tooLong.status).toBe(422);
  });

  it('pages through every partner a client admin reaches in one order, each visit once', async () => {
    // Cancelled visits at the client admin's two partners, alternating, so pages merge both partners' rows.
    const made = await server.db
      .insertInto('visits')
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          scenario_id: scenarioId,
          partner_id: i % 2 === 0 ? 2 : 3,
          learner_user_id: learnerId,
          sp_user_id: spId,
          start_at: new Date(BASE + (5_000 + i) * 3_600_000),
          end_at: new Date(BASE + (5_000 + i) * 3_600_000 + 1_800_000),
          is_canceled: true,
          canceled_at: new Date(BASE),
        })),
      )
      .returning('id')
      .execute();
    const clientAdmin = await signedIn(server, 'clientadmin@demo.test', 'simclusive');
    const body = { role_id: ROLE.client_admin, type: 'canceled', page_start: 0 };
    const seen: number[] = [];
    let page = await json(await clientAdmin.post('/api/visit/get-user-visits', body));
    const total = page.canceled_visits_total as number;
    for (let n = 1; page.canceled_visits.length; n++) {
      seen.push(...page.canceled_visits.map((v: { id: number }) => v.id));
      const cursor = cursorFor(n + 1, { page: n, cursors: page.canceled_visits_cursors }, Number.POSITIVE_INFINITY);
      page = await json(await clientAdmin.post('/api/visit/get-user-visits', { ...body, page_start: n * 10, cursor }));
    }
    expect(total).toBeGreaterThanOrEqual(23);
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual(expect.arrayContaining(made.map((r) => r.id)));
    const starts = await server.db.selectFrom('visits').select(['id', 'start_at']).where('id', 'in', seen).execute();
    const at = new Map(starts.map((r) => [r.id, new Date(r.start_at).getTime()]));
    const times = seen.map((id) => at.get(id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('kept counts', () => {
  it('follow inserts, changes of section and removals', async () => {
    const count = async () => {
      const stats = await json(
        await superAdmin.post('/api/reports/visit/overview', { partner_id: partnerId, scenario_id: 0, is_client_admin: false }),
      );
      const canceled = await json(
        await superAdmin.post('/api/visit/get-user-visits', { role_id: ROLE.admin, type: 'canceled', partner_id: partnerId }),
      );
      return {
        completed: stats.completed_count as number,
        scheduled: stats.scheduled_count as number,
        canceled: canceled.canceled_visits_total as number,
      };
    };
    const before = await count();
    const [a, b] = await addCompleted(nextHours(2));
    expect(await count()).toEqual({ ...before, completed: before.completed + 2 });
    await server.db.updateTable('visits').set({ is_canceled: true, canceled_at: new Date() }).where('id', '=', a!).execute();
    await server.db.updateTable('visits').set({ is_complete: false, completed_at: null }).where('id', '=', b!).execute();
    expect(await count()).toEqual({ completed: before.completed, scheduled: before.scheduled + 1, canceled: before.canceled + 1 });
    await server.db.deleteFrom('visits').where('id', 'in', [a!, b!]).execute();
    expect(await count()).toEqual(before);
    // The kept counts equal a count of the visits themselves.
    const counted = await server.db
      .selectFrom('visits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('partner_id', '=', partnerId)
      .where('is_complete', '=', true)
      .where('is_canceled', '=', false)
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(before.completed);
  });
});
