import {
  LEARNER_BRIEF_FIELD_ID,
  SCENARIO_MESSAGES as M,
  ROLE,
  SCENARIO_FORM_KINDS,
  type ScenarioAudience,
  type ScenarioFormKind,
  VERBAL_FEEDBACK_FIELD_ID,
} from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../src/seed/test-factories';
import { Client, json, pullSettled } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * AUTHZ-04 for scenarios (docs/decisions/0045-scenario-projections.md): every scenario call that reads a
 * scenario, for every kind of caller, carries exactly what that caller's view allows. The test makes its own
 * users (test-factories.createTestUser) and its own published scenario through the API, with a secret in every
 * part a view may leave out, and asserts the parts are absent (not null) and the secrets appear nowhere.
 */

let server: TestServer;

const SECRET = {
  spField: 'SP-ONLY chest pain started after the argument',
  verbal: 'SP-ONLY verbal feedback: good rapport',
  brief: 'You are seeing a patient with chest pain.',
  job: 'JOB-SECRET-77',
  comment: 'Reviewer note: tighten the history',
  campaign: 'CAMPAIGN-SECRET',
};
const SP_FIELD_ID = 3;

type Who = { id: number; email: string; client: Client };
const people = {} as Record<
  | 'author'
  | 'reviewer'
  | 'otherReviewer'
  | 'admin'
  | 'superAdmin'
  | 'headTrainer'
  | 'trainer'
  | 'sp'
  | 'observer'
  | 'learner'
  | 'clientAdmin'
  | 'outsider',
  Who
>;
let scenarioId = 0;

async function user(prefix: string, roles: [number, number][], slug = 'sp', host?: string): Promise<Who> {
  const u = await createTestUser(server.db, {
    email_prefix: prefix,
    first_name: prefix,
    last_name: 'Tester',
    roles: roles.map(([role_id, partner_id]) => ({ role_id, partner_id })),
  });
  const client = new Client(server, host);
  const res = await client.login(u.email, u.password, slug);
  expect(res.status, await res.clone().text()).toBe(200);
  return { id: u.id, email: u.email, client };
}

async function ok(res: Response | Promise<Response>) {
  const r = await res;
  expect(r.status, `${r.url}: ${await r.clone().text()}`).toBe(200);
  return json(r);
}
const put = (c: Client, path: string, body: unknown) => c.request('PUT', path, { json: body });
const status = (c: Client, value: number) => put(c, `/api/scenario/${scenarioId}/update-field/status`, { value });

beforeAll(async () => {
  server = await startTestServer();
  const P = 1;
  people.author = await user('proj-author', [[ROLE.author, P]]);
  people.reviewer = await user('proj-reviewer', [[ROLE.reviewer, P]]);
  people.otherReviewer = await user('proj-reviewer2', [[ROLE.reviewer, P]]);
  people.admin = await user('proj-admin', [[ROLE.admin, P]]);
  people.headTrainer = await user('proj-head', [
    [ROLE.trainer, P],
    [ROLE.head_trainer, P],
  ]);
  people.trainer = await user('proj-trainer', [[ROLE.trainer, P]]);
  people.sp = await user('proj-sp', [[ROLE.standardized_patient, P]]);
  people.observer = await user('proj-observer', [[ROLE.observer, P]]);
  people.learner = await user('proj-learner', [[ROLE.learner, P]]);
  people.clientAdmin = await user('proj-client', [[ROLE.client_admin, P]]);
  people.outsider = await user('proj-outsider', [[ROLE.learner, 2]], 'northfield', 'northfield.localhost:8080');
  const sa = await createTestUser(server.db, {
    email_prefix: 'proj-super',
    first_name: 'S',
    last_name: 'A',
    roles: [{ role_id: ROLE.admin, partner_id: 1 }],
  });
  await server.db.updateTable('users').set({ super_admin: true }).where('id', '=', sa.id).execute();
  const saClient = new Client(server);
  expect((await saClient.login(sa.email, sa.password, 'sp')).status).toBe(200);
  people.superAdmin = { id: sa.id, email: sa.email, client: saClient };

  // The author writes a scenario with a learner field, an SP field and the verbal feedback.
  const { author, reviewer, admin } = people;
  scenarioId = (await ok(author.client.post('/api/scenario', {}))).id;
  await ok(
    put(author.client, `/api/scenario/${scenarioId}`, {
      title: 'Projection chest pain',
      patient_name: 'Pat Projection',
      objective: 'Take a history',
      target_audience: 'Students',
      giftcard_campaign_id: SECRET.campaign,
    }),
  );
  await ok(author.client.post(`/api/scenario/${scenarioId}/fields/${LEARNER_BRIEF_FIELD_ID}`, { value: SECRET.brief }));
  await ok(author.client.post(`/api/scenario/${scenarioId}/fields/${SP_FIELD_ID}`, { value: SECRET.spField }));
  await ok(author.client.post(`/api/scenario/${scenarioId}/fields/${VERBAL_FEEDBACK_FIELD_ID}`, { value: SECRET.verbal }));
  // Review with a comment, approval, distribution, people, fee, publication.
  await ok(status(author.client, 2));
  await ok(reviewer.client.post(`/api/scenario/${scenarioId}/take`, {}));
  await ok(reviewer.client.post(`/api/scenario/${scenarioId}/comment`, { content: SECRET.comment, field: 'objective' }));
  await ok(status(reviewer.client, 4));
  await ok(admin.client.post(`/api/scenario/${scenarioId}/add-partner/1`, { featured: 0, job_number: SECRET.job }));
  await ok(admin.client.post(`/api/scenario/${scenarioId}/add-user`, { user_id: people.sp.id, role_id: 2 }));
  await ok(admin.client.post(`/api/scenario/${scenarioId}/add-user`, { user_id: people.observer.id, role_id: 3 }));
  await ok(admin.client.post(`/api/scenario/${scenarioId}/add-trainer`, { user_id: people.trainer.id }));
  await ok(admin.client.post(`/api/scenario/${scenarioId}/scenario-fee/save`, { scenario_fee: 45 }));
  await ok(status(admin.client, 5));
}, 120_000);
afterAll(async () => {
  await server.close();
});

