import { ROLE, TRAINING_SESSION_TYPE } from '@simvisit/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetTestClock, setTestTime } from '../src/platform/clock';
import { json, signedIn } from './support/client';
import {
  authoredScenario,
  financialPartner,
  paidInterview,
  paidTraining,
  paidVisit,
  payee,
  signedInAt,
} from './support/financial-fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { userIdOf } from './support/visit-fixtures';

/**
 * The figures of the financial overview and report (docs/decisions/0078) against sums worked out by hand: every
 * visit state, scorecards, training sessions, interviews and authored scenarios; a rate changed inside a month
 * through the role editor; and a visit whose local month differs from its UTC month.
 */
let server: TestServer;
afterEach(() => {
  resetTestClock();
});
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const at = (iso: string) => new Date(iso);
const report = (query: string) => signedIn(server, 'finance@demo.test').then((c) => c.get(`/api/reports/financial?${query}`));
// biome-ignore lint/suspicious/noExplicitAny: records of the answer, read loosely
const recordOf = (body: any, userId: number) => body.user_records.find((r: { user_id: number }) => r.user_id === userId);

describe('a month of every kind of work (March 2025, New York)', () => {
  let partner: Awaited<ReturnType<typeof financialPartner>>;
  let sp: { id: number; email: string };
  let observer: { id: number };
  let lateObserver: { id: number };
  let trainer: { id: number };
  let head: { id: number };
  let author: { id: number; email: string };
  let scenario: { id: string; title: string };

  beforeAll(async () => {
    partner = await financialPartner(server);
    const p = partner.id;
    sp = await payee(server, [[ROLE.standardized_patient, p, 40]]);
    observer = await payee(server, [[ROLE.observer, p, 25]]);
    lateObserver = await payee(server, [[ROLE.observer, p, 25]]);
    trainer = await payee(server, [[ROLE.trainer, p, 35]]);
    head = await payee(server, [[ROLE.head_trainer, p, 45]]);
    author = await payee(server, [
      [ROLE.author, p],
      [ROLE.author, 28, 150],
    ]);
    const learner = (await payee(server, [[ROLE.learner, p]])).id;
    scenario = await authoredScenario(server, author.id, { isSim: true, partnerId: p, jobNumber: 'JOB-7' });
    const visit = (day: number, extra: Partial<Parameters<typeof paidVisit>[1]>) =>
      paidVisit(server, { partner: p, scenario: scenario.id, learner, sp: sp.id, start: at(`2025-03-${day}T15:00:00Z`), ...extra });
    // paid: complete (90 min, 1.5 h), no-show, technical issue, late (10 h ahead) and early (30 h ahead) cancellations
    await visit(10, {
      minutes: 90,
      complete: true,
      observers: [
        [observer.id, true],
        [lateObserver.id, false],
      ],
    });
    await visit(11, { noShow: true });
    await visit(12, { technicalIssue: true });
    await visit(13, { canceledHoursAhead: 10 });
    await visit(14, { canceledHoursAhead: 30 });
    // not paid: the SP's own cancellation, a cancellation 72 h ahead, a visit never completed, another month
    await visit(17, { canceledHoursAhead: 10, spCancellation: true });
    await visit(18, { canceledHoursAhead: 72 });
    await visit(19, {});
    await paidVisit(server, { partner: p, scenario: scenario.id, learner, sp: sp.id, start: at('2025-04-02T15:00:00Z'), complete: true });
    // a grouped session (3 h) run by the trainer with the SP; a session not completed pays nothing
    const training = { partner: p, trainer: trainer.id, sps: [sp.id], typeId: TRAINING_SESSION_TYPE.grouped, jobNumber: 'TR-1' };
    await paidTraining(server, { ...training, start: at('2025-03-20T15:00:00Z'), complete: true });
    await paidTraining(server, { ...training, start: at('2025-03-21T15:00:00Z'), complete: false });
    await paidInterview(server, { partner: p, trainer: head.id, applicant: learner, start: at('2025-03-22T15:00:00Z') });
  });

  it('the report pays each person their hours at their rate, per category and per job number', async () => {
    const res = await report(`month=3&year=2025&partner=${partner.id}`);
    expect(res.status).toBe(200);
    const body = await json(res);
    const spRecord = recordOf(body, sp.id);
    expect(spRecord.categories.sp).toEqual({ hours: 1.5, rates: ['40.00'], total: '60.00' });
    expect(spRecord.categories.no_show).toEqual({ hours: 1, rates: ['40.00'], total: '40.00' });
    expect(spRecord.categories.learner_tech).toEqual({ hours: 1, rates: ['40.00'], total: '40.00' });
    expect(spRecord.categories.late_canc).toEqual({ hours: 1, rates: ['40.00'], total: '40.00' });
    expect(spRecord.categories.early_canc).toEqual({ hours: 1, rates: ['40.00'], total: '40.00' });
    expect(spRecord.categories.training).toEqual({ hours: 3, rates: ['40.00'], total: '120.00' });
    expect(spRecord.categories.scorecard).toEqual({ hours: 0, rates: [], total: '0.00' });
    expect(spRecord).toMatchObject({ hours: 8.5, total: '340.00', email: sp.email });
    expect(spRecord.jobs.map((j: { job_number: string; total: string }) => [j.job_number, j.total])).toEqual([
      ['JOB-7', '220.00'],
      ['TR-1', '120.00'],
    ]);
    expect(recordOf(body, observer.id).categories.scorecard).toEqual({ hours: 1.5, rates: ['25.00'], total: '37.50' });
    expect(recordOf(body, lateObserver.id)).toBeUndefined();
    expect(recordOf(body, trainer.id).categories.trainer).toEqual({ hours: 3, rates: ['35.00'], total: '105.00' });
    expect(recordOf(body, head.id).categories.interview).toEqual({ hours: 1, rates: ['45.00'], total: '45.00' });
    expect(recordOf(body, head.id).jobs).toMatchObject([{ job_number: null, total: '45.00' }]);
    expect(recordOf(body, author.id).categories.author).toEqual({ hours: 0, rates: ['150.00'], total: '150.00' });
    // 340 + 37.50 + 105 + 45 + 150
    expect(body).toMatchObject({
      grand_total: '677.50',
      grand_hours: 14,
      grand_total_sp: '60.00',
      grand_hours_scorecard: 1.5,
      grand_total_author: '150.00',
      report_job_numbers: ['JOB-7', 'TR-1', null],
      time_zone: 'America/New_York',
      partners: [],
    });
    expect(body.months).toHaveLength(12);
    expect(body.months.at(-1)).toEqual({ year: 2025, month: 3, hours: 14, total: '677.50' });
  });

  it('filters by job number (-1: none), scenario and platform', async () => {
    const none = await json(await report(`month=3&year=2025&partner=${partner.id}&job_number=-1`));
    expect(none.user_records.map((r: { user_id: number }) => r.user_id)).toEqual([head.id]);
    const job = await json(await report(`month=3&year=2025&partner=${partner.id}&job_number=TR-1`));
    expect(job.grand_total).toBe('225.00');
    const byScenario = await json(await report(`month=3&year=2025&partner=${partner.id}&scenario=${scenario.id}`));
    expect(byScenario.grand_total).toBe('407.50');
    const sim = await json(await report(`month=3&year=2025&partner=${partner.id}&is_sim=1`));
    expect(sim.user_records).toEqual([]);
  });

  it('the SP overview holds their own rows, the author card their scenario', async () => {
    const client = await signedInAt(server, sp.email, partner.slug);
    const res = await client.post('/api/financial/overview', { month: 3, year: 2025 });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      completed_total: '60.00',
      no_shows_total: '40.00',
      learner_technical_issues_total: '40.00',
      late_cancellations_total: '40.00',
      early_cancellations_total: '40.00',
      training_sessions_total: '120.00',
      scorecards_total: '0.00',
      authoring_total: '0.00',
      total: '340.00',
      show_sub_rows: false,
      user_id: sp.id,
      partner_id: partner.id,
    });
    const authorClient = await signedInAt(server, author.email, 'simclusive');
    const card = await json(await authorClient.post('/api/financial/overview', { month: 3, year: 2025, partner_id: 28, is_author: 1 }));
    expect(card).toMatchObject({
      authoring_scenarios: [{ scenario_id: Number(scenario.id), title: scenario.title, count: 1, rate: '150.00', total: '150.00' }],
      authoring_total: '150.00',
      total: '150.00',
      is_author: true,
    });
  });

  it('a non-admin asking for another person at partner 1 still gets their own figures (AUTHZ-09)', async () => {
    const client = await signedInAt(server, sp.email, partner.slug);
    const body = await json(await client.post('/api/financial/overview', { month: 3, year: 2025, user_id: observer.id, partner_id: 1 }));
    expect(body).toMatchObject({ user_id: sp.id, partner_id: partner.id, total: '340.00', scorecards_total: '0.00' });
  });
});

