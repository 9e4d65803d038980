import { COMMITMENT_MESSAGES, instantToSlot, TRAINING_SESSION_MESSAGES as M, ROLE } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTestClock, clock, resetTestClock } from '../src/platform/clock';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson, scenarioIdOf } from './support/visit-fixtures';
import { icsLines, outboxTo } from './support/visit-job-fixtures';

/*
 * Training sessions (issue 12 items 5, 7, 8; spec 001 §2, §4, §5, §7, §8; spec 000 §2.12, §7; decision 0049)
 * through HTTP: scheduling with every rule and message, the page, the trainer's changes and who is refused them
 * (403 at the partner, 404 elsewhere), closed sessions, joining and completing, invites, and the dashboard lists.
 * Times are relative to the server clock, in UTC (the body's timezone).
 */
const REC = 'https://rec.example.test/{meeting_id}.mp4';
let server: TestServer;
let awv: string;
let n = 0;
const id: Record<string, number> = {};
const c: Record<string, Client> = {};

/** A 'YYYY-MM-DD HH:mm:00' slot in UTC, days ahead of the server clock on a half hour. */
const slotIn = (days: number, hour = 15) =>
  `${instantToSlot(new Date(clock.now().getTime() + days * 86_400_000), 'UTC').slice(0, 10)} ${hour}:30:00`;
const emailOf = (who: string) => `${who}-${n}@training.test`;

async function person(who: string, grants: [number, number][], slug = 'sp') {
  id[who] = await createPerson(server, emailOf(who), grants);
  c[who] = await signedIn(server, emailOf(who), slug);
}

const schedule = (body: Record<string, unknown>, who = 'trainer') => c[who]!.post('/api/training-session/schedule', body);
/*
 * Each session scheduled by default is on a day of its own (from day 40 on): the trainer and the participants are
 * the same people for the whole file, and the database refuses to book a person twice at one time (decision 0050).
 */