/** What each caller must receive (the table of decision 0045). */
interface Expected {
  audience: ScenarioAudience;
  spFields: boolean;
  people: boolean;
  partners: boolean;
  fee: boolean;
  comments: boolean;
  config: boolean;
  forms: readonly ScenarioFormKind[];
  tabs: string[];
}
const ALL_TABS = ['Details', 'Comments', 'Distribution', 'SP', 'Observers', 'Scorecard Display', 'Fee'];
const STAFF = { spFields: true, people: true, partners: true, fee: true, comments: true, config: true, forms: SCENARIO_FORM_KINDS };
const NONE = { people: false, partners: false, fee: false, comments: false, config: false, tabs: [] };
const EXPECTED: Record<keyof typeof people, Expected | 'no access'> = {
  superAdmin: { audience: 'admin', ...STAFF, tabs: ALL_TABS },
  admin: { audience: 'admin', ...STAFF, tabs: ALL_TABS },
  headTrainer: {
    audience: 'head_trainer',
    ...STAFF,
    partners: false,
    comments: false,
    tabs: ALL_TABS.filter((t) => t !== 'Comments' && t !== 'Distribution'),
  },
  author: { audience: 'author', ...STAFF, tabs: ALL_TABS },
  reviewer: { audience: 'reviewer', ...STAFF, tabs: ALL_TABS },
  otherReviewer: { audience: 'reviewer', ...STAFF, comments: false, tabs: ALL_TABS.filter((t) => t !== 'Comments') },
  trainer: { audience: 'trainer', ...NONE, spFields: true, people: true, forms: SCENARIO_FORM_KINDS, tabs: ['SP', 'Observers'] },
  sp: { audience: 'sp', ...NONE, spFields: true, forms: ['feedback-form'] },
  observer: { audience: 'observer', ...NONE, spFields: false, forms: ['scorecard'] },
  learner: { audience: 'learner', ...NONE, spFields: false, fee: true, forms: ['participant-feedback'] },
  clientAdmin: { audience: 'learner', ...NONE, spFields: false, fee: true, forms: ['participant-feedback'] },
  outsider: 'no access',
};

const presence = (present: boolean, obj: object, key: string) =>
  expect(key in obj, `${key} ${present ? 'present' : 'absent'}`).toBe(present);

