import { randomUUID } from 'node:crypto';
import {
  formQuestions,
  VISIT_SCORECARD_MESSAGES as M,
  QUESTION_TYPE,
  ROLE,
  type ScorecardKind,
  scorecardDocId,
  type VisitScorecardDoc,
} from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, json, pullSettled, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { auditOf, createPerson, eventsOf, insertVisit, scenarioIdOf, userIdOf, visitRow } from './support/visit-fixtures';

/*
 * Visit scorecards (issue 5 item 8; spec 002 §2.3, §3, §4, §5, §8; spec 001 §7; SECURITY.md VAL-06, AUTHZ-03,
 * REP-01, REP-02, REP-05; decision 0030) through HTTP: the documents follow the visit's people, the page's view
 * values and tabs, the three submits with their refusals, and offline answers pushed through the sync engine
 * (applied once, refusals returned with the reason).
 */
const DAY = 24 * 60;
/** Start times of the visits made here, an hour apart, clear of the seeded visits (the demo SP cannot overlap). */
let slot = 0;
const past = () => -(10 * DAY + 60 * slot++);
const future = (days = 20) => days * DAY + 60 * slot++;

let server: TestServer;
let awv: string;
const id: Record<string, number> = {};
const c: Record<string, Client> = {};

const page = (who: string, visitId: number) => c[who]!.get(`/api/visit/${visitId}/scorecard`);
const submit = (who: string, visitId: number, path: string, responses: unknown) =>
  c[who]!.post(`/api/visit/${visitId}/${path}/submit`, { responses });
const push = (who: string, rows: unknown) => c[who]!.post('/sync/v1/visit_scorecards/push', rows);

async function pullAll(who: string): Promise<VisitScorecardDoc[]> {
  return pullSettled(c[who]!, 'visit_scorecards', '?limit=500');
}

async function docOf(who: string, visitId: number, kind: ScorecardKind): Promise<VisitScorecardDoc> {
  const doc = (await pullAll(who)).find((d) => d.visit_id === visitId && d.kind === kind);
  expect(doc, `${who}'s ${kind} of visit ${visitId}`).toBeDefined();
  return doc!;
}

/** A complete, valid set of answers: the first choice, 3 on Likert scales, a sentence for free text. */
function answersFor(doc: VisitScorecardDoc) {
  return formQuestions(doc.form.items).map((q) => ({
    question_id: q.id,
    response:
      q.question_type_id === QUESTION_TYPE.likert
        ? 3
        : q.question_type_id === QUESTION_TYPE.long_fill
          ? 'Clear and kind.'
          : q.answers[0]!.id,
  }));
}

/** A visit written straight into the database, then announced as scheduled (the listener makes the documents). */
async function scheduledVisit(v: Parameters<typeof insertVisit>[1]): Promise<number> {
  const visitId = await insertVisit(server, v);
  await server.db.transaction().execute((trx) => server.services.visitEvents.record(trx, { type: 'visit.scheduled', visit_id: visitId }));
  return visitId;
}

async function scorecardRow(docId: string) {
  return server.db.selectFrom('visit_scorecards').selectAll().where('id', '=', docId).executeTakeFirst();
}

