import { TRAINING_PRACTICE_MESSAGES as M, ROLE } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson, scenarioIdOf, userIdOf } from './support/visit-fixtures';

/*
 * The SP scorecard practice of a training session (spec 002 §2.1, §7 'get feedback practice by
 * training_session_id: response practice_visit'; SECURITY.md AUTHZ-03; decision 0030) through HTTP: the seeded
 * session 9501 (Annual wellness visit, trainer@demo.test, SP sp@demo.test), who may open it, and the sessions
 * that have nothing to practice.
 */
let server: TestServer;
const c: Record<string, Client> = {};
const id: Record<string, number> = {};
const practice = (who: string, sessionId: number | string) => c[who]!.get(`/api/training-session/${sessionId}/practice/feedback`);

/** Each session a day after the last: one trainer is never in two sessions at once (commitments, decision 0050). */
let sessionsMade = 0;
async function insertSession(scenarioId: string | null, typeId: number): Promise<number> {
  sessionsMade++;
  const row = await server.db
    .insertInto('training_sessions')
    .values({
      scenario_id: scenarioId,
      trainer_user_id: id.trainer!,
      partner_id: 1,
      training_session_type_id: typeId,
      start_at: new Date(Date.now() + (10 + sessionsMade) * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('training_session_users')
    .values({ training_session_id: row.id, user_id: id.sp!, role_id: ROLE.standardized_patient })
    .execute();
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer();
  for (const e of ['trainer', 'sp']) id[e] = await userIdOf(server, `${e}@demo.test`);
  await createPerson(server, 'sp-other@practice.test', [[ROLE.standardized_patient, 1]]);
  for (const e of ['sp', 'trainer', 'headtrainer', 'admin', 'superadmin', 'learner', 'sp2'])
    c[e] = await signedIn(server, `${e}@demo.test`);
  c.spOther = await signedIn(server, 'sp-other@practice.test');
  c.learner2 = await signedIn(server, 'learner2@demo.test', 'northfield');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('GET api/training-session/{id}/practice/feedback', () => {
  it("gives the session's SP the scenario and its SP scorecard form as practice_visit", async () => {
    const res = await practice('sp', 9501);
    expect(res.status).toBe(200);
    const { practice_visit: p } = await json(res);
    const awv = await scenarioIdOf(server, 'Annual wellness visit');
    expect(p).toMatchObject({ training_session_id: 9501, scenario: { id: awv, title: 'Annual wellness visit' } });
    expect(p.scenario.patient_name).not.toBe('');
    // The scenario's feedback form as it is now, built as the visit scorecards build theirs.
    const form = await server.db
      .selectFrom('scenario_forms')
      .select('id')
      .where('scenario_id', '=', awv)
      .where('kind', '=', 'feedback-form')
      .executeTakeFirstOrThrow();
    const items = await server.db.selectFrom('scenario_form_items').select('id').where('form_id', '=', form.id).execute();
    expect(p.feedback_form.items).toHaveLength(items.length);
    expect(p.feedback_form.items[0]).toMatchObject({
      type: 'question',
      question: { question: '<p>Did the learner introduce themselves and their role?</p>' },
    });
  });

  it("opens for the session's trainer, the partner's head trainers and admins, and super admins", async () => {
    for (const who of ['trainer', 'headtrainer', 'admin', 'superadmin']) {
      const res = await practice(who, 9501);
      expect(res.status, who).toBe(200);
      expect((await json(res)).practice_visit.training_session_id).toBe(9501);
    }
  });

  it('refuses anyone else: 403 at the partner, 404 elsewhere, audited', async () => {
    for (const who of ['learner', 'sp2', 'spOther']) {
      const res = await practice(who, 9501);
      expect(res.status, who).toBe(403);
      expect((await json(res)).message).toBe(M.noAccess);
    }
    const other = await practice('learner2', 9501);
    expect(other.status).toBe(404);
    expect((await json(other)).message).toBe(M.notFound);
    const denied = await server.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'training_session.access_denied')
      .where('target_id', '=', '9501')
      .execute();
    expect(denied).toHaveLength(4);
    const anonymous = await new Client(server).get('/api/training-session/9501/practice/feedback');
    expect(anonymous.status).toBe(401);
  });

  it('answers 404 for a session that does not exist', async () => {
    for (const raw of [999_999, 'abc', 0, '99999999999']) {
      const res = await practice('superadmin', raw);
      expect(res.status, String(raw)).toBe(404);
    }
  });

  it('answers 422 when there is nothing to practice', async () => {
    const onboarding = await insertSession(null, 2);
    const none = await practice('sp', onboarding);
    expect(none.status).toBe(422);
    expect((await json(none)).message).toBe(M.noScenario);

    const scenario = await scenarioIdOf(server, 'Pediatric asthma follow-up');
    await server.db.updateTable('scenarios').set({ is_feedback_form_enabled: 0 }).where('id', '=', scenario).execute();
    const disabled = await insertSession(scenario, 1);
    const res = await practice('sp', disabled);
    expect(res.status).toBe(422);
    expect((await json(res)).message).toBe(M.notEnabled);
    // An outsider learns nothing about it: refused before the form is looked at.
    expect((await practice('learner2', disabled)).status).toBe(404);
  });
});