describe.each(Object.keys(EXPECTED) as (keyof typeof people)[])('the scenario calls as %s', (who) => {
  const want = EXPECTED[who];
  const get = (path: string) => people[who].client.get(`/api/scenario/${scenarioId}${path}`);

  if (want === 'no access') {
    it('refuses every read of a scenario not distributed to their partner, saying so (AUTHZ-05)', async () => {
      for (const path of ['', '/fields', '/fields-by-type/1', '/fields-by-type/2', '/share', '/overview', '/print', '/verbal-feedback']) {
        const res = await get(path);
        expect(res.status, path).toBe(403);
        expect((await json(res)).message).toBe(M.noAccess);
      }
      for (const kind of SCENARIO_FORM_KINDS) expect((await people[who].client.get(`/api/${kind}/find/${scenarioId}`)).status).toBe(403);
    });
    return;
  }

  it('GET api/scenario/{id} carries exactly the parts of the view, and no secret outside it', async () => {
    const s = (await ok(get(''))).scenario;
    expect(s.abilities).toMatchObject({
      audience: want.audience,
      field_types: want.spFields ? [1, 2] : [2],
      form_kinds: [...want.forms],
      tabs: want.tabs,
    });
    presence(want.people, s, 'users');
    presence(want.partners, s, 'partners');
    presence(want.partners, s, 'scenario_partners');
    presence(want.fee, s, 'fee');
    presence(want.comments, s, 'comments');
    presence(want.config, s, 'giftcard_campaign_id');
    for (const p of [s.author, s.reviewer, s.trainer]) presence(want.people, p, 'email');
    if (want.people) expect(s.users.map((u: { user_id: number }) => u.user_id).sort()).toEqual([people.sp.id, people.observer.id].sort());
    if (want.fee) expect(s.fee).toBe(45);
    const ids = s.fields.map((f: { scenario_field_id: number }) => f.scenario_field_id);
    expect(ids).toContain(LEARNER_BRIEF_FIELD_ID);
    expect(ids.includes(SP_FIELD_ID)).toBe(want.spFields);
    expect(ids.includes(VERBAL_FEEDBACK_FIELD_ID)).toBe(want.spFields);
    const text = JSON.stringify(s);
    expect(text.includes(SECRET.spField)).toBe(want.spFields);
    expect(text.includes(SECRET.job)).toBe(want.partners);
    expect(text.includes(SECRET.comment)).toBe(want.comments);
    expect(text.includes(SECRET.campaign)).toBe(want.config);
    expect(text.includes(people.sp.email)).toBe(want.people);
    expect(text.includes(people.observer.email)).toBe(want.people);
  });

  it('the overview and print answers carry the same projection', async () => {
    const detail = (await ok(get(''))).scenario;
    const overview = await ok(get('/overview'));
    const print = await ok(get('/print'));
    for (const s of [overview.scenario, print.scenario]) expect(s).toEqual({ ...detail, updated_at: s.updated_at });
    const printed = print.fields.map((f: { id: number }) => f.id);
    expect(printed.includes(SP_FIELD_ID)).toBe(want.spFields);
    expect(JSON.stringify(print).includes(SECRET.spField)).toBe(want.spFields);
  });

  it('the field calls answer only the fields of the view; asking for the SP’s script without it is refused', async () => {
    const fields = await ok(get('/fields'));
    const groupFields = fields.field_groups.flatMap((g: { fields: { type: number }[] }) => g.fields);
    expect(groupFields.length).toBeGreaterThan(0);
    expect(groupFields.some((f: { type: number }) => f.type === 1)).toBe(want.spFields);
    expect(fields.field_groups.every((g: { fields: unknown[] }) => g.fields.length > 0)).toBe(true);
    expect(JSON.stringify(fields).includes(SECRET.spField)).toBe(want.spFields);

    const learnerFields = await ok(get('/fields-by-type/2'));
    expect(learnerFields.fields.find((f: { id: number }) => f.id === LEARNER_BRIEF_FIELD_ID).value).toBe(SECRET.brief);
    const spFields = await get('/fields-by-type/1');
    if (want.spFields) {
      expect(JSON.stringify(await ok(spFields)).includes(SECRET.spField)).toBe(true);
    } else {
      expect(spFields.status).toBe(403);
      expect((await json(spFields)).message).toBe(M.fieldTypeHidden);
    }
  });

  it('the verbal feedback (an SP field) reaches only the views with the SP’s script', async () => {
    const verbal = await ok(get('/verbal-feedback'));
    expect(verbal.fields.map((f: { id: number }) => f.id)).toEqual(want.spFields ? [VERBAL_FEEDBACK_FIELD_ID] : []);
    expect(JSON.stringify(verbal).includes(SECRET.verbal)).toBe(want.spFields);
    expect((await ok(get('/has-verbal-feedback'))).has_verbal_feedback).toBe(want.spFields);
    // The share page (the learner brief) is for everyone who may open the scenario.
    expect((await ok(get('/share'))).learner_brief).toBe(SECRET.brief);
    expect((await ok(get('/tags'))).tags).toEqual([]);
  });

  it('reads only the forms of the view', async () => {
    for (const kind of SCENARIO_FORM_KINDS) {
      const res = await people[who].client.get(`/api/${kind}/find/${scenarioId}`);
      expect(res.status, kind).toBe(want.forms.includes(kind) ? 200 : 403);
    }
  });
});

