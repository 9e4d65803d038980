import { COMMITMENT_MESSAGES, VISIT_REQUEST_MESSAGES as M, ROLE, VISIT_REFUSALS } from '@simvisit/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTestClock, setTestTime } from '../src/platform/clock';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { userIdOf } from './support/visit-fixtures';

/*
 * No double booking across visits, interviews and training sessions (issue 12 item 6; decision 0050), through
 * HTTP and the test factories, and the database constraint itself. The clock stands on Monday 2031-03-03 07:00
 * in New York; sp@demo.test, the only SP of 'Annual wellness visit', is available on weekdays 08:00–18:00 there.
 * Thursday 2031-03-06 10:00 New York is 15:00Z, 4,500 minutes after the clock's now.
 */
const NOW = new Date('2031-03-03T12:00:00Z');
const THURSDAY = '2031-03-06';
const AT_TEN = 4_500;
const AWV = 'Annual wellness visit';

let server: TestServer;
let factory: Client;
let sp: Client;
/** a learner who asks for the times (an SP is never offered to themself) */
let learnerClient: Client;
let spId: number;
let trainerId: number;

const times = async (date: string): Promise<string[]> => {
  const res = await learnerClient.post('/api/visit-request/available-times', {
    scenario_id: awvId,
    request_type: 1,
    date,
    timezone: 'America/New_York',
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).times;
};
let awvId: number;

async function make<T = { id: number }>(path: string, body: Record<string, unknown>): Promise<T> {
  const res = await factory.post(path, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
}
const newUser = (prefix: string, roleId: number) =>
  make<{ id: number; email: string; password: string }>('/api/test/users', {
    email_prefix: prefix,
    roles: [{ role_id: roleId, partner_id: 1 }],
  });
const session = (trainer: number, sps: number[], startsIn: number) =>
  factory.post('/api/test/training-sessions', {
    scenario_title: AWV,
    partner_id: 1,
    trainer_user_id: trainer,
    sp_user_ids: sps,
    starts_in_minutes: startsIn,
  });
const visit = (spUser: number, learner: number, startsIn: number, minutes = 30) =>
  factory.post('/api/test/visits', {
    scenario_title: AWV,
    partner_id: 1,
    learner_user_id: learner,
    sp_user_id: spUser,
    starts_in_minutes: startsIn,
    duration_minutes: minutes,
  });
const commitmentsOf = (userId: number) =>
  server.db.selectFrom('commitments').select(['kind', 'source_id']).where('user_id', '=', userId).orderBy('id').execute();

beforeAll(async () => {
  server = await startTestServer();
  factory = new Client(server);
  await factory.csrf();
  spId = await userIdOf(server, 'sp@demo.test');
  trainerId = await userIdOf(server, 'trainer@demo.test');
  const awv = await server.db.selectFrom('scenarios').select('id').where('title', '=', AWV).executeTakeFirstOrThrow();
  awvId = Number(awv.id);
  sp = await signedIn(server, 'sp@demo.test');
  learnerClient = await signedIn(server, 'learner@demo.test');
}, 60_000);

beforeEach(() => {
  setTestTime(NOW);
});

afterAll(async () => {
  resetTestClock();
  await server?.close();
});

describe('an SP in a training session (issue 12 item 6)', () => {
  it('is not offered for a visit then, cannot accept a request then, and is free again once it is cancelled', async () => {
    const before = await times(THURSDAY);
    expect(before).toEqual(expect.arrayContaining([`${THURSDAY} 10:30:00`, `${THURSDAY} 11:00:00`]));
    const created = await session(trainerId, [spId], AT_TEN);
    expect(created.status, await created.clone().text()).toBe(200);
    const sessionId = (await json(created)).id as number;

    // A scenario session lasts two hours (10:00–12:00 or a minute later): nothing inside it is offered.
    const during = await times(THURSDAY);
    expect(during).not.toContain(`${THURSDAY} 10:30:00`);
    expect(during).not.toContain(`${THURSDAY} 11:00:00`);
    expect(during).toEqual(expect.arrayContaining([`${THURSDAY} 08:00:00`, `${THURSDAY} 09:00:00`, `${THURSDAY} 13:00:00`]));

    // A request for 10:30 made anyway: accepting it is refused with the one message, and nothing changes.
    const learner = await newUser('learner', ROLE.learner);
    const request = await make('/api/test/visit-requests', {
      scenario_title: AWV,
      partner_id: 1,
      learner_user_id: learner.id,
      dates_in_minutes: [AT_TEN + 30],
    });
    const dateId = (await server.db.selectFrom('request_dates').select('id').where('request_id', '=', request.id).executeTakeFirstOrThrow())
      .id;
    const refused = await sp.post('/api/visit-request/approve', { request_id: request.id, request_type: 1, request_date_id: dateId });
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toBe(COMMITMENT_MESSAGES.overlap);
    const row = await server.db.selectFrom('requests').select('status').where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(await server.db.selectFrom('visits').select('id').where('request_id', '=', request.id).execute()).toEqual([]);
    expect(
      await server.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'visit_request.accepted')
        .where('target_id', '=', String(request.id))
        .execute(),
    ).toEqual([]);

    // The SP's list of requests to accept leaves it out while they are taken then.
    const listed = async () =>
      (await json(await sp.post('/api/visit/get-user-visits', { role_id: 2, type: 'requests' }))).visit_requests.map(
        (r: { id: number }) => r.id,
      );
    expect(await listed()).not.toContain(request.id);

    // Cancelling the session frees the time: offered again, and the same acceptance now makes the visit.
    await server.db.updateTable('training_sessions').set({ is_canceled: true }).where('id', '=', sessionId).execute();
    expect(await times(THURSDAY)).toEqual(expect.arrayContaining([`${THURSDAY} 11:00:00`]));
    expect(await listed()).toContain(request.id);
    const accepted = await sp.post('/api/visit-request/approve', { request_id: request.id, request_type: 1, request_date_id: dateId });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect((await json(accepted)).message).toBe(M.accepted);
  });

  it('keeps the visits’ own message for a visit over a visit', async () => {
    const spUser = await newUser('sp', ROLE.standardized_patient);
    const learner = await newUser('learner', ROLE.learner);
    expect((await visit(spUser.id, learner.id, 10_000)).status).toBe(200);
    const second = await visit(spUser.id, learner.id, 10_010);
    expect(second.status).toBe(409);
    expect((await json(second)).message).toBe(VISIT_REFUSALS.overlap);
    const direct = await server.db
      .insertInto('visits')
      .values({
        scenario_id: String(awvId),
        partner_id: 1,
        learner_user_id: learner.id,
        sp_user_id: spUser.id,
        start_at: new Date(NOW.getTime() + 10_005 * 60_000),
        end_at: new Date(NOW.getTime() + 10_035 * 60_000),
      })
      .execute()
      .then(
        () => null,
        (error: { constraint?: string }) => error.constraint,
      );
    expect(direct).toBe('visits_sp_no_overlap');
  });
});

describe('two writes that would double book one person', () => {
  it('through the factories at once: exactly one succeeds, the other is a 409 with the message', async () => {
    const spUser = await newUser('sp', ROLE.standardized_patient);
    const learner = await newUser('learner', ROLE.learner);
    const [a, b] = await Promise.all([visit(spUser.id, learner.id, 20_000, 60), session(trainerId, [spUser.id], 20_030)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect((await json(loser)).message).toBe(COMMITMENT_MESSAGES.overlap);
    expect(await commitmentsOf(spUser.id)).toHaveLength(1);
  });

  it('an interview and a training session of one trainer at once: exactly one is made', async () => {
    const [trainer, applicant, participant] = await Promise.all([
      newUser('trainer', ROLE.trainer),
      newUser('applicant', ROLE.learner),
      newUser('sp', ROLE.standardized_patient),
    ]);
    const [a, b] = await Promise.all([
      factory.post('/api/test/interviews', { applicant_user_id: applicant.id, trainer_user_id: trainer.id, starts_in_minutes: 25_000 }),
      session(trainer.id, [participant.id], 25_030),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await json(a.status === 409 ? a : b)).message).toBe(COMMITMENT_MESSAGES.overlap);
    expect(await commitmentsOf(trainer.id)).toHaveLength(1);
    // The loser made nothing: a session refused leaves its participant free, an interview its applicant.
    expect((await commitmentsOf(participant.id)).length + (await commitmentsOf(applicant.id)).length).toBe(1);
    // A cancelled interview takes nobody's time.
    const cancelled = await factory.post('/api/test/interviews', {
      applicant_user_id: applicant.id,
      trainer_user_id: trainer.id,
      starts_in_minutes: 25_000,
      canceled: true,
    });
    expect(cancelled.status).toBe(200);
    expect(await commitmentsOf(trainer.id)).toHaveLength(1);
  });

  it('in the database: an overlapping interview, session or participant is refused by commitments_no_overlap', async () => {
    const trainer = await newUser('trainer', ROLE.trainer);
    const applicant = await newUser('applicant', ROLE.learner);
    const start = new Date(NOW.getTime() + 30_000 * 60_000);
    const interview = await server.db
      .insertInto('interviews')
      .values({ applicant_user_id: applicant.id, trainer_user_id: trainer.id, start_at: start })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The trainer and the applicant are both taken for one hour.
    expect(await commitmentsOf(trainer.id)).toEqual([{ kind: 'interview', source_id: interview.id }]);
    expect(await commitmentsOf(applicant.id)).toEqual([{ kind: 'interview', source_id: interview.id }]);
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (error: { code?: string; constraint?: string }) => `${error.code} ${error.constraint}`,
      );
    const sessionAt = (at: Date, trainerUser: number) =>
      server.db
        .insertInto('training_sessions')
        .values({ trainer_user_id: trainerUser, partner_id: 1, training_session_type_id: 2, start_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
    expect(await refusal(sessionAt(new Date(start.getTime() + 59 * 60_000), trainer.id))).toBe('23P01 commitments_no_overlap');
    // Right after the hour is free; an onboarding session (type 2) lasts one hour.
    const after = await sessionAt(new Date(start.getTime() + 60 * 60_000), trainer.id);
    // The applicant added as a participant of a session at the interview's time is refused too.
    const other = await newUser('trainer', ROLE.trainer);
    const overlapping = await sessionAt(new Date(start.getTime() + 30 * 60_000), other.id);
    expect(
      await refusal(
        server.db
          .insertInto('training_session_users')
          .values({ training_session_id: overlapping.id, user_id: applicant.id, role_id: 2 })
          .execute(),
      ),
    ).toBe('23P01 commitments_no_overlap');
    // A trainer who is also a participant of their own session is one commitment, not a clash with itself.
    await server.db
      .insertInto('training_session_users')
      .values({ training_session_id: after.id, user_id: trainer.id, role_id: 2 })
      .execute();
    expect((await commitmentsOf(trainer.id)).map((c) => c.kind)).toEqual(['interview', 'training_session']);
    // Cancelling the interview frees the hour; moving the session moves its time.
    await server.db.updateTable('interviews').set({ is_canceled: true }).where('id', '=', interview.id).execute();
    expect(await commitmentsOf(applicant.id)).toEqual([]);
    await server.db
      .updateTable('training_sessions')
      .set({ start_at: new Date(start.getTime() + 24 * 3_600_000) })
      .where('id', '=', after.id)
      .execute();
    const moved = await server.db
      .selectFrom('commitments')
      .select(sql<Date>`lower(period)`.as('from'))
      .where('kind', '=', 'training_session')
      .where('source_id', '=', after.id)
      .executeTakeFirstOrThrow();
    expect(new Date(moved.from).getTime()).toBe(start.getTime() + 24 * 3_600_000);
    // Removing a participant frees them; deleting a session removes its commitments.
    await server.db.deleteFrom('training_sessions').where('id', '=', overlapping.id).execute();
    expect(await commitmentsOf(other.id)).toEqual([]);
  });

  it('in the database at once, in two transactions: exactly one commits', async () => {
    const spUser = await newUser('sp', ROLE.standardized_patient);
    const learner = await newUser('learner', ROLE.learner);
    const start = new Date(NOW.getTime() + 40_000 * 60_000);
    const results = await Promise.allSettled([
      server.db.transaction().execute(async (trx) => {
        const s = await trx
          .insertInto('training_sessions')
          .values({ trainer_user_id: trainerId, partner_id: 1, training_session_type_id: 0, start_at: start })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('training_session_users').values({ training_session_id: s.id, user_id: spUser.id, role_id: 2 }).execute();
      }),
      server.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('visits')
          .values({
            scenario_id: String(awvId),
            partner_id: 1,
            learner_user_id: learner.id,
            sp_user_id: spUser.id,
            start_at: new Date(start.getTime() + 15 * 60_000),
            end_at: new Date(start.getTime() + 45 * 60_000),
          })
          .execute();
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as { constraint?: string }).constraint).toBe('commitments_no_overlap');
    expect(await commitmentsOf(spUser.id)).toHaveLength(1);
  });
});