beforeAll(async () => {
  server = await startTestServer();
  awv = await scenarioIdOf(server, 'Annual wellness visit');
  for (const e of ['learner', 'learner2', 'sp', 'observer', 'admin', 'clientadmin']) id[e] = await userIdOf(server, `${e}@demo.test`);
  id.sp2 = await createPerson(server, 'sp-two@scorecards.test', [[ROLE.standardized_patient, 1]]);
  id.observer2 = await createPerson(server, 'observer-two@scorecards.test', [[ROLE.observer, 1]]);
  c.learner = await signedIn(server, 'learner@demo.test');
  c.learner2 = await signedIn(server, 'learner2@demo.test', 'northfield');
  c.sp = await signedIn(server, 'sp@demo.test');
  c.sp2 = await signedIn(server, 'sp-two@scorecards.test');
  c.observer = await signedIn(server, 'observer@demo.test');
  c.observer2 = await signedIn(server, 'observer-two@scorecards.test');
  c.admin = await signedIn(server, 'admin@demo.test');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('documents follow the visit', () => {
  it('gives each person of a seeded visit their own documents, and only theirs (pull scope)', async () => {
    const sp = await pullAll('sp');
    expect(sp.every((d) => d.user_id === id.sp)).toBe(true);
    const sp9004 = sp.find((d) => d.id === scorecardDocId(9004, 'feedback-form', id.sp!));
    expect(sp9004).toMatchObject({ visit_id: 9004, kind: 'feedback-form', submitted_at: null, responses: [] });
    expect(sp9004!.visit).toMatchObject({
      scenario_title: 'Annual wellness visit',
      patient_name: 'Grace Miller',
      learner_name: 'Lee Learner',
    });
    expect(
      formQuestions(sp9004!.form.items)
        .map((q) => q.question_type_id)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    // 9005's SP scorecard is submitted in the seed; canceled visits have none.
    expect(sp.find((d) => d.visit_id === 9005)?.submitted_at).not.toBeNull();
    expect(sp.some((d) => [9006, 9007, 9008, 9009, 9010].includes(d.visit_id) && !d._deleted)).toBe(false);
    const observer = await pullAll('observer');
    expect(observer.find((d) => d.visit_id === 9004)?.kind).toBe('scorecard');
    expect(observer.every((d) => d.user_id === id.observer)).toBe(true);
    expect((await pullAll('learner')).find((d) => d.visit_id === 9004)?.kind).toBe('participant-feedback');
  });

  it('adds and retires observer documents with the visit events, and retires open ones when the visit is canceled', async () => {
    const v = await scheduledVisit({ learner: id.learner!, sp: id.sp2!, scenario: awv, startInMinutes: future() });
    await server.db.insertInto('visit_observers').values({ visit_id: v, user_id: id.observer2! }).execute();
    await server.db.transaction().execute((trx) => server.services.visitEvents.record(trx, { type: 'visit.observer_added', visit_id: v }));
    const added = await docOf('observer2', v, 'scorecard');
    expect(added._deleted).toBe(false);

    await server.db.deleteFrom('visit_observers').where('visit_id', '=', v).execute();
    await server.db
      .transaction()
      .execute((trx) => server.services.visitEvents.record(trx, { type: 'visit.observer_removed', visit_id: v }));
    const removed = await docOf('observer2', v, 'scorecard');
    expect(removed._deleted).toBe(true);
    expect(removed.write_id).not.toBe(added.write_id);

    // A push made before the removal meets the server's newer version: the real master comes back.
    const stale = await json(
      await push('observer2', [{ assumedMasterState: added, newDocumentState: { ...added, write_id: randomUUID(), responses: [] } }]),
    );
    expect(stale.conflicts).toEqual([expect.objectContaining({ id: added.id, _deleted: true })]);

    await server.db.updateTable('visits').set({ is_canceled: true, canceled_at: new Date() }).where('id', '=', v).execute();
    await server.db.transaction().execute((trx) => server.services.visitEvents.record(trx, { type: 'visit.canceled', visit_id: v }));
    expect((await docOf('sp2', v, 'feedback-form'))._deleted).toBe(true);
    expect((await docOf('learner', v, 'participant-feedback'))._deleted).toBe(true);
  });
});

describe('GET api/visit/{id}/scorecard', () => {
  it("answers the view value by who asks: 'form' for the SP and the observer, 'learner_complete' for the learner", async () => {
    const sp = await json(await page('sp', 9004));
    expect(sp).toMatchObject({
      view: 'form',
      audience: 'scorer',
      my_scorecard: { doc_id: scorecardDocId(9004, 'feedback-form', id.sp!), kind: 'feedback-form' },
    });
    expect(sp.tabs.map((t: { label: string }) => t.label)).toEqual(['SP Scorecard']);
    const observer = await json(await page('observer', 9004));
    expect(observer).toMatchObject({ view: 'form', my_scorecard: { kind: 'scorecard' } });
    expect(observer.tabs.map((t: { label: string }) => t.label)).toEqual(['Observer Scorecard']);
    const learner = await json(await page('learner', 9004));
    expect(learner).toMatchObject({ view: 'learner_complete', audience: 'learner', participant_feedback_available: true });
    // The SP's answers in progress are not shown: the SP scorecard is pending.
    expect(learner.visit.feedback_form).toMatchObject({ title: 'SP Scorecard', submitted_at: null, responses: [] });
    expect(learner.tabs.map((t: { label: string }) => t.label)).toEqual(['SP Scorecard', 'Participant Feedback']);
  });

  it('answers the documented POST api/visit/{id}/scorecard (spec 001 §7) exactly as the GET, with the same refusals', async () => {
    const viaGet = await json(await page('sp', 9004));
    const viaPost = await c.sp!.post('/api/visit/9004/scorecard');
    expect(viaPost.status).toBe(200);
    expect(await json(viaPost)).toEqual(viaGet);
    expect((await c.sp2!.post('/api/visit/9004/scorecard')).status).toBe(403);
    expect((await c.learner2!.post('/api/visit/9004/scorecard')).status).toBe(404);
  });

  it('refuses people who are not part of the visit: 403 at its partner, 404 elsewhere, audited (AUTHZ-03)', async () => {
    expect((await page('sp2', 9004)).status).toBe(403);
    expect((await page('observer2', 9004)).status).toBe(403);
    expect((await page('learner2', 9004)).status).toBe(404);
    expect((await page('learner', 999_999)).status).toBe(404);
    expect((await auditOf(server, 9004, 'visit.access_denied')).length).toBeGreaterThanOrEqual(3);
  });
});

describe('submitting through the REST calls (VAL-06)', () => {
  it("refuses missing answers with 'Response is required' under each and the spec's notice, and changes nothing", async () => {
    const doc = await docOf('sp', 9004, 'feedback-form');
    const answers = answersFor(doc);
    const res = await submit('sp', 9004, 'feedback-form', answers.slice(1));
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.message).toBe('All fields must be completed before submitting feedback form.');
    expect(body.errors[`responses.${answers[0]!.question_id}`]).toEqual(['Response is required']);
    expect((await visitRow(server, 9004)).is_feedback_form_complete).toBe(false);

    const observerDoc = await docOf('observer', 9004, 'scorecard');
    const missing = await json(await submit('observer', 9004, 'scorecard', []));
    expect(missing.message).toBe('All fields must be completed before submitting scorecard.');
    expect(Object.values(missing.errors).filter((e) => (e as string[])[0] === 'Response is required')).toHaveLength(
      formQuestions(observerDoc.form.items).length,
    );
  });

  it("refuses answers the form cannot take: another form's question, Likert 6, a choice that is not offered", async () => {
    const doc = await docOf('sp', 9004, 'feedback-form');
    const answers = answersFor(doc);
    const questions = formQuestions(doc.form.items);
    const other = formQuestions((await docOf('observer', 9004, 'scorecard')).form.items)[0]!;
    const foreign = await json(await submit('sp', 9004, 'feedback-form', [...answers, { question_id: other.id, response: 3 }]));
    expect(foreign.errors[`responses.${other.id}`]).toEqual([M.unknownQuestion]);

    const likert = questions.find((q) => q.question_type_id === QUESTION_TYPE.likert)!;
    const six = answers.map((a) => (a.question_id === likert.id ? { ...a, response: 6 } : a));
    const res = await submit('sp', 9004, 'feedback-form', six);
    expect(res.status).toBe(422);
    expect((await json(res)).errors[`responses.${likert.id}`]).toEqual([M.likertRange]);

    const choice = questions.find((q) => q.question_type_id === QUESTION_TYPE.multiple_choice)!;
    const notOffered = answers.map((a) => (a.question_id === choice.id ? { ...a, response: 987_654 } : a));
    expect((await json(await submit('sp', 9004, 'feedback-form', notOffered))).errors[`responses.${choice.id}`]).toEqual([M.notAnOption]);
    expect((await visitRow(server, 9004)).is_feedback_form_complete).toBe(false);
  });

  it('lets only the assigned person submit: the SP scorecard by the SP, participant feedback by the learner', async () => {
    const answers = answersFor(await docOf('sp', 9004, 'feedback-form'));
    const byObserver = await submit('observer', 9004, 'feedback-form', answers);
    expect(byObserver.status).toBe(403);
    expect((await json(byObserver)).message).toBe(M.onlySp);
    expect((await submit('learner', 9004, 'feedback-form', answers)).status).toBe(403);
    expect((await submit('sp2', 9004, 'feedback-form', answers)).status).toBe(403);
    expect((await submit('learner2', 9004, 'feedback-form', answers)).status).toBe(404);
    expect((await submit('sp', 9004, 'scorecard', answers)).status).toBe(403);
    expect((await submit('sp', 9004, 'participant-feedback', answers)).status).toBe(403);
    expect((await visitRow(server, 9004)).is_feedback_form_complete).toBe(false);
  });

  it('submits the SP scorecard once: it completes the visit; a second submit is 409', async () => {
    const v = await scheduledVisit({ learner: id.learner!, sp: id.sp!, scenario: awv, startInMinutes: past(), confirmed: true });
    const answers = answersFor(await docOf('sp', v, 'feedback-form'));
    const res = await submit('sp', v, 'feedback-form', answers);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ message: 'SP Scorecard Submitted.', view: 'observer_complete' });
    expect(body.visit.feedback_form.responses).toEqual(answers);
    const row = await visitRow(server, v);
    expect(row).toMatchObject({ is_feedback_form_complete: true, is_complete: true });
    expect(row.completed_at).not.toBeNull();
    const again = await submit('sp', v, 'feedback-form', answers);
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe(M.alreadySubmittedFeedback);
    expect((await eventsOf(server, v)).filter((t) => t === 'visit.feedback_form_submitted')).toHaveLength(1);
    expect(await eventsOf(server, v)).toContain('visit.completed');
    expect(await auditOf(server, v, 'visit.scorecard_submitted')).toHaveLength(1);
    // The SP's device gets the submitted document.
    expect((await docOf('sp', v, 'feedback-form')).submitted_at).not.toBeNull();
  });

  it('refuses a submission before the visit starts, and participant feedback before the visit is complete', async () => {
    const v = await scheduledVisit({ learner: id.learner!, sp: id.sp!, scenario: awv, startInMinutes: future() });
    const early = await submit('sp', v, 'feedback-form', answersFor(await docOf('sp', v, 'feedback-form')));
    expect(early.status).toBe(409);
    expect((await json(early)).message).toBe(M.notStarted);
    const pf = await submit('learner', v, 'participant-feedback', answersFor(await docOf('learner', v, 'participant-feedback')));
    expect(pf.status).toBe(409);
    expect((await json(pf)).message).toBe(M.notComplete);
  });

  it('takes participant feedback from the learner of a complete visit once', async () => {
    const v = await scheduledVisit({
      learner: id.learner!,
      sp: id.sp!,
      scenario: awv,
      startInMinutes: past(),
      complete: true,
      confirmed: true,
    });
    expect((await json(await page('learner', v))).participant_feedback_available).toBe(true);
    const answers = answersFor(await docOf('learner', v, 'participant-feedback'));
    const res = await submit('learner', v, 'participant-feedback', answers);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('Participant Feedback Submitted.');
    expect((await visitRow(server, v)).is_participant_feedback_complete).toBe(true);
    expect((await submit('learner', v, 'participant-feedback', answers)).status).toBe(409);
    const after = await json(await page('learner', v));
    expect(after.participant_feedback_available).toBe(false);
    expect(after.visit.participant_feedback.responses).toEqual(answers);
  });
});

