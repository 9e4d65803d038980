import { LIKERT_DEFAULT_ANSWERS, RUBRIC_MESSAGES as M } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let author: Client;
let otherAuthor: Client;
let admin: Client;
let superadmin: Client;
let learner: Client;

beforeAll(async () => {
  server = await startTestServer();
  author = await signedIn(server, 'author@demo.test');
  otherAuthor = await signedIn(server, 'reviewer@demo.test');
  admin = await signedIn(server, 'admin@demo.test');
  superadmin = await signedIn(server, 'superadmin@demo.test');
  learner = await signedIn(server, 'learner@demo.test');
});
afterAll(async () => {
  await server.close();
});

const mc = { question_type_id: 1, question: '<p>Pick one</p>', answers: ['Alpha', 'Beta'] };

async function createRubric(client: Client = author, body: Record<string, unknown> = {}): Promise<number> {
  const res = await client.post('/api/rubric/create', body);
  expect(res.status).toBe(200);
  return (await json(res)).rubric_id;
}
const addQuestion = (id: number, body: unknown, client: Client = author) => client.post(`/api/rubric/${id}/add-question`, body);
async function addedQuestion(id: number, body: unknown = mc, client: Client = author) {
  const res = await addQuestion(id, body, client);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).question;
}
const detail = async (id: number, client: Client = author) => (await json(await client.get(`/api/rubric/${id}`))).rubric;

/** Expects a 422 whose message and field error are exactly the spec's words. */
async function expect422(res: Response, field: string, message: string) {
  expect(res.status).toBe(422);
  const body = await json(res);
  expect(body.message).toBe(message);
  expect(body.errors[field]).toContain(message);
}

