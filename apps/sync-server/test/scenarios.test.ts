import { randomUUID } from 'node:crypto';
import { SCENARIO_MESSAGES as M } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, json, pullSettled, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let author: Client;
let reviewer: Client;
let admin: Client;
let superadmin: Client;
let headtrainer: Client;
let trainer: Client;
let learner: Client;
let learner2: Client;

beforeAll(async () => {
  server = await startTestServer();
  const as = (name: string) => signedIn(server, `${name}@demo.test`);
  author = await as('author');
  reviewer = await as('reviewer');
  admin = await as('admin');
  superadmin = await as('superadmin');
  headtrainer = await as('headtrainer');
  trainer = await as('trainer');
  learner = await as('learner');
  learner2 = await signedIn(server, 'learner2@demo.test', 'northfield', 'northfield.localhost:8080');
});
afterAll(async () => {
  await server.close();
});

const put = (c: Client, path: string, body: unknown) => c.request('PUT', path, { json: body });
const setField = (c: Client, id: number, field: string, value: unknown) => put(c, `/api/scenario/${id}/update-field/${field}`, { value });
const status = (c: Client, id: number, value: number) => setField(c, id, 'status', value);
const detail = async (c: Client, id: number) => (await json(await c.get(`/api/scenario/${id}`))).scenario;

async function ok(res: Response | Promise<Response>) {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(200);
  return json(r);
}
async function expect422(res: Response, message: string, field?: string) {
  expect(res.status, await res.clone().text()).toBe(422);
  const body = await json(res);
  expect(body.message).toBe(message);
  if (field) expect(body.errors[field]).toContain(message);
  return body;
}
async function draft(client: Client = author): Promise<number> {
  return (await ok(client.post('/api/scenario', {}))).id;
}
async function filled(client: Client = author): Promise<number> {
  const id = await draft(client);
  await ok(
    put(client, `/api/scenario/${id}`, {
      title: 'Sore throat',
      patient_name: 'Ann Lee',
      objective: 'Take a history',
      target_audience: 'Students',
    }),
  );
  return id;
}
/** A scenario taken through review and approval by reviewer@. */
async function approved(): Promise<number> {
  const id = await filled();
  await ok(status(author, id, 2));
  await ok(reviewer.post(`/api/scenario/${id}/take`, {}));
  await ok(status(reviewer, id, 4));
  return id;
}