describe('offline answers through the sync engine', () => {
  it('keeps answers in progress, applies a pushed submission once (the same write twice), and refuses changes after it', async () => {
    const v = await scheduledVisit({ learner: id.learner!, sp: id.sp!, scenario: awv, startInMinutes: past(), confirmed: true });
    const created = await docOf('sp', v, 'feedback-form');
    const answers = answersFor(created);

    const draft = { ...created, write_id: randomUUID(), responses: answers.slice(0, 2), updated_at: new Date().toISOString() };
    expect(await json(await push('sp', [{ assumedMasterState: created, newDocumentState: draft }]))).toEqual({
      conflicts: [],
      rejected: [],
    });
    expect((await scorecardRow(created.id))?.submitted_at).toBeNull();
    expect((await visitRow(server, v)).is_complete).toBe(false);

    const submitted = { ...draft, write_id: randomUUID(), responses: answers, submitted_at: new Date().toISOString() };
    const rows = [{ assumedMasterState: draft, newDocumentState: submitted }];
    expect(await json(await push('sp', rows))).toEqual({ conflicts: [], rejected: [] });
    // The client retries the same batch (its answer was lost): already applied, nothing happens twice.
    expect(await json(await push('sp', rows))).toEqual({ conflicts: [], rejected: [] });
    expect(await json(await push('sp', [{ assumedMasterState: submitted, newDocumentState: submitted }]))).toEqual({
      conflicts: [],
      rejected: [],
    });
    expect(await visitRow(server, v)).toMatchObject({ is_complete: true, is_feedback_form_complete: true });
    expect((await eventsOf(server, v)).filter((t) => t === 'visit.feedback_form_submitted')).toHaveLength(1);
    expect((await eventsOf(server, v)).filter((t) => t === 'visit.completed')).toHaveLength(1);
    expect(await auditOf(server, v, 'visit.scorecard_submitted')).toHaveLength(1);
    expect((await scorecardRow(created.id))?.submitted_at).not.toBeNull();

    // Once submitted, another change comes back with the reason; the stored answers stay.
    const later = { ...submitted, write_id: randomUUID(), responses: answers.slice(1) };
    const refused = await json(await push('sp', [{ assumedMasterState: submitted, newDocumentState: later }]));
    expect(refused.rejected).toEqual([expect.objectContaining({ id: created.id, message: M.alreadySubmittedFeedback })]);
    expect((await docOf('sp', v, 'feedback-form')).write_id).toBe(submitted.write_id);
    // And the REST call agrees.
    expect((await submit('sp', v, 'feedback-form', answers)).status).toBe(409);
  });

  it('returns a refused submission to the person with the reason, and stores nothing of it', async () => {
    const v = await scheduledVisit({ learner: id.learner!, sp: id.sp!, scenario: awv, startInMinutes: past(), confirmed: true });
    const created = await docOf('sp', v, 'feedback-form');
    const answers = answersFor(created);
    const incomplete = { ...created, write_id: randomUUID(), responses: answers.slice(1), submitted_at: new Date().toISOString() };
    const res = await json(await push('sp', [{ assumedMasterState: created, newDocumentState: incomplete }]));
    expect(res.conflicts).toEqual([]);
    expect(res.rejected).toEqual([
      {
        id: created.id,
        message: 'All fields must be completed before submitting feedback form.',
        errors: {
          form: ['All fields must be completed before submitting feedback form.'],
          [`responses.${answers[0]!.question_id}`]: ['Response is required'],
        },
      },
    ]);
    expect((await docOf('sp', v, 'feedback-form')).write_id).toBe(created.write_id);
    expect((await visitRow(server, v)).is_complete).toBe(false);

    // A submission the visit does not allow yet (it has not started) comes back with that reason.
    const upcoming = await scheduledVisit({ learner: id.learner!, sp: id.sp!, scenario: awv, startInMinutes: future() });
    const early = await docOf('sp', upcoming, 'feedback-form');
    const tooEarly = await json(
      await push('sp', [
        {
          assumedMasterState: early,
          newDocumentState: { ...early, write_id: randomUUID(), responses: answersFor(early), submitted_at: new Date().toISOString() },
        },
      ]),
    );
    expect(tooEarly.rejected).toEqual([expect.objectContaining({ id: early.id, message: M.notStarted })]);
  });

  it("refuses the whole batch for another person's document, a new document or a change to the form (REP-01, REP-02)", async () => {
    const sp = await docOf('sp', 9004, 'feedback-form');
    const mine = await docOf('observer', 9004, 'scorecard');
    const other = await push('observer', [
      { assumedMasterState: mine, newDocumentState: { ...mine, write_id: randomUUID(), responses: [] } },
      { assumedMasterState: sp, newDocumentState: { ...sp, write_id: randomUUID(), responses: answersFor(sp) } },
    ]);
    expect(other.status).toBe(403);
    const forged = { ...mine, id: scorecardDocId(9004, 'scorecard', 424_242), write_id: randomUUID() };
    expect((await push('observer', [{ assumedMasterState: null, newDocumentState: forged }])).status).toBe(403);
    const reshaped = { ...mine, write_id: randomUUID(), form: { ...mine.form, items: [] } };
    expect((await push('observer', [{ assumedMasterState: mine, newDocumentState: reshaped }])).status).toBe(403);
    const moved = { ...mine, write_id: randomUUID(), visit_id: 9005 };
    expect((await push('observer', [{ assumedMasterState: mine, newDocumentState: moved }])).status).toBe(403);
    expect((await docOf('observer', 9004, 'scorecard')).write_id).toBe(mine.write_id);
    expect((await docOf('sp', 9004, 'feedback-form')).write_id).toBe(sp.write_id);
  });
});

