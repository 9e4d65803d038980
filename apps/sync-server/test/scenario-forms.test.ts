import { LIKERT_DEFAULT_ANSWERS, SCENARIO_FORM_MESSAGES as M, SCENARIO_FORM_KINDS, type ScenarioFormKind } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let author: Client;
let otherAuthor: Client;
let admin: Client;
let learner: Client;
const userIds = new Map<string, number>();

beforeAll(async () => {
  server = await startTestServer();
  author = await signedIn(server, 'author@demo.test');
  otherAuthor = await signedIn(server, 'reviewer@demo.test');
  admin = await signedIn(server, 'admin@demo.test');
  learner = await signedIn(server, 'learner@demo.test');
  for (const u of await server.db.selectFrom('users').select(['id', 'email']).execute()) userIds.set(u.email, u.id);
});
afterAll(async () => {
  await server.close();
});

const STATUS = { draft: 1, review: 2, editing: 3, approved: 4, published: 5, archived: 6 } as const;
const mc = { question_type_id: 1, question: '<p>Pick one</p>', answers: ['Alpha', 'Beta'] };

/** A scenario written straight into the table (the scenario routes are another feature's). */
async function makeScenario(owner = 'author@demo.test', status: number = STATUS.draft): Promise<number> {
  const authorId = userIds.get(owner)!;
  const row = await server.db
    .insertInto('scenarios')
    .values({ status, author_user_id: authorId, title: 'Chest pain', patient_name: 'Pat', doc: JSON.stringify({ title: 'Chest pain' }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
const setStatus = (id: number, status: number) => server.db.updateTable('scenarios').set({ status }).where('id', '=', String(id)).execute();

async function findForm(kind: ScenarioFormKind, scenarioId: number, client: Client = author) {
  const res = await client.get(`/api/${kind}/find/${scenarioId}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).form;
}
const call = (kind: ScenarioFormKind, formId: number, action: string, body?: unknown, client: Client = author) =>
  client.post(`/api/${kind}/${formId}/${action}`, body);
async function addedQuestion(kind: ScenarioFormKind, formId: number, body: unknown = mc, client: Client = author) {
  const res = await call(kind, formId, 'add-question', body, client);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).question;
}
async function publishedRubric(name = 'Communication'): Promise<number> {
  const id = (await json(await author.post('/api/rubric/create', { name, learner_instructions: 'Learn', scorer_instructions: 'Score' })))
    .rubric_id;
  expect((await author.post(`/api/rubric/${id}/add-question`, { question_type_id: 4, question: 'Rapport' })).status).toBe(200);
  expect((await author.post(`/api/rubric/${id}/add-question`, { question_type_id: 3, question: 'Comments' })).status).toBe(200);
  expect((await author.post(`/api/rubric/${id}/publish`)).status).toBe(200);
  return id;
}
const attach = (kind: ScenarioFormKind, rubricId: number, formId: number, client: Client = author) =>
  client.post(`/api/rubric/${rubricId}/${kind}/${formId}`);

async function expectStatus(res: Response, status: number, message: string) {
  expect(res.status, await res.clone().text()).toBe(status);
  expect((await json(res)).message).toBe(message);
}
async function expect422(res: Response, field: string, message: string) {
  expect(res.status).toBe(422);
  const body = await json(res);
  expect(body.message).toBe(message);
  expect(body.errors[field]).toContain(message);
}
const itemNames = (form: { items: { type: string; question?: { question: string }; rubric?: { name: string } }[] }) =>
  form.items.map((i) => (i.type === 'rubric' ? `rubric:${i.rubric!.name}` : i.question!.question));

describe('finding a form', () => {
  it('creates each form once, empty, and finds it by scenario id', async () => {
    const scenarioId = await makeScenario();
    const ids = new Set<number>();
    for (const kind of SCENARIO_FORM_KINDS) {
      const form = await findForm(kind, scenarioId);
      expect(form).toEqual({
        id: expect.any(Number),
        scenario_id: scenarioId,
        kind,
        instructions: null,
        is_enabled: 0,
        items: [],
        abilities: { can_edit: true, can_reorder: true, can_remove: true },
      });
      expect((await findForm(kind, scenarioId)).id).toBe(form.id);
      ids.add(form.id);
    }
    expect(ids.size).toBe(3);
    const rows = await server.db.selectFrom('scenario_forms').where('scenario_id', '=', String(scenarioId)).selectAll().execute();
    expect(rows).toHaveLength(3);
  });

  it('answers 404 for an unknown scenario and 403 No Access for one the caller may not see', async () => {
    expect((await author.get('/api/scorecard/find/99999999')).status).toBe(404);
    const theirs = await makeScenario('reviewer@demo.test');
    await expectStatus(
      await author.get(`/api/scorecard/find/${theirs}`),
      403,
      'You do not have permission to access this scenario (No Access)',
    );
    await expectStatus(await learner.get(`/api/participant-feedback/find/${theirs}`), 403, M.noAccess);
    // A scenario admin sees it, read and write.
    expect((await findForm('scorecard', theirs, admin)).abilities).toEqual({ can_edit: true, can_reorder: true, can_remove: true });
  });

  it('shows a published scenario’s form to a learner of its catalogue, read-only', async () => {
    const scenarioId = await makeScenario('author@demo.test', STATUS.published);
    await server.db.updateTable('scenarios').set({ is_sim: 1 }).where('id', '=', String(scenarioId)).execute();
    const form = await findForm('participant-feedback', scenarioId, learner);
    expect(form.abilities).toEqual({ can_edit: false, can_reorder: false, can_remove: false });
    await expectStatus(await call('participant-feedback', form.id, 'add-question', mc, learner), 403, M.notYours);
  });
});

describe.each(SCENARIO_FORM_KINDS)('questions of the %s', (kind) => {
  let formId: number;
  beforeAll(async () => {
    formId = (await findForm(kind, await makeScenario())).id;
  });

  it('refuses invalid questions with the spec’s words (VAL-05) and changes nothing', async () => {
    const add = (body: unknown) => call(kind, formId, 'add-question', body);
    await expect422(await add({ question: 'Q' }), 'question_type_id', 'A question type must be selected');
    await expect422(await add({ ...mc, question: '' }), 'question', 'Question text is required');
    await expect422(await add({ ...mc, question: '<script>alert(1)</script>' }), 'question', 'Question text is required');
    await expect422(await add({ ...mc, answers: ['Only'] }), 'answers', 'Multiple choice requires at least 2 answers');
    await expect422(await add({ ...mc, answers: ['A', ' '] }), 'answers', 'You have empty answers');
    await expect422(await add({ question_type_id: 4, question: 'L', answers: ['1', '2', '3'] }), 'answers', 'Likert requires 5 answers');
    expect((await findForm(kind, await findFormScenario(formId))).items).toEqual([]);
  });

  it('adds, edits and removes questions', async () => {
    const res = await call(kind, formId, 'add-question', { ...mc, short_description: ' Choice ' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe('Question has been added');
    expect(body.question).toMatchObject({ question: '<p>Pick one</p>', short_description: 'Choice', question_type_id: 1 });
    expect(body.question.answers.map((a: { answer: string }) => a.answer)).toEqual(['Alpha', 'Beta']);
    expect(body.form.items).toHaveLength(1);

    const likert = await addedQuestion(kind, formId, { question_type_id: 4, question: 'Effort' });
    expect(likert.answers.map((a: { answer: string }) => a.answer)).toEqual([...LIKERT_DEFAULT_ANSWERS]);
    const tf = await addedQuestion(kind, formId, { question_type_id: 2, question: 'Agree?' });
    expect(tf.answers.map((a: { answer: string }) => a.answer)).toEqual(['Yes', 'No']);

    const edit = (body: Record<string, unknown>) =>
      call(kind, formId, 'edit-question', { question_id: body.question_id ?? likert.id, ...body });
    await expect422(await edit({ question_type_id: 4, question: 'Effort', answers: ['a', 'b'] }), 'answers', 'Likert requires 5 answers');
    await expect422(await edit({ question_type_id: 4, question: '<p> </p>' }), 'question', 'Question text is required');
    await expect422(await edit({ question: 'x' }), 'question_type_id', 'A question type must be selected');
    const edited = await edit({ question_type_id: 1, question: 'Now a choice', answers: ['One', { id: 1, answer: 'Two' }, 'Three'] });
    expect(edited.status).toBe(200);
    const editedBody = await json(edited);
    expect(editedBody.message).toBe('Question has been edited');
    expect(editedBody.question).toMatchObject({ id: likert.id, question: 'Now a choice', question_type_id: 1 });
    expect(editedBody.question.answers.map((a: { answer: string }) => a.answer)).toEqual(['One', 'Two', 'Three']);
    expect((await edit({ question_id: 99999999, question_type_id: 3, question: 'x' })).status).toBe(404);

    const removed = await call(kind, formId, `remove-question/${tf.id}`);
    expect(removed.status).toBe(200);
    const removedBody = await json(removed);
    expect(removedBody.message).toBe('Question successfully deleted');
    expect(removedBody.form.items.map((i: { question: { id: number } }) => i.question.id)).toEqual([body.question.id, likert.id]);
    expect((await call(kind, formId, `remove-question/${tf.id}`)).status).toBe(404);
    const row = await server.db.selectFrom('questions').select('deleted_at').where('id', '=', tf.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(
      (await server.services.audit.list('scenario_form.remove_question')).some(
        (e) => e.details && JSON.stringify(e.details).includes(String(tf.id)),
      ),
    ).toBe(true);
  });
});

/** The scenario a form belongs to (for re-reading through find). */
async function findFormScenario(formId: number): Promise<number> {
  const row = await server.db.selectFrom('scenario_forms').select('scenario_id').where('id', '=', formId).executeTakeFirstOrThrow();
  return Number(row.scenario_id);
}

describe('attaching rubrics', () => {
  it('attaches a published rubric once, shows it with its questions, and removes it', async () => {
    const rubricId = await publishedRubric('Rapport rubric');
    for (const kind of SCENARIO_FORM_KINDS) {
      const scenarioId = await makeScenario();
      const form = await findForm(kind, scenarioId);
      await addedQuestion(kind, form.id);
      const res = await attach(kind, rubricId, form.id);
      expect(res.status, await res.clone().text()).toBe(200);
      const body = await json(res);
      expect(body.message).toBe('Rubric attached');
      const item = body.form.items[1];
      expect(item).toMatchObject({
        type: 'rubric',
        rubric: { id: rubricId, name: 'Rapport rubric', learner_instructions: 'Learn', scorer_instructions: 'Score', display_type: 1 },
      });
      expect(item.rubric.questions.map((q: { question: string }) => q.question)).toEqual(['Rapport', 'Comments']);
      expect(item.rubric.questions[0].answers).toHaveLength(5);

      await expectStatus(await attach(kind, rubricId, form.id), 409, 'This rubric is already attached to this form.');
      expect((await findForm(kind, scenarioId)).items).toHaveLength(2);

      const removed = await call(kind, form.id, `remove-rubric/${rubricId}`);
      expect(removed.status).toBe(200);
      expect((await json(removed)).message).toBe('Rubric removed');
      expect((await findForm(kind, scenarioId)).items.map((i: { type: string }) => i.type)).toEqual(['question']);
      await expectStatus(await call(kind, form.id, `remove-rubric/${rubricId}`), 404, M.rubricNotAttached);
    }
    const attached = await server.services.audit.list('scenario_form.attach_rubric');
    expect(attached.filter((e) => JSON.stringify(e.details).includes(`"rubric_id":${rubricId}`))).toHaveLength(3);
    expect((await server.services.audit.list('scenario_form.remove_rubric')).length).toBeGreaterThanOrEqual(3);
    // The rubric itself is untouched.
    expect((await json(await author.get(`/api/rubric/${rubricId}`))).rubric.questions).toHaveLength(2);
  });

  it('refuses a draft rubric, another author’s draft and an unknown rubric', async () => {
    const form = await findForm('scorecard', await makeScenario());
    const draft = (await json(await author.post('/api/rubric/create', { name: 'Draft' }))).rubric_id;
    await author.post(`/api/rubric/${draft}/add-question`, mc);
    await expectStatus(await attach('scorecard', draft, form.id), 409, 'Only published rubrics can be attached.');
    const theirs = (await json(await otherAuthor.post('/api/rubric/create', { name: 'Theirs' }))).rubric_id;
    expect((await attach('scorecard', theirs, form.id)).status).toBe(404);
    expect((await attach('scorecard', 99999999, form.id)).status).toBe(404);
    expect((await findForm('scorecard', form.scenario_id)).items).toEqual([]);
  });
});

describe('reordering', () => {
  async function formWithThree(kind: ScenarioFormKind, status: number) {
    const scenarioId = await makeScenario();
    const form = await findForm(kind, scenarioId);
    await addedQuestion(kind, form.id, { ...mc, question: 'A' });
    await attach(kind, await publishedRubric('R'), form.id);
    await addedQuestion(kind, form.id, { ...mc, question: 'B' });
    await setStatus(scenarioId, status);
    const items = (await findForm(kind, scenarioId, admin)).items.map((i: { id: number }) => i.id) as number[];
    return { scenarioId, formId: form.id as number, items };
  }

  it('takes every item id exactly once', async () => {
    const { scenarioId, formId, items } = await formWithThree('feedback-form', STATUS.draft);
    const [a, r, b] = items as [number, number, number];
    const other = (await formWithThree('scorecard', STATUS.draft)).items[0]!;
    for (const wrong of [[a, r], [a, r, b, other], [a, r, other], [a, a, r], []]) {
      await expect422(await call('feedback-form', formId, 'reorder', { order: wrong }), 'order', M.reorderMismatch);
    }
    const res = await call('feedback-form', formId, 'reorder', { order: [b, a, r] });
    expect(res.status).toBe(200);
    expect(itemNames((await json(res)).form)).toEqual(['B', 'A', 'rubric:R']);
    expect(itemNames(await findForm('feedback-form', scenarioId))).toEqual(['B', 'A', 'rubric:R']);
  });

  it('is refused once the scenario is published or archived, even for admins', async () => {
    for (const status of [STATUS.published, STATUS.archived]) {
      const { scenarioId, formId, items } = await formWithThree('scorecard', status);
      const reversed = [...items].reverse();
      await expectStatus(await call('scorecard', formId, 'reorder', { order: reversed }, admin), 409, M.reorderLocked);
      expect((await findForm('scorecard', scenarioId, admin)).items.map((i: { id: number }) => i.id)).toEqual(items);
    }
  });

  it('follows the author and admin limits in the other statuses', async () => {
    const cases: [number, Client, number, string?][] = [
      [STATUS.draft, author, 200],
      [STATUS.editing, author, 200],
      [STATUS.review, author, 409, M.lockedInReview],
      [STATUS.approved, author, 409, M.notEditable],
      [STATUS.review, admin, 200],
      [STATUS.approved, admin, 200],
      [STATUS.review, otherAuthor, 403, M.notYours],
    ];
    for (const [status, client, expected, message] of cases) {
      const { formId, items } = await formWithThree('participant-feedback', status);
      const res = await call('participant-feedback', formId, 'reorder', { order: [...items].reverse() }, client);
      expect(res.status, `status ${status}`).toBe(expected);
      if (message) expect((await json(res)).message).toBe(message);
    }
  });
});

describe('editing and removing limits by status (spec 001 §4)', () => {
  async function formAt(status: number, kind: ScenarioFormKind = 'scorecard') {
    const scenarioId = await makeScenario();
    const form = await findForm(kind, scenarioId);
    const q = await addedQuestion(kind, form.id);
    const q2 = await addedQuestion(kind, form.id, { question_type_id: 3, question: 'Second' });
    await setStatus(scenarioId, status);
    return { scenarioId, formId: form.id as number, q, q2 };
  }

  it('lets the author edit in draft and editing, admins in any status but archived', async () => {
    const cases: [number, Client, number, string?][] = [
      [STATUS.draft, author, 200],
      [STATUS.editing, author, 200],
      [STATUS.review, author, 409, M.lockedInReview],
      [STATUS.approved, author, 409, M.notEditable],
      [STATUS.published, author, 409, M.notEditable],
      [STATUS.approved, admin, 200],
      [STATUS.published, admin, 200],
      [STATUS.archived, admin, 409, M.notEditable],
    ];
    for (const [status, client, expected, message] of cases) {
      const { scenarioId, formId, q } = await formAt(status);
      const edit = await call(
        'scorecard',
        formId,
        'edit-question',
        { question_id: q.id, question_type_id: 3, question: 'Changed' },
        client,
      );
      expect(edit.status, `edit in ${status}`).toBe(expected);
      if (message) expect((await json(edit)).message).toBe(message);
      const add = await call('scorecard', formId, 'add-question', mc, client);
      expect(add.status, `add in ${status}`).toBe(expected);
      const items = (await findForm('scorecard', scenarioId, admin)).items;
      expect(items).toHaveLength(expected === 200 ? 3 : 2);
      expect(items[0].question.question).toBe(expected === 200 ? 'Changed' : '<p>Pick one</p>');
    }
  });

  it('lets the author remove in draft and editing, admins also when approved', async () => {
    const cases: [number, Client, number, string?][] = [
      [STATUS.draft, author, 200],
      [STATUS.editing, author, 200],
      [STATUS.review, author, 409, M.lockedInReview],
      [STATUS.approved, author, 409, M.removeLocked],
      [STATUS.approved, admin, 200],
      [STATUS.published, admin, 409, M.removeLocked],
      [STATUS.archived, admin, 409, M.removeLocked],
      [STATUS.review, admin, 409, M.lockedInReview],
    ];
    for (const [status, client, expected, message] of cases) {
      const { scenarioId, formId, q } = await formAt(status);
      const res = await call('scorecard', formId, `remove-question/${q.id}`, undefined, client);
      expect(res.status, `remove in ${status}`).toBe(expected);
      if (message) expect((await json(res)).message).toBe(message);
      expect((await findForm('scorecard', scenarioId, admin)).items).toHaveLength(expected === 200 ? 1 : 2);
    }
  });

  it('reports the limits as abilities', async () => {
    const { scenarioId } = await formAt(STATUS.approved);
    expect((await findForm('scorecard', scenarioId, admin)).abilities).toEqual({ can_edit: true, can_reorder: true, can_remove: true });
    expect((await findForm('scorecard', scenarioId)).abilities).toEqual({ can_edit: false, can_reorder: false, can_remove: false });
    await setStatus(scenarioId, STATUS.published);
    expect((await findForm('scorecard', scenarioId, admin)).abilities).toEqual({ can_edit: true, can_reorder: false, can_remove: false });
  });
});

describe('instructions and the switch', () => {
  it('saves plain-text instructions and clears them', async () => {
    const scenarioId = await makeScenario();
    const form = await findForm('feedback-form', scenarioId);
    const res = await call('feedback-form', form.id, 'instructions', { instructions: '  Score after the visit.  ' });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ message: 'Instructions saved', form: { instructions: 'Score after the visit.' } });
    expect((await findForm('feedback-form', scenarioId)).instructions).toBe('Score after the visit.');
    await expect422(
      await call('feedback-form', form.id, 'instructions', { instructions: 'x'.repeat(10_001) }),
      'instructions',
      M.instructionsTooLong,
    );
    expect((await call('feedback-form', form.id, 'instructions', { instructions: '' })).status).toBe(200);
    expect((await findForm('feedback-form', scenarioId)).instructions).toBeNull();
    await setStatus(scenarioId, STATUS.review);
    await expectStatus(await call('feedback-form', form.id, 'instructions', { instructions: 'Late' }), 409, M.lockedInReview);
  });

  it('switches a form on and off, only with something to answer', async () => {
    const scenarioId = await makeScenario();
    const enabledColumns = () =>
      server.db
        .selectFrom('scenarios')
        .select(['is_scorecard_enabled', 'is_feedback_form_enabled', 'is_participant_feedback_enabled'])
        .where('id', '=', String(scenarioId))
        .executeTakeFirstOrThrow();
    const form = await findForm('scorecard', scenarioId);
    await expectStatus(
      await call('scorecard', form.id, 'enable', { is_enabled: 1 }),
      409,
      'Add a question or a rubric before enabling the Observer Scorecard.',
    );
    const q = await addedQuestion('scorecard', form.id);

    const on = await call('scorecard', form.id, 'enable', { is_enabled: 1 });
    expect(on.status).toBe(200);
    expect(await json(on)).toMatchObject({ is_enabled: 1, message: 'Observer Scorecard enabled', form: { is_enabled: 1 } });
    expect(await enabledColumns()).toEqual({ is_scorecard_enabled: 1, is_feedback_form_enabled: 0, is_participant_feedback_enabled: 0 });
    // Setting the same value again changes nothing; without a value the call toggles.
    expect((await json(await call('scorecard', form.id, 'enable', { is_enabled: true }))).is_enabled).toBe(1);
    await expectStatus(await call('scorecard', form.id, `remove-question/${q.id}`), 409, M.lastItem('scorecard'));
    const off = await json(await call('scorecard', form.id, 'enable'));
    expect(off).toMatchObject({ is_enabled: 0, message: 'Observer Scorecard disabled' });
    expect((await enabledColumns()).is_scorecard_enabled).toBe(0);
    await expect422(await call('scorecard', form.id, 'enable', { is_enabled: 'yes' }), 'is_enabled', M.enabledInvalid);

    const fb = await findForm('feedback-form', scenarioId);
    await addedQuestion('feedback-form', fb.id);
    expect((await json(await call('feedback-form', fb.id, 'enable', { is_enabled: 1 }))).message).toBe('SP Scorecard enabled');
    const pf = await findForm('participant-feedback', scenarioId);
    await addedQuestion('participant-feedback', pf.id);
    expect((await json(await call('participant-feedback', pf.id, 'enable', {}))).message).toBe('Participant Feedback enabled');
    expect(await enabledColumns()).toEqual({ is_scorecard_enabled: 0, is_feedback_form_enabled: 1, is_participant_feedback_enabled: 1 });

    const actions = (await server.services.audit.list()).filter((e) => e.target_type === 'scenario' && e.target_id === String(scenarioId));
    expect(actions.map((e) => e.action)).toEqual(expect.arrayContaining(['scenario_form.enable', 'scenario_form.disable']));
    expect(actions.filter((e) => e.action === 'scenario_form.enable')).toHaveLength(3);

    await setStatus(scenarioId, STATUS.approved);
    await expectStatus(await call('feedback-form', fb.id, 'enable', { is_enabled: 0 }), 409, M.notEditable);
    expect((await json(await call('feedback-form', fb.id, 'enable', { is_enabled: 0 }, admin))).is_enabled).toBe(0);
  });
});

describe('object access (IDOR)', () => {
  it('refuses every change to another author’s form with 403 and changes nothing', async () => {
    const scenarioId = await makeScenario('reviewer@demo.test');
    const form = await findForm('scorecard', scenarioId, otherAuthor);
    const q = await addedQuestion('scorecard', form.id, mc, otherAuthor);
    const rubricId = await publishedRubric('Theirs to attach');
    for (const res of [
      await call('scorecard', form.id, 'add-question', mc),
      await call('scorecard', form.id, 'edit-question', { question_id: q.id, question_type_id: 3, question: 'Mine' }),
      await call('scorecard', form.id, `remove-question/${q.id}`),
      await call('scorecard', form.id, 'reorder', { order: [form.id] }),
      await call('scorecard', form.id, 'instructions', { instructions: 'Mine' }),
      await call('scorecard', form.id, 'enable', { is_enabled: 1 }),
      await call('scorecard', form.id, `remove-rubric/${rubricId}`),
      await attach('scorecard', rubricId, form.id),
    ]) {
      await expectStatus(res, 403, M.noAccess);
    }
    const after = await findForm('scorecard', scenarioId, otherAuthor);
    expect(after).toMatchObject({ instructions: null, is_enabled: 0 });
    expect(itemNames(after)).toEqual(['<p>Pick one</p>']);
  });

  it('answers 404 for unknown forms and for a form under another kind’s calls', async () => {
    expect((await call('scorecard', 99999999, 'add-question', mc)).status).toBe(404);
    expect((await attach('scorecard', await publishedRubric(), 99999999)).status).toBe(404);
    const scorecard = await findForm('scorecard', await makeScenario());
    expect((await call('feedback-form', scorecard.id, 'add-question', mc)).status).toBe(404);
    expect((await attach('participant-feedback', await publishedRubric(), scorecard.id)).status).toBe(404);
    expect((await findForm('scorecard', scorecard.scenario_id)).items).toEqual([]);
  });

  it('does not edit a rubric’s question through a form', async () => {
    const form = await findForm('scorecard', await makeScenario());
    const rubricId = await publishedRubric('Locked');
    const attached = await json(await attach('scorecard', rubricId, form.id));
    const rubricQuestion = attached.form.items[0].rubric.questions[0];
    const edit = await call('scorecard', form.id, 'edit-question', {
      question_id: rubricQuestion.id,
      question_type_id: 3,
      question: 'Hijacked',
    });
    expect(edit.status).toBe(404);
    expect((await call('scorecard', form.id, `remove-question/${rubricQuestion.id}`)).status).toBe(404);
    expect((await json(await author.get(`/api/rubric/${rubricId}`))).rubric.questions[0].question).toBe('Rapport');
  });

  it('answers 401 without a session and 419 without the CSRF header', async () => {
    const anonymous = new Client(server);
    await anonymous.csrf();
    const form = await findForm('scorecard', await makeScenario());
    expect((await anonymous.get(`/api/scorecard/find/${form.scenario_id}`)).status).toBe(401);
    expect((await anonymous.post(`/api/scorecard/${form.id}/add-question`, mc)).status).toBe(401);
    expect((await author.post(`/api/scorecard/${form.id}/add-question`, mc, { csrf: false })).status).toBe(419);
    expect((await author.post(`/api/scorecard/${form.id}/enable`, {}, { csrf: false })).status).toBe(419);
    expect((await findForm('scorecard', form.scenario_id)).items).toEqual([]);
  });
});

describe('question HTML is sanitized on write (HTML-01)', () => {
  it('keeps the allowlist and strips everything executable', async () => {
    const form = await findForm('participant-feedback', await makeScenario());
    const corpus = [
      '<p>Hello <strong>bold</strong> <em>it</em></p>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">js</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>',
      '<svg onload="alert(1)"><g/onload=alert(2)></svg>',
      '<iframe src="https://evil.test"></iframe><style>body{}</style>',
      '<p style="color:red" onmouseover="alert(1)">styled</p>',
      '<a href="https://example.org/x" onclick="alert(1)">ok</a>',
    ].join('');
    const q = await addedQuestion('participant-feedback', form.id, { question_type_id: 3, question: corpus });
    for (const bad of [
      '<img',
      'onerror',
      'javascript:',
      'data:',
      '<svg',
      'onload',
      '<iframe',
      '<style',
      'onmouseover',
      'onclick',
      'style=',
    ]) {
      expect(q.question.toLowerCase()).not.toContain(bad);
    }
    expect(q.question).toContain('<p>Hello <strong>bold</strong> <em>it</em></p>');
    expect(q.question).toContain('<a href="https://example.org/x" rel="noopener noreferrer" target="_blank">ok</a>');

    const edited = await json(
      await call('participant-feedback', form.id, 'edit-question', {
        question_id: q.id,
        question_type_id: 3,
        question: 'Plain <img src=x onerror=alert(1)>',
      }),
    );
    expect(edited.question.question).toBe('Plain');
    const row = await server.db.selectFrom('questions').select('question').where('id', '=', q.id).executeTakeFirstOrThrow();
    expect(row.question).toBe('Plain');
  });
});

describe('copying forms for a scenario clone', () => {
  it('copies instructions, questions (as new copies) and rubrics in order, leaving the source alone', async () => {
    const source = await makeScenario();
    const form = await findForm('scorecard', source);
    const q = await addedQuestion('scorecard', form.id, { ...mc, question: 'First' });
    const rubricId = await publishedRubric('Copied rubric');
    await attach('scorecard', rubricId, form.id);
    await addedQuestion('scorecard', form.id, { question_type_id: 4, question: 'Third' });
    await call('scorecard', form.id, 'instructions', { instructions: 'Observe closely.' });
    const fb = await findForm('feedback-form', source);
    await addedQuestion('feedback-form', fb.id, { question_type_id: 3, question: 'SP notes' });

    const target = await makeScenario();
    await server.services.scenarioForms.copyForms(source, target, userIds.get('author@demo.test')!);

    const copy = await findForm('scorecard', target);
    expect(copy.id).not.toBe(form.id);
    expect(copy.instructions).toBe('Observe closely.');
    expect(itemNames(copy)).toEqual(['First', 'rubric:Copied rubric', 'Third']);
    expect(copy.items[0].question.id).not.toBe(q.id);
    expect(copy.items[0].question.answers.map((a: { answer: string }) => a.answer)).toEqual(['Alpha', 'Beta']);
    expect(itemNames(await findForm('feedback-form', target))).toEqual(['SP notes']);
    expect((await findForm('participant-feedback', target)).items).toEqual([]);

    // Editing the copy leaves the source as it was.
    const edited = await call('scorecard', copy.id, 'edit-question', {
      question_id: copy.items[0].question.id,
      question_type_id: 3,
      question: 'Changed',
    });
    expect(edited.status).toBe(200);
    expect(itemNames(await findForm('scorecard', source))).toEqual(['First', 'rubric:Copied rubric', 'Third']);
  });
});