describe('creating and editing a draft', () => {
  it('creates a draft whose author edits its fields; the status stays draft', async () => {
    const id = await draft();
    const s = await detail(author, id);
    expect(s).toMatchObject({ id, status: 1, author_user_id: expect.any(Number), reviewer_user_id: null, session_duration: 30 });
    expect(s.abilities).toMatchObject({ is_author: true, can_edit: true, can_submit: true, can_take: false, tabs: [] });
    await ok(setField(author, id, 'title', 'Headache'));
    await ok(setField(author, id, 'tags', ['neuro', 'pain']));
    expect(await detail(author, id)).toMatchObject({ title: 'Headache', tags: [{ name: 'neuro' }, { name: 'pain' }] });
  });

  it('refuses a learner, a trainer and a reviewer creating a scenario', async () => {
    for (const c of [learner, trainer]) expect((await c.post('/api/scenario', {})).status).toBe(403);
    expect((await headtrainer.post('/api/scenario', {})).status).toBe(200);
  });

  it('validates fields with the spec rules (VAL-04)', async () => {
    const id = await draft();
    await expect422(await setField(author, id, 'session_duration', 45), M.durationInvalid, 'session_duration');
    await expect422(await setField(author, id, 'giftcard_amount', 0), M.moneyMin, 'giftcard_amount');
    await expect422(await setField(author, id, 'giftcard_amount', 'abc'), M.moneyMin, 'giftcard_amount');
    await expect422(await setField(author, id, 'enable_giftcard', 2), M.yesNoInvalid, 'enable_giftcard');
    await expect422(await setField(author, id, 'fee', 10), M.fieldUnknown);
    await ok(setField(author, id, 'session_duration', 60));
    await ok(setField(author, id, 'giftcard_amount', '25'));
    expect(await detail(author, id)).toMatchObject({ session_duration: 60, giftcard_amount: 25 });
  });

  it('keeps HTML in titles as text (HTML-02)', async () => {
    const id = await draft();
    await ok(setField(author, id, 'title', '<img src=x onerror=alert(1)>'));
    expect((await detail(author, id)).title).toBe('<img src=x onerror=alert(1)>');
  });

  it('stores grouped field values and returns them by type', async () => {
    const id = await draft();
    await ok(author.post(`/api/scenario/${id}/fields/1`, { value: 'Brief for the learner' }));
    await ok(author.post(`/api/scenario/${id}/fields/3`, { value: 'Sore throat for 3 days' }));
    expect((await author.post(`/api/scenario/${id}/fields/999`, { value: 'x' })).status).toBe(422);
    const learnerFields = (await ok(author.get(`/api/scenario/${id}/fields-by-type/2`))).fields;
    expect(learnerFields.find((f: { id: number }) => f.id === 1).value).toBe('Brief for the learner');
    expect(learnerFields.some((f: { id: number }) => f.id === 3)).toBe(false);
    expect(await ok(author.get(`/api/scenario/${id}/share`))).toEqual({ learner_brief: 'Brief for the learner', patient_name: null });
  }, 20_000);
});

describe('the lifecycle (AUTHZ-06)', () => {
  it('refuses submitting with empty required fields, with the spec title and the fields', async () => {
    const id = await draft();
    const body = await expect422(await status(author, id, 2), M.requiredEmpty);
    expect(Object.keys(body.errors).sort()).toEqual(['objective', 'patient_name', 'target_audience']);
    expect((await detail(author, id)).status).toBe(1);
  });

  it('walks draft → review → editing → review → approved → published with the right people only', async () => {
    const id = await filled();
    expect((await status(reviewer, id, 2)).status).toBe(403); // not the author (and cannot see a draft)
    await ok(status(author, id, 2));
    // in review: no field edits, not even by the author
    expect((await setField(author, id, 'title', 'Changed')).status).toBe(422);
    expect((await author.post(`/api/scenario/${id}/take`, {})).status).toBe(403); // own scenario
    expect((await status(reviewer, id, 4)).status).toBe(403); // not taken yet
    await ok(reviewer.post(`/api/scenario/${id}/take`, {}));
    expect((await admin.post(`/api/scenario/${id}/take`, {})).status).toBe(409); // already taken
    expect((await status(author, id, 4)).status).toBe(403); // the author never approves
    await ok(status(reviewer, id, 3));
    await ok(setField(author, id, 'title', 'Sore throat, revised'));
    await ok(status(author, id, 2));
    await ok(status(reviewer, id, 4));
    expect((await status(author, id, 5)).status).toBe(403);
    expect((await status(reviewer, id, 5)).status).toBe(403);
    await expect422(await status(headtrainer, id, 5), M.noPartners, 'partners');
    await ok(admin.post(`/api/scenario/${id}/add-partner/1`, { job_number: 'ab-12', featured: 0 }));
    await ok(status(headtrainer, id, 5));
    const s = await detail(admin, id);
    expect(s.status).toBe(5);
    expect(s.partners[0]).toMatchObject({ partner_id: 1, job_number: 'AB-12', featured: 0 });
    // transitions that do not exist
    await expect422(await status(admin, id, 1), M.transitionRefused, 'status');
  }, 30_000);

  it('publishes a sim scenario without partners', async () => {
    const id = await approved();
    await server.db.updateTable('scenarios').set({ is_sim: 1 }).where('id', '=', String(id)).execute();
    await ok(status(admin, id, 5));
  });

  it('lets super admins edit approved or published scenarios only in live edit', async () => {
    const id = await approved();
    expect((await setField(superadmin, id, 'title', 'Live')).status).toBe(422);
    expect((await setField(admin, id, 'live_edit', 1)).status).toBe(403);
    await ok(setField(superadmin, id, 'live_edit', 1));
    await ok(setField(superadmin, id, 'title', 'Live'));
    expect((await setField(author, id, 'title', 'Not me')).status).toBe(422);
    await ok(setField(superadmin, id, 'live_edit', 0));
    expect((await detail(admin, id)).title).toBe('Live');
  }, 20_000);

  it('writes every status change to the audit log', async () => {
    const id = await approved();
    const rows = await server.db.selectFrom('audit_log').select('action').where('target_id', '=', String(id)).execute();
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['scenario.submitted', 'scenario.taken', 'scenario.approved']));
  });
});