let nextDay = 40;
const grouped = (extra: Record<string, unknown> = {}) => ({
  date: slotIn(nextDay++),
  timezone: 'UTC',
  type: 3,
  users: [id.sp, id.observer],
  scenario: Number(awv),
  is_sim: 0,
  job_number: 'job-42',
  ...extra,
});
async function scheduled(extra: Record<string, unknown> = {}): Promise<number> {
  const res = await schedule(grouped(extra));
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).id;
}
const show = (who: string, sessionId: number | string) => c[who]!.post(`/api/training-session/${sessionId}`);
const row = (sessionId: number) =>
  server.db.selectFrom('training_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
/**
 * A session written directly, minutes from the server clock. The clock first moves 100 days on, so that sessions
 * inserted one after another, for the same people at nearby minutes, never overlap (decision 0050); the join and
 * complete rules read the same clock. The clock is put back after those tests.
 */
async function insertSession(startInMinutes: number, users: [number, number][]): Promise<number> {
  advanceTestClock(100 * 86_400_000);
  const s = await server.db
    .insertInto('training_sessions')
    .values({
      scenario_id: awv,
      trainer_user_id: id.trainer!,
      partner_id: 1,
      training_session_type_id: 1,
      start_at: new Date(clock.now().getTime() + startInMinutes * 60_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('training_session_users')
    .values(users.map(([user_id, role_id]) => ({ training_session_id: s.id, user_id, role_id })))
    .execute();
  return s.id;
}

beforeAll(async () => {
  server = await startTestServer({ meetingRecordingUrlPattern: REC });
  awv = await scenarioIdOf(server, 'Annual wellness visit');
  n = Date.now();
  await person('trainer', [[ROLE.trainer, 1]]);
  await person('trainer2', [[ROLE.trainer, 1]]);
  await person('trainerN', [[ROLE.trainer, 2]], 'northfield');
  await person('sp', [[ROLE.standardized_patient, 1]]);
  await person('sp2', [[ROLE.standardized_patient, 1]]);
  await person('observer', [[ROLE.observer, 1]]);
  await person('learner', [[ROLE.learner, 1]]);
  await person('admin', [[ROLE.admin, 1]]);
  await person('spN', [[ROLE.standardized_patient, 2]], 'northfield');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('POST api/training-session/schedule', () => {
  it('refuses an empty form with every message of spec 001 §5', async () => {
    const res = await schedule({});
    expect(res.status).toBe(422);
    const { errors } = await json(res);
    expect(errors.date).toEqual([M.dateRequired]);
    expect(errors.type).toEqual([M.typeRequired]);
    expect(errors.users).toEqual([M.usersRequired]);
  });

  it('needs a scenario and a job number for scenario, grouped and large group sessions, not for onboarding', async () => {
    for (const type of [1, 3, 4]) {
      const res = await schedule(grouped({ type, scenario: null, job_number: '' }));
      expect(res.status).toBe(422);
      const { errors } = await json(res);
      expect(errors.scenario).toEqual([M.scenarioRequired]);
      expect(errors.job_number).toEqual([M.jobNumberRequired]);
    }
    const before = await server.db
      .selectFrom('training_sessions')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBeGreaterThan(0);
    const res = await schedule(grouped({ type: 2, scenario: null, job_number: null }));
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ message: M.scheduled });
  });

  it('refuses type 0, a job number over 255, a date in the past, a bad date and users of another partner', async () => {
    expect((await json(await schedule(grouped({ type: 0 })))).errors.type).toEqual([M.typeRequired]);
    expect((await json(await schedule(grouped({ job_number: 'X'.repeat(256) })))).errors.job_number).toEqual([M.jobNumberTooLong]);
    expect((await json(await schedule(grouped({ date: slotIn(-1) })))).errors.date).toEqual([M.datePast]);
    expect((await json(await schedule(grouped({ date: '2030-02-30 10:00:00' })))).errors.date).toEqual([M.dateInvalid]);
    expect((await json(await schedule(grouped({ users: [id.spN] })))).errors.users).toEqual([M.userUnavailable]);
    expect((await json(await schedule(grouped({ users: [id.learner] })))).errors.users).toEqual([M.userUnavailable]);
  });

  it('is for holders of training_session.schedule only', async () => {
    for (const who of ['learner', 'sp']) expect((await schedule(grouped(), who)).status).toBe(403);
  });

  it('schedules with the job number uppercased and sends calendar invites to the trainer and the participants', async () => {
    const sessionId = await scheduled({ job_number: ' job-7a ' });
    const r = await row(sessionId);
    expect(r).toMatchObject({
      job_number: 'JOB-7A',
      training_session_type_id: 3,
      trainer_user_id: id.trainer,
      partner_id: 1,
      is_sim: false,
    });
    expect(r.start_at.toISOString().slice(11, 16)).toBe('15:30');
    for (const who of ['trainer', 'sp', 'observer']) {
      const invites = (await outboxTo(server, emailOf(who)))
        .flatMap((m) => m.attachments)
        .filter((a) => a.content.includes(`training-session-${sessionId}@`));
      expect(invites.length, who).toBe(1);
      expect(icsLines(invites[0]!.content)).toContain('METHOD:REQUEST');
    }
    const audit = await server.db.selectFrom('audit_log').select('action').where('target_id', '=', String(sessionId)).execute();
    expect(audit.map((a) => a.action)).toContain('training_session.scheduled');
  });
});

describe('POST api/training-session/{id}', () => {
  it('shows the session to its trainer with the users available to add, and to its participants', async () => {
    const sessionId = await scheduled({ users: [id.sp] });
    const mine = await json(await show('trainer', sessionId));
    expect(mine.training_session).toMatchObject({
      id: sessionId,
      duration_hours: 3,
      type: { name: 'Grouped' },
      abilities: { manage: true },
    });
    expect(mine.training_session.sp_users.map((u: { user_id: number }) => u.user_id)).toEqual([id.sp]);
    const available = mine.available_users.map((u: { id: number }) => u.id);
    expect(available).toEqual(expect.arrayContaining([id.sp2, id.observer]));
    expect(available).not.toContain(id.sp);
    expect(available).not.toContain(id.spN);
    const theirs = await json(await show('sp', sessionId));
    expect(theirs.training_session.abilities).toMatchObject({ manage: false, join_as: 'sp' });
    expect(theirs.available_users).toEqual([]);
  });

  it('refuses another trainer of the partner (403) and of another partner (404), and unknown ids (404)', async () => {
    const sessionId = await scheduled();
    expect((await show('trainer2', sessionId)).status).toBe(403);
    expect((await show('trainerN', sessionId)).status).toBe(404);
    expect((await show('trainer', 2_000_000_000)).status).toBe(404);
    expect((await show('trainer', 'abc')).status).toBe(404);
  });
});

describe("the trainer's changes", () => {
  it('adds and removes participants with the messages of spec 001 §8, and sends them invites', async () => {
    const sessionId = await scheduled({ users: [id.sp] });
    const empty = await c.trainer!.post('/api/training-session/add-users', { training_session_id: sessionId, users: [] });
    expect(empty.status).toBe(422);
    expect((await json(empty)).errors.users).toEqual([M.addUsersRequired]);
    const added = await c.trainer!.post('/api/training-session/add-users', { training_session_id: sessionId, users: [id.sp2] });
    expect(await json(added)).toEqual({ message: M.userAdded });
    const again = await c.trainer!.post('/api/training-session/add-users', { training_session_id: sessionId, users: [id.sp2] });
    expect((await json(again)).errors.users).toEqual([M.userAlreadyAdded]);
    const s = (await json(await show('trainer', sessionId))).training_session;
    const place = s.sp_users.find((u: { user_id: number }) => u.user_id === id.sp2);
    const removed = await c.trainer!.post('/api/training-session/remove-user', { training_user_id: place.id });
    expect(await json(removed)).toEqual({ message: M.userRemoved });
    const mails = (await outboxTo(server, emailOf('sp2')))
      .flatMap((m) => m.attachments)
      .filter((a) => a.content.includes(`training-session-${sessionId}@`));
    expect(mails.map((a) => icsLines(a.content).find((l) => l.startsWith('METHOD:')))).toEqual(['METHOD:REQUEST', 'METHOD:CANCEL']);
  });

  it('refuses every change to another trainer (403 at the partner, 404 elsewhere) and to participants, changing nothing', async () => {
    const sessionId = await scheduled({ users: [id.sp] });
    const place = (await json(await show('trainer', sessionId))).training_session.sp_users[0].id;
    const calls: [string, unknown][] = [
      ['/api/training-session/reschedule', { training_session_id: sessionId, date: slotIn(5), timezone: 'UTC' }],
      ['/api/training-session/cancel', { training_session_id: sessionId }],
      [`/api/training-session/${sessionId}/update-job-number`, { job_number: 'OTHER' }],
      ['/api/training-session/add-users', { training_session_id: sessionId, users: [id.sp2] }],
      ['/api/training-session/remove-user', { training_user_id: place }],
    ];
    const before = await row(sessionId);
    for (const [path, body] of calls) {
      expect((await c.trainer2!.post(path, body)).status, path).toBe(403);
      expect((await c.trainerN!.post(path, body)).status, path).toBe(404);
      expect((await c.sp!.post(path, body)).status, path).toBe(403);
    }
    expect(await row(sessionId)).toEqual(before);
    expect((await json(await show('trainer', sessionId))).training_session.sp_users).toHaveLength(1);
  });

  it('reschedules, and asks for a date', async () => {
    const sessionId = await scheduled();
    const missing = await c.trainer!.post('/api/training-session/reschedule', { training_session_id: sessionId, date: '' });
    expect((await json(missing)).errors.date).toEqual([M.rescheduleDateRequired]);
    const res = await c.trainer!.post('/api/training-session/reschedule', {
      training_session_id: sessionId,
      date: slotIn(6, 10),
      timezone: 'UTC',
    });
    expect(await json(res)).toEqual({ message: M.rescheduled });
    const r = await row(sessionId);
    expect(r.start_at.toISOString().slice(11, 16)).toBe('10:30');
    expect(r.invite_sequence).toBe(1);
    const last = (await outboxTo(server, emailOf('sp'))).at(-1)!;
    expect(icsLines(last.attachments[0]!.content)).toContain('SEQUENCE:1');
  });

  it('sets, uppercases and clears the job number; an admin of the partner may too', async () => {
    const sessionId = await scheduled();
    const path = `/api/training-session/${sessionId}/update-job-number`;
    expect(await json(await c.trainer!.post(path, { job_number: 'abc-1' }))).toMatchObject({ job_number: 'ABC-1' });
    expect(await json(await c.admin!.post(path, { job_number: null }))).toMatchObject({ job_number: null });
    expect((await row(sessionId)).job_number).toBeNull();
    expect((await json(await c.trainer!.post(path, { job_number: 'Y'.repeat(256) }))).message).toBe(M.jobNumberTooLong);
  });

  it('cancels, after which nothing changes any more', async () => {
    const sessionId = await scheduled();
    expect(await json(await c.trainer!.post('/api/training-session/cancel', { training_session_id: sessionId }))).toEqual({
      message: M.canceled,
    });
    const r = await row(sessionId);
    expect(r).toMatchObject({ is_canceled: true, canceled_by_user_id: id.trainer });
    for (const [path, body] of [
      ['/api/training-session/cancel', { training_session_id: sessionId }],
      ['/api/training-session/reschedule', { training_session_id: sessionId, date: slotIn(5), timezone: 'UTC' }],
      [`/api/training-session/${sessionId}/update-job-number`, { job_number: 'Z' }],
      ['/api/training-session/add-users', { training_session_id: sessionId, users: [id.sp2] }],
    ] as const) {
      const res = await c.trainer!.post(path, body);
      expect(res.status, path).toBe(422);
      expect((await json(res)).message).toBe(M.notOpen);
    }
    expect(await row(sessionId)).toEqual(r);
    const cancel = (await outboxTo(server, emailOf('observer'))).at(-1)!;
    expect(icsLines(cancel.attachments[0]!.content)).toContain('METHOD:CANCEL');
  });
});

describe('no double booking (issue 12 item 6)', () => {
  it('two trainers scheduling one SP into overlapping sessions at once: one succeeds, the other is refused', async () => {
    const date = slotIn(nextDay++);
    const count = () => server.db.selectFrom('training_session_users').select('id').where('user_id', '=', id.sp2!).execute();
    const before = (await count()).length;
    const answers = await Promise.all((['trainer', 'trainer2'] as const).map((who) => schedule(grouped({ date, users: [id.sp2] }), who)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect((await json(refused)).message).toBe(COMMITMENT_MESSAGES.overlap);
    expect((await count()).length).toBe(before + 1);
  });
});

describe('joining, completing and the recording', () => {
  afterAll(() => resetTestClock());
  const join = (who: string, sessionId: number) => c[who]!.post('/api/meeting/join/training_session', { id: sessionId });

  it('opens 20 minutes before the start, 30 for SPs, for the trainer and the participants only', async () => {
    const sessionId = await insertSession(25, [
      [id.sp!, ROLE.standardized_patient],
      [id.observer!, ROLE.observer],
    ]);
    const sp = await join('sp', sessionId);
    expect(sp.status).toBe(200);
    expect((await json(sp)).link).toMatch(/^https:\/\//);
    const early = await join('observer', sessionId);
    expect(early.status).toBe(422);
    expect((await json(early)).message).toBe(M.joinNotYet);
    expect((await join('trainer2', sessionId)).status).toBe(403);
    expect((await join('trainerN', sessionId)).status).toBe(404);
    expect((await join('admin', sessionId)).status).toBe(403);
    const open = await insertSession(15, [[id.observer!, ROLE.observer]]);
    expect((await join('observer', open)).status).toBe(200);
    expect((await join('trainer', open)).status).toBe(200);
    const closed = await insertSession(-91, [[id.observer!, ROLE.observer]]);
    expect((await json(await join('observer', closed))).message).toBe(M.joinClosed);
  });

  it('is completed by its trainer after the start, then shows the recording', async () => {
    const future = await insertSession(60, [[id.sp!, ROLE.standardized_patient]]);
    expect((await json(await c.trainer!.post('/api/training_session/complete', { id: future }))).message).toBe(M.notStarted);
    const sessionId = await insertSession(-10, [[id.sp!, ROLE.standardized_patient]]);
    const notYet = await c.sp!.post('/api/training-session/recording', { training_session_id: sessionId });
    expect((await json(notYet)).message).toBe(M.recordingNotComplete);
    expect((await join('sp', sessionId)).status).toBe(200);
    expect((await c.sp!.post('/api/training_session/complete', { id: sessionId })).status).toBe(403);
    const done = await c.trainer!.post('/api/training_session/complete', { id: sessionId });
    expect(await json(done)).toEqual({ action: 'complete', message: 'Training Session marked as complete.' });
    expect((await row(sessionId)).is_complete).toBe(true);
    const meeting = (await row(sessionId)).meeting_id!;
    const rec = await json(await c.sp!.post('/api/training-session/recording', { training_session_id: sessionId }));
    expect(rec).toEqual({ link: `https://rec.example.test/${meeting}.mp4` });
    expect((await c.trainer!.post('/api/training_session/complete', { id: sessionId })).status).toBe(422);
    expect((await c.trainerN!.post('/api/training-session/recording', { training_session_id: sessionId })).status).toBe(404);
  });
});

describe('POST api/visit/get-user-visits: the training session lists', () => {
  const lists = (who: string, role_id: number, type: string) =>
    c[who]!.post('/api/visit/get-user-visits', { role_id, type, page_start: 0 });

  it('answers every documented type with its totals, per perspective', async () => {
    n = Date.now();
    await person('trainer3', [[ROLE.trainer, 1]]);
    await person('sp3', [[ROLE.standardized_patient, 1]]);
    const a = await scheduled({ users: [id.sp3] });
    await c.trainer!.post('/api/training-session/cancel', { training_session_id: a });
    const b = await (async () => {
      const res = await schedule(grouped({ users: [id.sp3] }), 'trainer3');
      return (await json(res)).id as number;
    })();
    const all = await json(await lists('trainer3', ROLE.trainer, 'all'));
    expect(all).toMatchObject({
      scheduled_training_sessions_total: 1,
      completed_training_sessions_total: 0,
      canceled_training_sessions_total: 0,
    });
    expect(all.scheduled_training_sessions[0]).toMatchObject({ id: b, type: { name: 'Grouped' }, participants: 1, job_number: 'JOB-42' });
    expect(all.scheduled_visits).toBeUndefined();
    const sp = await json(await lists('sp3', ROLE.standardized_patient, 'all'));
    expect(sp.scheduled_training_sessions.map((s: { id: number }) => s.id)).toEqual([b]);
    expect(sp.canceled_training_sessions.map((s: { id: number }) => s.id)).toEqual([a]);
    expect(sp.scheduled_visits_total).toBe(0);
    for (const type of ['scheduled_training_sessions', 'completed_training_sessions', 'canceled_training_sessions']) {
      const one = await json(await lists('sp3', ROLE.standardized_patient, type));
      expect(Object.keys(one).sort()).toEqual([type, `${type}_total`, 'partner_id', 'scenario_id'].sort());
    }
    for (const type of ['requests', 'scheduled', 'completed']) {
      const res = await lists('sp3', ROLE.standardized_patient, type);
      expect(res.status, type).toBe(200);
    }
    const admin = await json(await lists('admin', ROLE.admin, 'canceled_training_sessions'));
    expect(admin.canceled_training_sessions.map((s: { id: number }) => s.id)).toContain(a);
    expect((await lists('sp3', ROLE.trainer, 'all')).status).toBe(403);
    // The user detail's Training Sessions (spec 000 §2.14): role Trainer or Trainee, status Canceled/Scheduled.
    const activity = await json(await c.admin!.post('/api/user/activity', { user_id: id.sp3, kind: 'training_sessions' }));
    expect(activity.total).toBe(2);
    expect(activity.items.map((i: { id: number; role: string; status: string }) => [i.id, i.role, i.status]).sort()).toEqual(
      [
        [a, 'Trainee', 'Canceled'],
        [b, 'Trainee', 'Scheduled'],
      ].sort(),
    );
    const detail = await json(await c.admin!.post('/api/user/manage', { user_id: id.trainer3 }));
    expect(detail.user.training_sessions_total).toBe(1);
    expect(detail.user.training_sessions[0]).toMatchObject({ id: b, role: 'Trainer', status: 'Scheduled' });
  });
});