describe('observer scorecards', () => {
  it("marks each observer complete, the visit's scorecard once all are done, and shows them by the display type", async () => {
    const v = await scheduledVisit({
      learner: id.learner!,
      sp: id.sp!,
      scenario: awv,
      startInMinutes: past(),
      complete: true,
      confirmed: true,
      observers: [id.observer!, id.observer2!],
    });
    const first = await docOf('observer', v, 'scorecard');
    const answers = answersFor(first);
    const pushed = { ...first, write_id: randomUUID(), responses: answers, submitted_at: new Date().toISOString() };
    expect(await json(await push('observer', [{ assumedMasterState: first, newDocumentState: pushed }]))).toEqual({
      conflicts: [],
      rejected: [],
    });
    const observers = await server.db
      .selectFrom('visit_observers')
      .select(['user_id', 'is_complete'])
      .where('visit_id', '=', v)
      .orderBy('id')
      .execute();
    expect(observers).toEqual([
      { user_id: id.observer, is_complete: true },
      { user_id: id.observer2, is_complete: false },
    ]);
    expect((await visitRow(server, v)).is_scorecard_complete).toBe(false);
    expect((await json(await page('observer', v))).view).toBe('observer_complete');

    const second = answersFor(await docOf('observer2', v, 'scorecard')).map((a) =>
      typeof a.response === 'number' && a.response === 3 ? { ...a, response: 5 } : a,
    );
    const res = await submit('observer2', v, 'scorecard', second);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('Scorecard submitted.');
    expect((await visitRow(server, v)).is_scorecard_complete).toBe(true);

    // Display type 5 (feedback_individual_merged): the learner sees each scorecard unnamed and the merged one.
    const learner = await json(await page('learner', v));
    expect(learner.tabs.map((t: { label: string }) => t.label)).toEqual([
      'SP Scorecard',
      'Scorecard 1',
      'Scorecard 2',
      'Merged',
      'Participant Feedback',
    ]);
    expect(learner.visit.observer_scorecards.map((s: { scorer_name: string | null }) => s.scorer_name)).toEqual([null, null]);
    const likert = learner.visit.merged.find((m: { merged: { type: string } }) => m.merged.type === 'likert');
    expect(likert.merged).toMatchObject({ total: 2, average: 4 });
    // Staff see every scorecard with the observer's name.
    const admin = await json(await page('admin', v));
    expect(admin.audience).toBe('staff');
    expect(admin.tabs.map((t: { label: string }) => t.label)).toEqual([
      'SP Scorecard',
      'Observer Scorecard 1',
      'Observer Scorecard 2',
      'Merged',
    ]);
    expect(admin.visit.observer_scorecards[0].scorer_name).toBe('Olive Observer');

    // Display type 2 (feedback): the learner gets no observer answers at all.
    await server.db.updateTable('scenarios').set({ scorecard_display_type_id: 2 }).where('id', '=', awv).execute();
    try {
      const only = await json(await page('learner', v));
      expect(only.tabs.map((t: { label: string }) => t.label)).toEqual(['SP Scorecard', 'Participant Feedback']);
      expect(only.visit.observer_scorecards).toEqual([]);
      expect(only.visit.merged).toBeNull();
    } finally {
      await server.db.updateTable('scenarios').set({ scorecard_display_type_id: 5 }).where('id', '=', awv).execute();
    }
  });
});