describe('comments', () => {
  it('lets the reviewer comment in review and the author while editing, nobody else', async () => {
    const id = await filled();
    await ok(status(author, id, 2));
    expect((await author.post(`/api/scenario/${id}/comment`, { content: 'Hi', field: 'title' })).status).toBe(403);
    await ok(reviewer.post(`/api/scenario/${id}/take`, {}));
    const c = await ok(reviewer.post(`/api/scenario/${id}/comment`, { content: '<b>Add</b> the onset', field: 'field_4' }));
    expect(c.comment).toMatchObject({ content: '<b>Add</b> the onset', field: 'field_4', user: { name: 'Riley Reviewer' } });
    await expect422(await reviewer.post(`/api/scenario/${id}/comment`, { content: '  ', field: 'title' }), M.commentRequired, 'content');
    await expect422(await reviewer.post(`/api/scenario/${id}/comment`, { content: 'x', field: 'fee' }), M.fieldUnknown, 'field');
    await ok(status(reviewer, id, 3));
    await ok(author.post(`/api/scenario/${id}/comment`, { content: 'Done', field: 'field_4' }));
    expect((await learner.post(`/api/scenario/${id}/comment`, { content: 'x', field: 'title' })).status).toBe(403);
    const s = await detail(author, id);
    expect(s.comments.map((x: { content: string }) => x.content)).toEqual(['<b>Add</b> the onset', 'Done']);
  }, 20_000);
});

describe('who sees what (AUTHZ-05)', () => {
  it("refuses another author's draft with the No Access message", async () => {
    const id = await draft();
    for (const c of [reviewer, learner, trainer]) {
      const res = await c.get(`/api/scenario/${id}`);
      expect(res.status).toBe(403);
      expect((await json(res)).message).toBe(M.noAccess);
    }
    expect((await put(reviewer, `/api/scenario/${id}`, { title: 'Mine now' })).status).toBe(403);
    expect((await author.get('/api/scenario/999999')).status).toBe(404);
  });

  it('shows a partner-X-only published scenario only at partner X', async () => {
    const id = await approved();
    await ok(admin.post(`/api/scenario/${id}/add-partner/2`, { job_number: 'NF-1' }));
    await ok(status(admin, id, 5));
    expect((await learner.get(`/api/scenario/${id}`)).status).toBe(403);
    await ok(learner2.get(`/api/scenario/${id}`));
    const mine = await ok(learner2.get('/api/scenario'));
    expect(mine.scenarios.some((s: { id: number }) => s.id === id)).toBe(true);
    const general = await ok(learner.get('/api/scenario'));
    expect(general.scenarios.some((s: { id: number }) => s.id === id)).toBe(false);
  }, 20_000);

  it("omits fee, distribution and comments from a trainer's view; head trainers lose comments and distribution", async () => {
    const id = await approved();
    await ok(admin.post(`/api/scenario/${id}/scenario-fee/save`, { scenario_fee: '45.5' }));
    const t = await detail(trainer, id);
    expect(t).not.toHaveProperty('fee');
    expect(t).not.toHaveProperty('partners');
    expect(t).not.toHaveProperty('comments');
    expect(t.abilities.tabs).toEqual(['SP', 'Observers']);
    const h = await detail(headtrainer, id);
    expect(h.abilities.tabs).toEqual(['Details', 'SP', 'Observers', 'Scorecard Display', 'Fee']);
    expect(h).not.toHaveProperty('comments');
    expect(h.fee).toBe(45.5);
    expect((await detail(admin, id)).abilities.tabs).toHaveLength(7);
  }, 20_000);
});