describe('creating and reading rubrics', () => {
  it('creates a draft and shows it to its creator', async () => {
    const res = await author.post('/api/rubric/create', { name: 'Communication' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({ rubric_id: expect.any(Number), message: 'Rubric created' });
    const rubric = await detail(body.rubric_id);
    expect(rubric).toMatchObject({ id: body.rubric_id, name: 'Communication', is_published: 0, display_type: 1, questions: [] });
    expect(rubric.creator.name).toBe('Alex Author');
    const untitled = await detail(await createRubric());
    expect(untitled.name).toBe('Untitled Rubric');
  });

  it('lists the caller’s rubrics and pages drafts and published by 10', async () => {
    const mine = await json(await author.get('/api/rubric'));
    expect(mine.rubrics.length).toBeGreaterThan(0);
    expect(mine.rubrics.every((r: { creator: { name: string } }) => r.creator.name === 'Alex Author')).toBe(true);
    for (let i = 0; i < 11; i++) await createRubric(otherAuthor, { name: `Other ${i}` });
    const page0 = await json(await otherAuthor.get('/api/rubric/all'));
    expect(page0.drafts).toHaveLength(10);
    expect(page0.drafts_total).toBe(11);
    const page1 = await json(await otherAuthor.get('/api/rubric/all?page_start=10'));
    expect(page1.drafts).toHaveLength(1);
    // Authors see only their own drafts; scenario admins see every draft.
    const authors = await json(await author.get('/api/rubric/all'));
    expect(authors.drafts.some((r: { name: string }) => r.name.startsWith('Other'))).toBe(false);
    const admins = await json(await admin.get('/api/rubric/all'));
    expect(admins.drafts_total).toBeGreaterThanOrEqual(13);
  });
});

describe('question validation (VAL-05)', () => {
  let id: number;
  beforeAll(async () => {
    id = await createRubric();
  });

  it('requires a question type', async () => {
    await expect422(await addQuestion(id, { question: 'Q', answers: [] }), 'question_type_id', M.typeRequired);
    await expect422(await addQuestion(id, { ...mc, question_type_id: 0 }), 'question_type_id', 'A question type must be selected');
    await expect422(await addQuestion(id, { ...mc, question_type_id: 5 }), 'question_type_id', 'A question type must be selected');
    await expect422(await addQuestion(id, { ...mc, question_type_id: null }), 'question_type_id', 'A question type must be selected');
  });

  it('requires question text, also when sanitizing leaves nothing', async () => {
    await expect422(await addQuestion(id, { ...mc, question: '' }), 'question', 'Question text is required');
    await expect422(await addQuestion(id, { ...mc, question: undefined }), 'question', 'Question text is required');
    await expect422(await addQuestion(id, { ...mc, question: '<p> &nbsp; </p>' }), 'question', 'Question text is required');
    await expect422(await addQuestion(id, { ...mc, question: '<script>alert(1)</script>' }), 'question', 'Question text is required');
  });

  it('applies the answer rules of each type', async () => {
    const six = ['1', '2', '3', '4', '5', '6'];
    await expect422(await addQuestion(id, { ...mc, answers: ['Only'] }), 'answers', 'Multiple choice requires at least 2 answers');
    await expect422(await addQuestion(id, { ...mc, answers: [] }), 'answers', 'Multiple choice requires at least 2 answers');
    await expect422(await addQuestion(id, { ...mc, answers: [...six, '7'] }), 'answers', M.multipleChoiceMax);
    await expect422(await addQuestion(id, { ...mc, answers: ['A', '  '] }), 'answers', 'You have empty answers');
    await expect422(
      await addQuestion(id, { question_type_id: 4, question: 'L', answers: ['1', '2', '3', '4'] }),
      'answers',
      'Likert requires 5 answers',
    );
    await expect422(
      await addQuestion(id, { question_type_id: 4, question: 'L', answers: ['1', '2', '3', '4', ''] }),
      'answers',
      'You have empty answers',
    );
    await expect422(
      await addQuestion(id, { question_type_id: 2, question: 'T', answers: ['Yes', 'No', 'Maybe'] }),
      'answers',
      M.trueFalseAnswers,
    );
    await expect422(await addQuestion(id, { question_type_id: 3, question: 'F', answers: ['x'] }), 'answers', M.longFillNoAnswers);
    expect((await detail(id)).questions).toEqual([]);

    expect((await addedQuestion(id, { ...mc, answers: ['A', 'B'] })).answers.map((a: { answer: string }) => a.answer)).toEqual(['A', 'B']);
    expect((await addedQuestion(id, { ...mc, answers: six })).answers).toHaveLength(6);
    const tf = await addedQuestion(id, { question_type_id: 2, question: 'Agree?' });
    expect(tf.answers.map((a: { answer: string }) => a.answer)).toEqual(['Yes', 'No']);
    const tfRenamed = await addedQuestion(id, { question_type_id: 2, question: 'Agree?', answers: ['True', 'False'] });
    expect(tfRenamed.answers.map((a: { answer: string }) => a.answer)).toEqual(['Yes', 'No']);
    const likert = await addedQuestion(id, { question_type_id: 4, question: 'Effort', answers: [] });
    expect(likert.answers.map((a: { answer: string }) => a.answer)).toEqual([...LIKERT_DEFAULT_ANSWERS]);
    const likert5 = await addedQuestion(id, { question_type_id: 4, question: 'Effort', answers: ['a', 'b', 'c', 'd', 'e'] });
    expect(likert5.answers).toHaveLength(5);
    const fill = await addedQuestion(id, { question_type_id: 3, question: 'Explain', short_description: 'Why' });
    expect(fill).toMatchObject({ question_type_id: 3, short_description: 'Why', answers: [] });
    expect((await detail(id)).questions).toHaveLength(7);
  });

  it('applies the same rules to edit-question and reports the edit', async () => {
    const q = await addedQuestion(id);
    const edit = (body: Record<string, unknown>) => author.post(`/api/rubric/${id}/edit-question`, { question_id: q.id, ...body });
    await expect422(
      await edit({ question_type_id: 1, question: 'Q', answers: [{ id: 1, answer: 'A' }] }),
      'answers',
      'Multiple choice requires at least 2 answers',
    );
    await expect422(await edit({ question_type_id: 1, question: '', answers: ['A', 'B'] }), 'question', 'Question text is required');
    const res = await edit({
      question_type_id: 1,
      question: 'Edited',
      answers: [{ id: q.answers[0].id, answer: 'First' }, 'Second', 'Third'],
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe('Question has been edited');
    expect(body.question.answers.map((a: { answer: string }) => a.answer)).toEqual(['First', 'Second', 'Third']);
    const missing = await author.post(`/api/rubric/${id}/edit-question`, { question_id: 999999, question_type_id: 3, question: 'x' });
    expect(missing.status).toBe(404);
  });

  it('requires a rubric name', async () => {
    await expect422(
      await author.post('/api/rubric/save-field', { rubric_id: id, field: 'name', value: '' }),
      'value',
      'Please provide content for the name field.',
    );
    await expect422(
      await author.post('/api/rubric/save-field', { rubric_id: id, field: 'name', value: '   ' }),
      'value',
      'Please provide content for the name field.',
    );
    await expect422(
      await author.post('/api/rubric/save-field', { rubric_id: id, field: 'name' }),
      'value',
      'Please provide content for the name field.',
    );
    await expect422(await author.post('/api/rubric/create', { name: '' }), 'name', 'Please provide content for the name field.');
    expect((await author.post('/api/rubric/save-field', { rubric_id: id, field: 'is_published', value: 1 })).status).toBe(422);
    expect((await author.post('/api/rubric/save-field', { rubric_id: id, field: 'display_type', value: 7 })).status).toBe(422);
  });

  it('saves the name, instructions and display type', async () => {
    const save = (field: string, value: unknown) => author.post('/api/rubric/save-field', { rubric_id: id, field, value });
    const res = await save('name', '  Renamed  ');
    expect(await json(res)).toEqual({ message: 'Rubric updated.', field: 'name', value: 'Renamed' });
    expect((await save('learner_instructions', 'Read this')).status).toBe(200);
    expect((await save('scorer_instructions', 'Score that')).status).toBe(200);
    expect((await save('display_type', 2)).status).toBe(200);
    expect(await detail(id)).toMatchObject({
      name: 'Renamed',
      learner_instructions: 'Read this',
      scorer_instructions: 'Score that',
      display_type: 2,
    });
  });
});

describe('publishing, immutability, delete and clone', () => {
  it('refuses to publish without questions, then publishes', async () => {
    const id = await createRubric();
    await expect422(
      await author.post(`/api/rubric/${id}/publish`),
      'questions',
      'Rubric incomplete: Please attach questions before publishing.',
    );
    expect((await detail(id)).is_published).toBe(0);
    await addedQuestion(id);
    const res = await author.post(`/api/rubric/${id}/publish`);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('Rubric Published');
    expect((await detail(id)).is_published).toBe(1);
    const audit = await server.services.audit.list('rubric.publish');
    expect(audit.some((e) => e.target_id === String(id) && e.target_type === 'rubric')).toBe(true);
  });

  it('keeps a published rubric immutable (409) and unchanged', async () => {
    const id = await createRubric(author, { name: 'Frozen' });
    const q1 = await addedQuestion(id);
    const q2 = await addedQuestion(id, { question_type_id: 3, question: 'Second' });
    expect((await author.post(`/api/rubric/${id}/publish`)).status).toBe(200);
    const before = await detail(id);
    const attempts = [
      author.post(`/api/rubric/${id}/add-question`, mc),
      author.post(`/api/rubric/${id}/edit-question`, { question_id: q1.id, ...mc, question: 'Changed' }),
      author.post(`/api/rubric/${id}/remove-question/${q1.id}`),
      author.post(`/api/rubric/${id}/reorder`, { order: [q2.id, q1.id] }),
      author.post('/api/rubric/save-field', { rubric_id: id, field: 'name', value: 'Thawed' }),
      author.post('/api/rubric/save-field', { rubric_id: id, field: 'display_type', value: 2 }),
      author.post(`/api/rubric/${id}/publish`),
      superadmin.post('/api/rubric/save-field', { rubric_id: id, field: 'scorer_instructions', value: 'x' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(409);
      expect((await json(res)).message).toBe(M.published);
    }
    expect(await detail(id)).toEqual(before);
  });

  it('deletes a draft and refuses to delete a published rubric', async () => {
    const draft = await createRubric(author, { name: 'Doomed' });
    const res = await author.post(`/api/rubric/${draft}/delete`);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('Rubric Deleted');
    expect((await author.get(`/api/rubric/${draft}`)).status).toBe(404);
    expect((await author.post(`/api/rubric/${draft}/delete`)).status).toBe(404);
    expect((await server.services.audit.list('rubric.delete')).some((e) => e.target_id === String(draft))).toBe(true);

    const published = await createRubric();
    await addedQuestion(published);
    await author.post(`/api/rubric/${published}/publish`);
    const refused = await author.post(`/api/rubric/${published}/delete`);
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toBe('Rubric already deleted.');
    expect((await detail(published)).id).toBe(published);
  });

  it('clones a rubric with copies of its questions into a draft of the caller', async () => {
    const id = await createRubric(author, { name: 'Source', learner_instructions: 'Learn' });
    await addedQuestion(id);
    await addedQuestion(id, { question_type_id: 4, question: 'Likert' });
    await author.post(`/api/rubric/${id}/publish`);
    const source = await detail(id);

    const res = await otherAuthor.post('/api/rubric/clone', { rubric_id: id });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.rubric_id).not.toBe(id);
    const copy = await detail(body.rubric_id, otherAuthor);
    expect(copy).toMatchObject({
      name: 'Source (Copy)',
      is_published: 0,
      learner_instructions: 'Learn',
      creator: { name: 'Riley Reviewer' },
    });
    const shape = (qs: { question: string; question_type_id: number; answers: { answer: string }[] }[]) =>
      qs.map((q) => ({ question: q.question, type: q.question_type_id, answers: q.answers.map((a) => a.answer) }));
    expect(shape(copy.questions)).toEqual(shape(source.questions));
    expect(copy.questions.map((q: { id: number }) => q.id)).not.toEqual(source.questions.map((q: { id: number }) => q.id));
    // The copy is editable without touching the source.
    expect((await otherAuthor.post(`/api/rubric/${copy.id}/remove-question/${copy.questions[0].id}`)).status).toBe(200);
    expect((await detail(id)).questions).toHaveLength(2);
  });
});

describe('questions in a draft', () => {
  it('reorders only with exactly the rubric’s questions', async () => {
    const id = await createRubric();
    const a = await addedQuestion(id, { ...mc, question: 'A' });
    const b = await addedQuestion(id, { ...mc, question: 'B' });
    const c = await addedQuestion(id, { ...mc, question: 'C' });
    const other = await addedQuestion(await createRubric());
    const reorder = (order: unknown) => author.post(`/api/rubric/${id}/reorder`, { order });
    for (const wrong of [[a.id, b.id], [a.id, b.id, c.id, other.id], [a.id, b.id, other.id], [a.id, a.id, b.id], []]) {
      await expect422(await reorder(wrong), 'order', M.reorderMismatch);
    }
    expect((await detail(id)).questions.map((q: { id: number }) => q.id)).toEqual([a.id, b.id, c.id]);
    expect((await reorder([c.id, a.id, b.id])).status).toBe(200);
    const after = await detail(id);
    expect(after.questions.map((q: { id: number }) => q.id)).toEqual([c.id, a.id, b.id]);
    expect(after.rubric_questions.map((q: { question_id: number }) => q.question_id)).toEqual([c.id, a.id, b.id]);
  });

  it('removes a question and 404s for one not in the rubric', async () => {
    const id = await createRubric();
    const q = await addedQuestion(id);
    const res = await author.post(`/api/rubric/${id}/remove-question/${q.id}`);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('Question successfully deleted');
    expect((await detail(id)).questions).toEqual([]);
    expect((await author.post(`/api/rubric/${id}/remove-question/${q.id}`)).status).toBe(404);
  });
});

describe('authorization', () => {
  it('refuses users who are not authors or scenario admins (403)', async () => {
    const id = await createRubric();
    await addedQuestion(id);
    await author.post(`/api/rubric/${id}/publish`);
    for (const res of [
      await learner.get('/api/rubric'),
      await learner.get('/api/rubric/all'),
      await learner.get(`/api/rubric/${id}`),
      await learner.post('/api/rubric/create', {}),
      await learner.post('/api/rubric/clone', { rubric_id: id }),
    ]) {
      expect(res.status).toBe(403);
    }
  });

  it("hides another author's draft (404) and changes nothing", async () => {
    const id = await createRubric(author, { name: 'Private' });
    const q = await addedQuestion(id);
    for (const res of [
      await otherAuthor.get(`/api/rubric/${id}`),
      await otherAuthor.post(`/api/rubric/${id}/add-question`, mc),
      await otherAuthor.post(`/api/rubric/${id}/edit-question`, { question_id: q.id, ...mc }),
      await otherAuthor.post(`/api/rubric/${id}/remove-question/${q.id}`),
      await otherAuthor.post(`/api/rubric/${id}/reorder`, { order: [q.id] }),
      await otherAuthor.post(`/api/rubric/${id}/publish`),
      await otherAuthor.post(`/api/rubric/${id}/delete`),
      await otherAuthor.post('/api/rubric/save-field', { rubric_id: id, field: 'name', value: 'Mine now' }),
      await otherAuthor.post('/api/rubric/clone', { rubric_id: id }),
      await otherAuthor.get('/api/rubric/99999999'),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(await detail(id)).toMatchObject({ name: 'Private', is_published: 0, questions: [expect.objectContaining({ id: q.id })] });
    // Scenario admins and super admins reach every draft.
    expect((await admin.get(`/api/rubric/${id}`)).status).toBe(200);
    expect(
      (await superadmin.post('/api/rubric/save-field', { rubric_id: id, field: 'scorer_instructions', value: 'Admin note' })).status,
    ).toBe(200);
    // Published rubrics are readable by every author.
    await author.post(`/api/rubric/${id}/publish`);
    expect((await otherAuthor.get(`/api/rubric/${id}`)).status).toBe(200);
  });

  it('answers 401 to anonymous callers and 419 without the CSRF header', async () => {
    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await anonymous.get('/api/rubric/all')).status).toBe(401);
    expect((await anonymous.post('/api/rubric/create', {})).status).toBe(401);
    const id = await createRubric();
    expect((await author.post('/api/rubric/create', {}, { csrf: false })).status).toBe(419);
    expect((await author.post(`/api/rubric/${id}/add-question`, mc, { csrf: false })).status).toBe(419);
    expect((await author.post(`/api/rubric/${id}/delete`, undefined, { csrf: false })).status).toBe(419);
    expect((await detail(id)).questions).toEqual([]);
  });
});

describe('question HTML is sanitized on write (HTML-01)', () => {
  it('keeps the allowlist and strips everything executable', async () => {
    const id = await createRubric();
    const corpus = [
      '<p>Hello <strong>bold</strong> <em>it</em> <u>u</u></p><ul><li>one</li></ul><ol><li>two</li></ol>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">js</a>',
      '<a href="JaVaScRiPt:alert(1)">js2</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>',
      '<a href="https://example.org/x" onclick="alert(1)">ok link</a>',
      '<script>alert(1)</script>',
      '<svg onload="alert(1)"><g/onload=alert(2)></svg>',
      '<iframe src="https://evil.test"></iframe><style>body{}</style>',
      '<p style="color:red" onmouseover="alert(1)">styled</p>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    ].join('');
    const q = await addedQuestion(id, { question_type_id: 3, question: corpus });
    const stored = (await detail(id)).questions.find((x: { id: number }) => x.id === q.id).question as string;
    for (const bad of [
      '<img',
      'onerror',
      'javascript:',
      'data:',
      '<script',
      'alert(',
      '<svg',
      'onload',
      '<iframe',
      '<style',
      'onclick',
      'onmouseover',
      'style=',
    ]) {
      expect(stored.toLowerCase()).not.toContain(bad.toLowerCase());
    }
    expect(stored).toContain('<p>Hello <strong>bold</strong> <em>it</em> <u>u</u></p><ul><li>one</li></ul><ol><li>two</li></ol>');
    expect(stored).toContain('<a href="https://example.org/x" rel="noopener noreferrer" target="_blank">ok link</a>');

    const edited = await author.post(`/api/rubric/${id}/edit-question`, {
      question_id: q.id,
      question_type_id: 3,
      question: 'Plain <img src=x onerror=alert(1)><a href="mailto:a@b.test">mail</a>',
    });
    expect((await json(edited)).question.question).toBe(
      'Plain <a href="mailto:a@b.test" rel="noopener noreferrer" target="_blank">mail</a>',
    );
    const row = await server.db.selectFrom('questions').select('question').where('id', '=', q.id).executeTakeFirstOrThrow();
    expect(row.question).not.toContain('onerror');
  });
});