describe('the rate in force', () => {
  it('a rate changed in the role editor between two visits pays each at its own rate; a later change rewrites nothing', async () => {
    const learner = await userIdOf(server, 'learner@demo.test');
    const sp = await payee(server, [[ROLE.standardized_patient, 1, 40]]);
    const scenario = (await server.db.selectFrom('scenarios').select('id').where('title', 'is not', null).executeTakeFirstOrThrow()).id;
    await paidVisit(server, { partner: 1, scenario, learner, sp: sp.id, start: at('2025-06-05T14:00:00Z'), complete: true });
    await paidVisit(server, { partner: 1, scenario, learner, sp: sp.id, start: at('2025-06-20T14:00:00Z'), complete: true });
    const changeRate = async (when: string, rate: number) => {
      setTestTime(at(when));
      const admin = await signedIn(server, 'admin@demo.test');
      const res = await admin.post('/api/user/update-roles', {
        user_id: sp.id,
        standardized_patient_role: true,
        standardized_patient_rate: rate,
      });
      expect(res.status).toBe(200);
      resetTestClock();
    };
    await changeRate('2025-06-10T12:00:00Z', 50);
    const june = async () => recordOf(await json(await report('month=6&year=2025&partner=1')), sp.id).categories.sp;
    expect(await june()).toEqual({ hours: 2, rates: ['40.00', '50.00'], total: '90.00' });
    await changeRate('2025-08-01T12:00:00Z', 70);
    expect(await june()).toEqual({ hours: 2, rates: ['40.00', '50.00'], total: '90.00' });
  });
});

describe('months in the partner time zone', () => {
  it('a visit at 23:30 on the last day of January in Los Angeles (07:30 UTC on 1 February) counts in January', async () => {
    const partner = await financialPartner(server, 'America/Los_Angeles');
    const sp = await payee(server, [[ROLE.standardized_patient, partner.id, 40]]);
    const learner = (await payee(server, [[ROLE.learner, partner.id]])).id;
    const scenario = (await server.db.selectFrom('scenarios').select('id').where('title', 'is not', null).executeTakeFirstOrThrow()).id;
    await paidVisit(server, { partner: partner.id, scenario, learner, sp: sp.id, start: at('2025-02-01T07:30:00Z'), complete: true });
    const january = await json(await report(`month=1&year=2025&partner=${partner.id}`));
    expect(recordOf(january, sp.id).categories.sp).toEqual({ hours: 1, rates: ['40.00'], total: '40.00' });
    expect(january.time_zone).toBe('America/Los_Angeles');
    const february = await json(await report(`month=2&year=2025&partner=${partner.id}`));
    expect(february.user_records).toEqual([]);
  });
});