describe('the side panel (VAL-04)', () => {
  it('adds, edits and removes partners with the spec words', async () => {
    const id = await approved();
    await expect422(await admin.post(`/api/scenario/${id}/add-partner/0`, { job_number: 'X' }), M.selectPartner, 'partner_id');
    await expect422(await admin.post(`/api/scenario/${id}/add-partner/3`, { job_number: '' }), M.jobNumberRequired, 'job_number');
    await expect422(await admin.post(`/api/scenario/${id}/add-partner/3`, { job_number: 'x'.repeat(256) }), M.jobNumberTooLong);
    await expect422(await admin.post(`/api/scenario/${id}/add-partner/3`, { job_number: 'J', featured: 2 }), M.featuredInvalid);
    const added = await ok(admin.post(`/api/scenario/${id}/add-partner/3`, { job_number: 'lk-7', featured: 1 }));
    expect(added).toMatchObject({ message: 'Partner added', scenario_partners: [{ partner_id: 3, job_number: 'LK-7', featured: 1 }] });
    expect((await admin.post(`/api/scenario/${id}/add-partner/3`, { job_number: 'J' })).status).toBe(409);
    await expect422(await put(admin, `/api/scenario/${id}/udpate`, { partner_id: 3, job_number: ' ' }), M.jobNumberEditRequired);
    expect((await ok(put(admin, `/api/scenario/${id}/udpate`, { partner_id: 3, featured: 0 }))).message).toBe(M.featuredUpdated);
    expect((await ok(admin.post(`/api/scenario/${id}/remove-partner/3`, {}))).scenario_partners).toEqual([]);
    expect((await author.post(`/api/scenario/${id}/add-partner/3`, { job_number: 'J' })).status).toBe(403);
    // refused before any check on the body: nothing about partners or users leaks to others
    expect((await author.post(`/api/scenario/${id}/add-partner/999`, { job_number: 'J' })).status).toBe(403);
    expect((await author.post(`/api/scenario/${id}/add-user`, { user_id: 1, role_id: 2 })).status).toBe(403);
  }, 20_000);

  it('attaches SPs, observers and a trainer who hold those roles', async () => {
    const id = await approved();
    const sps = (await ok(admin.get(`/api/scenario/${id}/sp-options`))).users;
    expect(sps.map((u: { email: string }) => u.email)).toContain('sp@demo.test');
    const sp = sps.find((u: { email: string }) => u.email === 'sp@demo.test');
    await expect422(await admin.post(`/api/scenario/${id}/add-user`, { role_id: 2 }), M.selectUser, 'user_id');
    const learnerId = (await server.db.selectFrom('users').select('id').where('email', '=', 'learner@demo.test').executeTakeFirstOrThrow())
      .id;
    await expect422(await admin.post(`/api/scenario/${id}/add-user`, { user_id: learnerId, role_id: 2 }), M.userRoleMissing);
    expect((await ok(admin.post(`/api/scenario/${id}/add-user`, { user_id: sp.id, role_id: 2 }))).message).toBe('User added');
    expect((await admin.post(`/api/scenario/${id}/add-user`, { user_id: sp.id, role_id: 2 })).status).toBe(409);
    expect((await ok(admin.post(`/api/scenario/${id}/remove-user/${sp.id}?role_id=2`, {}))).users).toEqual([]);
    const trainers = (await ok(admin.get(`/api/scenario/${id}/trainer-options`))).users;
    const t = trainers.find((u: { email: string }) => u.email === 'trainer@demo.test');
    expect((await ok(admin.post(`/api/scenario/${id}/add-trainer`, { user_id: t.id }))).message).toBe('Trainer added');
    expect((await detail(admin, id)).trainer.name).toBe('Terry Trainer');
    await ok(setField(admin, id, 'trainer_user_id', null));
    expect((await detail(admin, id)).trainer).toBeNull();
  }, 20_000);

  it('saves the fee (≥ 1) and the scorecard display', async () => {
    const id = await approved();
    for (const bad of [0, '', 'abc', '-3']) {
      await expect422(await admin.post(`/api/scenario/${id}/scenario-fee/save`, { scenario_fee: bad }), M.moneyMin, 'scenario_fee');
    }
    // Over what the numeric(10, 2) column holds: a 422 with its own words, never the 500 of a numeric overflow.
    for (const huge of [1e308, '100000000', 100_000_000]) {
      await expect422(await admin.post(`/api/scenario/${id}/scenario-fee/save`, { scenario_fee: huge }), M.moneyMax, 'scenario_fee');
    }
    expect(await ok(admin.post(`/api/scenario/${id}/scenario-fee/save`, { scenario_fee: 30 }))).toMatchObject({ fee: 30 });
    await expect422(await admin.post(`/api/scenario/${id}/scorecard-display/save`, { scorecard_display_type_id: 9 }), M.displayTypeInvalid);
    await ok(admin.post(`/api/scenario/${id}/scorecard-display/save`, { scorecard_display_type_id: 4 }));
    expect((await ok(admin.get(`/api/scenario/${id}/scorecard-display`))).scorecard_display_type_id).toBe(4);
  }, 20_000);
});

