import { SCORING_AGREEMENT_MESSAGES as M, QUESTION_TYPE, ROLE, type ScoringAgreementResponse } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson, scenarioIdOf, userIdOf } from './support/visit-fixtures';

/*
 * The scoring agreement report (issue 20 item 7; decision 0077) through HTTP. Visits of 2025 with submitted SP and
 * observer scorecards are written straight into the database, with answers chosen so that every figure is known
 * by hand: a true/false question with a published-style 2×2 table, a Likert question answered identically, and in
 * May a third scorer who scores 1.5 points above the others.
 */
let server: TestServer;
const c: Record<string, Client> = {};
const id: Record<string, number> = {};
let scenario: string;
let otherPartnerScenario: string;
const q: Record<string, number> = {};
let yes = 0;
let no = 0;
let hour = 0;

async function question(type: number, text: string, answers: string[]): Promise<{ id: number; answers: number[] }> {
  const row = await server.db
    .insertInto('questions')
    .values({ question: `<p>${text}</p>`, question_type_id: type })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [position, answer] of answers.entries()) {
    ids.push(
      (
        await server.db
          .insertInto('question_answers')
          .values({ question_id: row.id, answer, position })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  return { id: row.id, answers: ids };
}

interface Scorer {
  user: number;
  kind: 'scorecard' | 'feedback-form';
  answers: Record<number, number>;
  submitted?: boolean;
}

/** A visit of `month` (2025) with its scorecards; every visit gets an hour of its own, so the SP never overlaps. */
async function scoredVisit(month: number, scorers: Scorer[], opts: { partner?: number; canceled?: boolean; scenario?: string } = {}) {
  hour += 1;
  const start = new Date(Date.UTC(2025, month - 1, 1 + Math.floor(hour / 10), 8 + (hour % 10)));
  const visit = await server.db
    .insertInto('visits')
    .values({
      scenario_id: opts.scenario ?? scenario,
      partner_id: opts.partner ?? 1,
      learner_user_id: id.learner!,
      sp_user_id: id.sp!,
      start_at: start,
      end_at: new Date(start.getTime() + 30 * 60_000),
      is_confirmed: true,
      is_complete: !opts.canceled,
      completed_at: opts.canceled ? null : start,
      is_canceled: opts.canceled ?? false,
      canceled_at: opts.canceled ? start : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const s of scorers) {
    const docId = `${visit.id}-${s.kind}-${s.user}`;
    const submitted = s.submitted === false ? null : start.toISOString();
    const responses = Object.entries(s.answers).map(([question_id, response]) => ({ question_id: Number(question_id), response }));
    const doc = { id: docId, visit_id: visit.id, kind: s.kind, user_id: s.user, responses, submitted_at: submitted, _deleted: false };
    await server.db
      .insertInto('visit_scorecards')
      .values({
        id: docId,
        visit_id: visit.id,
        kind: s.kind,
        user_id: s.user,
        submitted_at: submitted,
        doc: JSON.stringify(doc),
        created_at: start,
        updated_at: start,
      })
      .execute();
  }
}

const sp = (answers: Record<number, number>, submitted = true): Scorer => ({ user: id.sp!, kind: 'feedback-form', answers, submitted });
const obs = (user: number, answers: Record<number, number>, submitted = true): Scorer => ({ user, kind: 'scorecard', answers, submitted });
const report = (who: string, query: string) => c[who]!.get(`/api/reports/scoring-agreement?${query}`);
const range = (from: string, to: string, s = scenario) => `scenario_id=${s}&from=${from}&to=${to}`;

async function ok(who: string, query: string): Promise<ScoringAgreementResponse> {
  const res = await report(who, query);
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
}

beforeAll(async () => {
  server = await startTestServer();
  scenario = await scenarioIdOf(server, 'Acute low back pain');
  otherPartnerScenario = await scenarioIdOf(server, 'Post-operative care call');
  for (const e of ['learner', 'sp', 'observer']) id[e] = await userIdOf(server, `${e}@demo.test`);
  id.drifter = await createPerson(server, 'drifter@scoring.test', [[ROLE.observer, 1]]);
  for (const e of ['admin', 'headtrainer', 'superadmin', 'observer', 'learner', 'finance', 'trainer'])
    c[e] = await signedIn(server, `${e}@demo.test`);
  const tf = await question(QUESTION_TYPE.true_false, 'Introduced themselves', ['Yes', 'No']);
  [yes, no] = tf.answers as [number, number];
  q.tf = tf.id;
  q.likert = (await question(QUESTION_TYPE.likert, 'Empathy', ['1', '2', '3', '4', '5'])).id;
  q.likert2 = (await question(QUESTION_TYPE.likert, 'Clarity', ['1', '2', '3', '4', '5'])).id;
  q.fill = (await question(QUESTION_TYPE.long_fill, 'Comments', [])).id;

  // January to April: 20 visits, SP and observer. True/false: 10 yes/yes, 3 yes/no, 2 no/yes, 5 no/no.
  // Likert: always the same answer, cycling 1..5. Five visits a month.
  const table: [number, number][] = [
    ...Array.from({ length: 10 }, () => [yes, yes] as [number, number]),
    ...Array.from({ length: 3 }, () => [yes, no] as [number, number]),
    ...Array.from({ length: 2 }, () => [no, yes] as [number, number]),
    ...Array.from({ length: 5 }, () => [no, no] as [number, number]),
  ];
  for (const [i, [a, b]] of table.entries()) {
    const likert = (i % 5) + 1;
    await scoredVisit(1 + Math.floor(i / 5), [sp({ [q.tf]: a, [q.likert]: likert }), obs(id.observer!, { [q.tf]: b, [q.likert]: likert })]);
  }
  // Never counted: a canceled visit, an unsubmitted scorecard, another partner's visit (for its admins).
  await scoredVisit(2, [sp({ [q.tf]: yes }), obs(id.observer!, { [q.tf]: no })], { canceled: true });
  await scoredVisit(2, [sp({ [q.tf]: yes }), obs(id.observer!, { [q.tf]: no }, false)]);
  await scoredVisit(3, [sp({ [q.tf]: yes }), obs(id.observer!, { [q.tf]: no })], { partner: 2 });
  // May: four visits where the drifter scores 1.5 points above the SP and the observer, who agree.
  for (let i = 0; i < 4; i += 1) {
    await scoredVisit(5, [
      sp({ [q.likert]: 2, [q.likert2]: 2 }),
      obs(id.observer!, { [q.likert]: 2, [q.likert2]: 2 }),
      obs(id.drifter!, { [q.likert]: 4, [q.likert2]: 3 }),
    ]);
  }
});

afterAll(async () => {
  await server?.close();
});

describe('the figures', () => {
  it('a known 2×2 table gives its percent agreement, kappa and AC1; identical Likert answers agree perfectly', async () => {
    const r = await ok('admin', range('2025-01-01', '2025-04-30'));
    expect(r.scenario).toEqual({ id: scenario, title: 'Acute low back pain' });
    expect(r.visits).toBe(20);
    const tf = r.questions.find((x) => x.question_id === q.tf)!;
    expect(tf).toMatchObject({ question: 'Introduced themselves', scale: 'categorical', pairs: 20, visits: 20, weighted_kappa: null });
    expect(tf.percent_agreement).toEqual({ value: 0.75, visits: 20, flagged: false });
    // pe = 0.65·0.6 + 0.35·0.4 = 0.53 → κ = 0.22 / 0.47; AC1: π = 0.625, pe = 2·0.625·0.375 = 0.46875
    expect(tf.kappa!.value).toBeCloseTo(0.22 / 0.47, 10);
    expect(tf.ac1!.value).toBeCloseTo((0.75 - 0.46875) / (1 - 0.46875), 10);
    const likert = r.questions.find((x) => x.question_id === q.likert)!;
    expect(likert).toMatchObject({ scale: 'likert', kappa: null, ac1: null });
    expect(likert.percent_agreement.value).toBe(1);
    expect(likert.weighted_kappa).toEqual({ value: 1, visits: 20, flagged: false });
    // Identical totals on every visit: the ICC is 1.
    expect(r.icc).toEqual({ value: 1, visits: 20, flagged: false });
    // Long fill is not compared, and a question nobody answered twice is not listed.
    expect(r.questions.map((x) => x.question_id)).toEqual([q.tf, q.likert]);
    // Five visits a month: each month's drift is 0 and flagged as resting on too few visits.
    const observer = r.scorers.find((s) => s.user_id === id.observer)!;
    expect(observer.points).toEqual(
      ['2025-01', '2025-02', '2025-03', '2025-04'].map((month) => ({ month, drift: 0, visits: 5, flagged: true, drifting: false })),
    );
    expect(observer.drifting).toBe(false);
  });

  it('a scorer who sits 1.5 points above the others is flagged for drift; the others are not', async () => {
    const r = await ok('headtrainer', range('2025-01-01', '2025-06-30'));
    const drifter = r.scorers.find((s) => s.user_id === id.drifter)!;
    expect(drifter.name).toBe('drifter Tester');
    expect(drifter.drifting).toBe(true);
    expect(drifter.points).toEqual([{ month: '2025-05', drift: 1.5, visits: 4, flagged: true, drifting: true }]);
    const sp = r.scorers.find((s) => s.user_id === id.sp)!;
    expect(sp.points.find((p) => p.month === '2025-05')).toEqual({
      month: '2025-05',
      drift: -0.75,
      visits: 4,
      flagged: true,
      drifting: false,
    });
    expect(sp.drifting).toBe(false);
    // May's three-scorer visits: SP–observer agree, both differ from the drifter → 1 of 3 pairs agree on Empathy there.
    const clarity = r.questions.find((x) => x.question_id === q.likert2)!;
    expect(clarity).toMatchObject({ pairs: 12, visits: 4, percent_agreement: { value: 4 / 12, visits: 4, flagged: true } });
    expect(r.icc.visits).toBe(24);
    expect(r.icc.value).toBeLessThan(1);
  });

  it("another partner's visits count for super admins only", async () => {
    const admin = await ok('admin', range('2025-03-01', '2025-03-31'));
    const superAdmin = await ok('superadmin', range('2025-03-01', '2025-03-31'));
    expect(admin.visits).toBe(5);
    expect(superAdmin.visits).toBe(6);
    expect(superAdmin.questions.find((x) => x.question_id === q.tf)!.pairs).toBe(6);
  });

  it('a period without scored visits answers empty figures, not an error', async () => {
    const r = await ok('admin', range('2024-01-01', '2024-12-31'));
    expect(r).toMatchObject({ visits: 0, questions: [], scorers: [], icc: { value: null, visits: 0, flagged: true } });
  });
});

describe('the scenario picker', () => {
  it("lists the scenarios with completed visits at the caller's partner", async () => {
    const res = await c.headtrainer!.get('/api/reports/scoring-agreement/scenarios');
    expect(res.status).toBe(200);
    const { scenarios } = await json(res);
    expect(scenarios).toContainEqual({ id: scenario, title: 'Acute low back pain' });
    expect(scenarios.map((s: { id: string }) => s.id)).not.toContain(otherPartnerScenario);
    expect((await c.observer!.get('/api/reports/scoring-agreement/scenarios')).status).toBe(403);
  });
});

describe('access', () => {
  it('refuses everyone but admins, head trainers and super admins', async () => {
    for (const who of ['observer', 'learner', 'finance', 'trainer'])
      expect((await report(who, range('2025-01-01', '2025-04-30'))).status, who).toBe(403);
    const anonymous = await new (c.admin!.constructor as typeof Client)(server).get(
      `/api/reports/scoring-agreement?${range('2025-01-01', '2025-04-30')}`,
    );
    expect(anonymous.status).toBe(401);
  });

  it("answers 404 for another partner's scenario and for one that does not exist", async () => {
    for (const s of [otherPartnerScenario, '999999']) {
      const res = await report('admin', range('2025-01-01', '2025-04-30', s));
      expect(res.status).toBe(404);
      expect((await json(res)).message).toBe(M.notFound);
    }
  });
});

describe('bad input', () => {
  const cases: [string, string, string][] = [
    ['from=2025-01-01&to=2025-02-01', 'scenario_id', M.scenarioRequired],
    ['scenario_id=abc&from=2025-01-01&to=2025-02-01', 'scenario_id', M.scenarioRequired],
    ['scenario_id=99999999999999&from=2025-01-01&to=2025-02-01', 'scenario_id', M.scenarioRequired],
    ['scenario_id=1&from=2025-02-30&to=2025-03-01', 'from', M.dateInvalid],
    ['scenario_id=1&from=01/02/2025&to=2025-03-01', 'from', M.dateInvalid],
    ['scenario_id=1&from=2025-01-01', 'to', M.dateInvalid],
    ['scenario_id=1&from=2025-03-01&to=2025-02-01', 'to', M.rangeOrder],
    ['scenario_id=1&from=2022-01-01&to=2025-02-01', 'to', M.rangeTooLong],
  ];
  it.each(cases)('%s → 422 on %s', async (query, field, message) => {
    const res = await report('admin', query);
    expect(res.status).toBe(422);
    expect((await json(res)).errors[field]).toContain(message);
  });
});