describe('the published list’s cards (issue 22, decision 0088)', () => {
  /** The card of this file's scenario in the caller's published list, paging until it is found. */
  async function cardFor(who: Who) {
    for (let page = 1; page <= 50; page++) {
      const body = await ok(who.client.get(`/api/scenario?page=${page}`));
      const found = body.scenarios.find((s: { id: number }) => s.id === scenarioId);
      if (found) return found;
      if (page * body.per_page >= body.total) break;
    }
    throw new Error('scenario not in the published list');
  }

  it.each(['learner', 'clientAdmin', 'admin'] as const)('the %s reads its fee and length on the card', async (who) => {
    const card = await cardFor(people[who]);
    expect(card.fee).toBe(45);
    expect(card.session_duration).toBe(30);
  });

  it('a trainer reads the length but never the fee (AUTHZ-05)', async () => {
    const card = await cardFor(people.trainer);
    expect(card.session_duration).toBe(30);
    expect('fee' in card).toBe(false);
  });
});

describe('replication follows the same rule', () => {
  it.each(['learner', 'sp', 'observer', 'trainer', 'clientAdmin', 'otherReviewer'] as const)(
    'the %s pulls none of the scenario, its field values or its comments',
    async (who) => {
      for (const collection of ['scenarios', 'scenario_field_values', 'scenario_comments']) {
        const docs = await pullSettled(people[who].client, collection);
        const text = JSON.stringify(docs);
        expect(
          docs.filter((d: { id: string; scenario_id?: string }) => d.id === String(scenarioId) || d.scenario_id === String(scenarioId)),
          collection,
        ).toEqual([]);
        for (const secret of Object.values(SECRET)) expect(text.includes(secret), `${collection} ${secret}`).toBe(false);
      }
    },
  );

  it('the author and the reviewer pull all of it (they write it offline)', async () => {
    for (const who of ['author', 'reviewer'] as const) {
      const values = await pullSettled(people[who].client, 'scenario_field_values');
      const mine = values.filter((d: { scenario_id: string }) => d.scenario_id === String(scenarioId));
      expect(mine.map((d: { field_id: number }) => d.field_id).sort((a: number, b: number) => a - b)).toEqual([
        LEARNER_BRIEF_FIELD_ID,
        SP_FIELD_ID,
        VERBAL_FEEDBACK_FIELD_ID,
      ]);
    }
  });
});

describe('the SP and observers of a visit of the scenario', () => {
  it('read it as its SP and observer, attached or not, until the visit is canceled', async () => {
    const sp = await user('proj-visit-sp', [[ROLE.standardized_patient, 1]]);
    const observer = await user('proj-visit-obs', [[ROLE.observer, 1]]);
    const audience = async (who: Who) => (await ok(who.client.get(`/api/scenario/${scenarioId}`))).scenario.abilities.audience;
    expect(await audience(sp)).toBe('learner');
    const start = new Date(Date.now() + 2 * 24 * 60 * 60_000);
    const visit = await server.db
      .insertInto('visits')
      .values({
        scenario_id: String(scenarioId),
        partner_id: 1,
        learner_user_id: people.learner.id,
        sp_user_id: sp.id,
        start_at: start,
        end_at: new Date(start.getTime() + 30 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('visit_observers').values({ visit_id: visit.id, user_id: observer.id }).execute();
    expect(await audience(sp)).toBe('sp');
    expect(await audience(observer)).toBe('observer');
    expect((await ok(sp.client.get(`/api/scenario/${scenarioId}/has-verbal-feedback`))).has_verbal_feedback).toBe(true);
    expect((await observer.client.get(`/api/scenario/${scenarioId}/fields-by-type/1`)).status).toBe(403);
    await server.db.updateTable('visits').set({ is_canceled: true, canceled_at: new Date() }).where('id', '=', visit.id).execute();
    expect(await audience(sp)).toBe('learner');
    expect(await audience(observer)).toBe('learner');
  });
});