describe('lists, clone and delete', () => {
  it('fills the author and reviewer dashboards and the tabs', async () => {
    const lists = await ok(author.get('/api/scenarios/authoring'));
    expect(Object.keys(lists).sort()).toEqual(['scenario_approved', 'scenario_drafts', 'scenario_edits', 'scenario_reviews']);
    expect(lists.scenario_drafts.length).toBeGreaterThan(0);
    const rev = await ok(reviewer.get('/api/scenarios/reviewing'));
    expect(rev.scenarios_needing_review.some((s: { title: string }) => s.title === 'Managing type 2 diabetes')).toBe(true);
    const needs = await ok(admin.get('/api/scenarios/need-review'));
    expect(needs).toMatchObject({ page: 1, per_page: 10 });
    expect((await learner.get('/api/scenarios/need-review')).status).toBe(403);
    // a plain author gets every tab, holding their own scenarios
    const authorNeeds = await ok(author.get('/api/scenarios/need-review'));
    expect(authorNeeds.scenarios.map((s: { title: string }) => s.title)).toContain('Managing type 2 diabetes');
    expect((await ok(author.get('/api/scenarios/archived'))).scenarios.map((s: { title: string }) => s.title)).toContain(
      'Influenza vaccine hesitancy',
    );
    expect((await trainer.get('/api/scenarios/need-review')).status).toBe(403);
    const published = await ok(learner.get('/api/scenario'));
    expect(published.scenarios.map((s: { title: string }) => s.title)).toEqual(
      expect.arrayContaining(['Annual wellness visit', 'Acute low back pain', 'Inclusive intake interview']),
    );
    expect(published.scenarios.some((s: { title: string }) => s.title === 'Post-operative care call')).toBe(false);
    const backPain = published.scenarios.find((s: { title: string }) => s.title === 'Acute low back pain');
    expect(backPain.credit_text).toBe('CME credit: 1.0 hour');
    const overview = await ok(learner.get(`/api/scenario/${backPain.id}/overview`));
    expect(overview).toMatchObject({ scenario: { id: backPain.id, fee: 45 }, scheduled: null, partner_disabled_dates: [] });
    expect(overview.partner_dates).toHaveProperty('start_date');
    expect(overview.payment_credit).toBeNull();
    const learnerId = (await server.db.selectFrom('users').select('id').where('email', '=', 'learner@demo.test').executeTakeFirstOrThrow())
      .id;
    await server.services.payments.grantCredit({ userId: learnerId, scenarioId: backPain.id, amountCents: 4665, sourcePaymentId: null });
    expect((await ok(learner.get(`/api/scenario/${backPain.id}/overview`))).payment_credit).toEqual({ amount: 46.65 });
  });

  it('clones into a draft of the caller and deletes only drafts', async () => {
    const id = await filled();
    await ok(author.post(`/api/scenario/${id}/fields/1`, { value: 'Brief' }));
    const form = (await ok(author.get(`/api/scorecard/find/${id}`))).form;
    await ok(author.post(`/api/scorecard/${form.id}/add-question`, { question_type_id: 3, question: '<p>What went well?</p>' }));
    const { scenario_id } = await ok(author.post('/api/scenario/clone', { scenario_id: id }));
    const copiedForm = (await ok(author.get(`/api/scorecard/find/${scenario_id}`))).form;
    expect(copiedForm.items).toHaveLength(1);
    expect(copiedForm.id).not.toBe(form.id);
    const copy = await detail(author, scenario_id);
    expect(copy).toMatchObject({ status: 1, title: 'Sore throat (Copy)', patient_name: 'Ann Lee' });
    expect(copy.fields).toEqual([{ scenario_field_id: 1, value: 'Brief' }]);
    expect((await learner.post('/api/scenario/clone', { scenario_id: id })).status).toBe(403);
    // delete is a state-changing GET: CSRF required
    expect((await author.get(`/api/scenario/${scenario_id}/delete`, { csrf: false })).status).toBe(419);
    expect((await reviewer.get(`/api/scenario/${scenario_id}/delete`)).status).toBe(403);
    await ok(author.get(`/api/scenario/${scenario_id}/delete`));
    expect((await author.get(`/api/scenario/${scenario_id}`)).status).toBe(404);
    await ok(status(author, id, 2));
    expect((await author.get(`/api/scenario/${id}/delete`)).status).toBe(409);
  }, 20_000);
});

