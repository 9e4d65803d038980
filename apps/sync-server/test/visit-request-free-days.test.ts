import { randomUUID } from 'node:crypto';
import { FREE_DAYS_MESSAGES, VISIT_REQUEST_MESSAGES as M, ROLE, SCENARIO_STATUS, slotToInstant } from '@simvisit/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTestClock, setTestTime } from '../src/platform/clock';
import { Client, json, signedIn } from './support/client';
import { authoredScenario } from './support/financial-fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson } from './support/visit-fixtures';

/*
 * The scheduling page's free days (issue 22 item 3, decision 0090) through HTTP: one call answers which dates of a
 * range have a time to pick, by the same rule as the times of one date. The clock stands on Monday 2031-03-03
 * 07:00 in New York, so the earliest requestable date is Wednesday 2031-03-05. Each test makes its own scenario,
 * whose only SP is free on Wednesdays 09:00–10:00 New York.
 */
const NOW = new Date('2031-03-03T12:00:00Z');
const ZONE = 'America/New_York';
const WEDNESDAYS = ['2031-03-05', '2031-03-12', '2031-03-19', '2031-03-26'];

let server: TestServer;
let admin: Client;
let learner2: Client;

/** A published scenario of partner sp whose only SP is free on Wednesdays 09:00–10:00 New York; a learner of sp. */
async function scenarioWithWednesdaySp() {
  const tag = randomUUID().slice(0, 8);
  const author = await createPerson(server, `fd-author-${tag}@demo.test`, [[ROLE.author, 1]]);
  const scenario = await authoredScenario(server, author, { isSim: false, partnerId: 1, jobNumber: `FD-${tag}` });
  await server.db.updateTable('scenarios').set({ status: SCENARIO_STATUS.published }).where('id', '=', scenario.id).execute();
  const sp = await createPerson(server, `fd-sp-${tag}@demo.test`, [[ROLE.standardized_patient, 1]], {
    scenarioId: scenario.id,
    scenarioRole: ROLE.standardized_patient,
  });
  const id = randomUUID();
  const row = { id, user_id: sp, day: 'Wednesday', start_time: '09:00', end_time: '10:00', timezone: ZONE };
  await server.db
    .insertInto('availabilities')
    .values({ ...row, doc: JSON.stringify({ ...row, write_id: randomUUID(), _deleted: false, updated_at: NOW.toISOString() }) })
    .execute();
  const learnerEmail = `fd-learner-${tag}@demo.test`;
  await createPerson(server, learnerEmail, [[ROLE.learner, 1]]);
  return { scenarioId: Number(scenario.id), sp, learner: await signedIn(server, learnerEmail) };
}

const ask = (c: Client, body: Record<string, unknown>) => c.post('/api/visit-request/free-days', { timezone: ZONE, ...body });

async function freeDays(c: Client, scenarioId: number, from: string, to: string, timezone = ZONE): Promise<string[]> {
  const res = await ask(c, { scenario_id: scenarioId, from, to, timezone });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).days;
}

const march = Array.from({ length: 31 }, (_, i) => `2031-03-${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, 'admin@demo.test');
  learner2 = await signedIn(server, 'learner2@demo.test', 'northfield', 'northfield.localhost:8080');
}, 60_000);
beforeEach(() => {
  setTestTime(NOW);
});
afterAll(async () => {
  resetTestClock();
  await server?.close();
});

describe('free days of a scenario (decision 0090)', () => {
  it('answers the dates with a time to pick, the same as asking for each date, and drops a date once it is booked', async () => {
    const { scenarioId, sp, learner } = await scenarioWithWednesdaySp();
    expect(await freeDays(learner, scenarioId, '2031-03-01', '2031-03-31')).toEqual(WEDNESDAYS);

    // The one-date rule agrees on every date of the month, before the window (March 1–4) and on every weekday.
    for (const date of march) {
      const res = await learner.post('/api/visit-request/available-times', {
        scenario_id: scenarioId,
        request_type: 1,
        date,
        timezone: ZONE,
      });
      const times: string[] = (await json(res)).times;
      expect(times.length > 0, date).toBe(WEDNESDAYS.includes(date));
    }

    // The SP's visit over the whole window of March 12 leaves that Wednesday without a time.
    const start = slotToInstant('2031-03-12 09:00:00', ZONE)!;
    await server.db
      .insertInto('visits')
      .values({
        scenario_id: String(scenarioId),
        partner_id: 1,
        learner_user_id: await createPerson(server, `fd-other-${randomUUID().slice(0, 8)}@demo.test`, [[ROLE.learner, 1]]),
        sp_user_id: sp,
        start_at: start,
        end_at: new Date(start.getTime() + 60 * 60_000),
      })
      .execute();
    expect(await freeDays(learner, scenarioId, '2031-03-01', '2031-03-31')).toEqual(['2031-03-05', '2031-03-19', '2031-03-26']);

    // In Kiritimati (UTC+14) 09:00 Wednesday in New York is Thursday 03:00 or 04:00: the days are the learner's.
    expect(await freeDays(learner, scenarioId, '2031-03-01', '2031-03-31', 'Pacific/Kiritimati')).toEqual([
      '2031-03-06',
      '2031-03-20',
      '2031-03-27',
    ]);
  });

  it('is asked by whoever may ask for the times: signed in, the scenario visible and bookable; a bad range is refused in words', async () => {
    const { scenarioId, learner } = await scenarioWithWednesdaySp();
    const range = { scenario_id: scenarioId, from: '2031-03-01', to: '2031-03-31' };

    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await ask(anonymous, range)).status).toBe(401);
    // learner2 is a learner of northfield, where this scenario is not in the catalogue.
    expect((await ask(learner2, range)).status).toBe(403);
    expect((await ask(learner, { ...range, scenario_id: 987_654_321 })).status).toBe(404);

    // Unpublished: hidden from the learner; an admin who sees it is told it cannot be booked.
    await server.db.updateTable('scenarios').set({ status: SCENARIO_STATUS.approved }).where('id', '=', String(scenarioId)).execute();
    expect((await ask(learner, range)).status).toBe(403);
    const unbookable = await ask(admin, range);
    expect(unbookable.status).toBe(422);
    expect((await json(unbookable)).message).toBe(M.notBookable);
    await server.db.updateTable('scenarios').set({ status: SCENARIO_STATUS.published }).where('id', '=', String(scenarioId)).execute();

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ to: '2031-06-01' }, 'to', FREE_DAYS_MESSAGES.range],
      [{ to: '2031-02-28' }, 'to', FREE_DAYS_MESSAGES.order],
      [{ from: '2031-02-30' }, 'from', M.dateRequired],
      [{ from: '9999-12-31', to: '9999-12-31' }, 'from', M.dateRequired],
      [{ timezone: 'Mars/Olympus' }, 'timezone', M.timezone],
      [{ scenario_id: 'one' }, 'scenario_id', M.scenarioRequired],
    ];
    for (const [change, field, words] of refusals) {
      const res = await ask(learner, { ...range, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect((await json(res)).errors[field], JSON.stringify(change)).toEqual([words]);
    }
    // 92 days is the most one call answers.
    expect(await freeDays(learner, scenarioId, '2031-03-01', '2031-05-31')).toHaveLength(13);
  });
});