describe('offline drafting through the sync collections', () => {
  const pull = (c: Client, name: string) => pullSettled(c, name);
  const pushRows = (c: Client, name: string, rows: unknown[]) => c.post(`/sync/v1/${name}/push`, rows);

  it("replicates a draft to its author only, and takes the author's offline edit", async () => {
    const id = await draft();
    const docs = await pull(author, 'scenarios');
    const mine = docs.find((d: { id: string }) => d.id === String(id));
    expect(mine).toMatchObject({ status: 1, title: null });
    expect((await pull(learner, 'scenarios')).some((d: { id: string }) => d.id === String(id))).toBe(false);
    const edited = { ...mine, title: 'Written offline', write_id: randomUUID() };
    expect(await ok(pushRows(author, 'scenarios', [{ assumedMasterState: mine, newDocumentState: edited }]))).toEqual({
      conflicts: [],
      rejected: [],
    });
    expect((await detail(author, id)).title).toBe('Written offline');
    // another user's push is refused as a whole
    expect(
      (
        await pushRows(reviewer, 'scenarios', [
          { assumedMasterState: edited, newDocumentState: { ...edited, title: 'x', write_id: randomUUID() } },
        ])
      ).status,
    ).toBe(403);
  });

  it('refuses a pushed status change and an edit that meets a scenario in review', async () => {
    const id = await filled();
    const mine = (await pull(author, 'scenarios')).find((d: { id: string }) => d.id === String(id));
    const sneaky = { ...mine, status: 5, write_id: randomUUID() };
    const r1 = await ok(pushRows(author, 'scenarios', [{ assumedMasterState: mine, newDocumentState: sneaky }]));
    expect(r1.rejected[0]).toMatchObject({ id: String(id), message: M.statusOnline });
    // the author edited offline, then (on another device) submitted: the stale edit comes back as a conflict
    await ok(status(author, id, 2));
    const stale = { ...mine, title: 'Offline edit', write_id: randomUUID() };
    const r2 = await ok(pushRows(author, 'scenarios', [{ assumedMasterState: mine, newDocumentState: stale }]));
    expect(r2.conflicts[0]).toMatchObject({ id: String(id), status: 2 });
    // resolved by keeping the edit on the new master: refused for the status it met, nothing lost silently
    const master = r2.conflicts[0];
    const retry = { ...master, title: 'Offline edit', write_id: randomUUID() };
    const r3 = await ok(pushRows(author, 'scenarios', [{ assumedMasterState: master, newDocumentState: retry }]));
    expect(r3.rejected[0]).toMatchObject({ message: M.lockedInReview });
    expect((await detail(author, id)).title).toBe('Sore throat');
  }, 20_000);

  it('replicates values and comments to the reviewer once they take the scenario', async () => {
    const id = await filled();
    const value = {
      id: `${id}-3`,
      write_id: randomUUID(),
      _deleted: false,
      scenario_id: String(id),
      field_id: 3,
      value: 'Offline value',
      updated_at: new Date().toISOString(),
    };
    expect(await ok(pushRows(author, 'scenario_field_values', [{ assumedMasterState: null, newDocumentState: value }]))).toEqual({
      conflicts: [],
      rejected: [],
    });
    // a value under a wrong id is refused as a whole
    expect(
      (
        await pushRows(author, 'scenario_field_values', [
          { assumedMasterState: null, newDocumentState: { ...value, id: 'x', write_id: randomUUID() } },
        ])
      ).status,
    ).toBe(403);
    await ok(status(author, id, 2));
    const before = await pull(reviewer, 'scenario_field_values');
    expect(before.some((d: { id: string }) => d.id === value.id)).toBe(false);
    await ok(reviewer.post(`/api/scenario/${id}/take`, {}));
    const after = await pull(reviewer, 'scenario_field_values');
    expect(after.find((d: { id: string }) => d.id === value.id)?.value).toBe('Offline value');
    const reviewerId = (await detail(reviewer, id)).reviewer_user_id;
    const comment = {
      id: randomUUID(),
      write_id: randomUUID(),
      _deleted: false,
      scenario_id: String(id),
      field: 'title',
      content: 'Written on a plane',
      user_id: reviewerId,
      user_name: 'Riley Reviewer',
      user_image: null,
      created_at: new Date().toISOString(),
    };
    expect(await ok(pushRows(reviewer, 'scenario_comments', [{ assumedMasterState: null, newDocumentState: comment }]))).toEqual({
      conflicts: [],
      rejected: [],
    });
    expect((await pull(author, 'scenario_comments')).some((d: { id: string }) => d.id === comment.id)).toBe(true);
    // an author's comment while in review is refused and comes back with the reason
    const authorId = (await detail(author, id)).author_user_id;
    const early = { ...comment, id: randomUUID(), write_id: randomUUID(), user_id: authorId, user_name: 'Alex Author' };
    const r = await ok(pushRows(author, 'scenario_comments', [{ assumedMasterState: null, newDocumentState: early }]));
    expect(r.rejected[0]).toMatchObject({ message: M.commentNotAllowed });
    // a comment cannot be rewritten
    expect(
      (
        await pushRows(reviewer, 'scenario_comments', [
          { assumedMasterState: comment, newDocumentState: { ...comment, content: 'Edited', write_id: randomUUID() } },
        ])
      ).status,
    ).toBe(403);
  }, 20_000);
});
