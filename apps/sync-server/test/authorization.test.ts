import { MSG, permissionsAt, REGISTRATION_MESSAGES, ROLE } from '@simvisit/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreApprovedEmailsRepository } from '../src/features/pre-approved-emails/pre-approved-emails.repository';
import { type AnyRoute, isStateChanging } from '../src/http/route';
import { createTestVisitRequest } from '../src/seed/test-factories';
import { confirmationTokenFor, registeredLearner } from './support/admission';
import { Client, DEMO_PASSWORD, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson } from './support/visit-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const key = (method: string, path: string) => `${method} ${path}`;

describe('route policy coverage (AUTHZ-01)', () => {
  it('every route registered on the app has a declared policy', () => {
    const declared = new Set(server.registry.map((r) => key(r.method, r.path)));
    const handlers = server.app.routes.filter((r) => r.method !== 'ALL');
    expect(handlers.length).toBeGreaterThan(0);
    const undeclared = handlers.map((r) => key(r.method, r.path)).filter((k) => !declared.has(k));
    expect(undeclared).toEqual([]);
  });

  it('every declared route names its access rule and scope', () => {
    for (const r of server.registry) {
      expect(['public', 'authenticated', 'permission', 'super_admin', 'demo', 'test']).toContain(r.access.type);
      expect(['none', 'self', 'partner', 'object']).toContain(r.scope);
    }
  });

  it('catches a route added without a policy', () => {
    server.app.get('/api/sneaky', (c) => c.json({}));
    const declared = new Set(server.registry.map((r) => key(r.method, r.path)));
    const undeclared = server.app.routes.filter((r) => r.method !== 'ALL').filter((r) => !declared.has(key(r.method, r.path)));
    expect(undeclared.map((r) => r.path)).toEqual(['/api/sneaky']);
    server.app.routes.splice(
      server.app.routes.findIndex((r) => r.path === '/api/sneaky'),
      1,
    );
  });
});

describe('default deny (AUTHZ-02)', () => {
  const sample = (path: string) => path.replace(/:[a-z_]+/g, '1');

  it('answers 401 to an anonymous caller on every route that needs a session', async () => {
    const client = new Client(server);
    await client.csrf();
    for (const r of server.registry.filter((r) => r.access.type !== 'public' && r.access.type !== 'demo' && r.access.type !== 'test')) {
      const res = await client.request(r.method, sample(r.path), r.method !== 'GET' ? { json: {} } : {});
      expect(res.status, key(r.method, r.path)).toBe(401);
    }
  });

  it('answers 419 to a state change without the CSRF header on every such route', async () => {
    const client = await signedIn(server, 'superadmin@demo.test');
    for (const r of server.registry.filter(isStateChanging)) {
      const res = await client.request(r.method, sample(r.path), r.method !== 'GET' ? { json: {}, csrf: false } : { csrf: false });
      expect(res.status, key(r.method, r.path)).toBe(419);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The role matrix and tenant isolation (issue 11 standing proof 1, AUTHZ-02, AUTHZ-03, AUTHZ-13, TEN-01;
// docs/decisions/0046-authorization-matrix.md). Every person and object here is this file's own.

type RoleName = keyof typeof ROLE_GRANTS;
/** The demo roles (spec 000 §3) as grants at one partner; the client admin administers that partner. */
const ROLE_GRANTS = {
  learner: [ROLE.learner],
  sp: [ROLE.standardized_patient],
  observer: [ROLE.observer],
  trainer: [ROLE.trainer],
  head_trainer: [ROLE.trainer, ROLE.head_trainer],
  admin: [ROLE.admin],
  reviewer: [ROLE.reviewer],
  author: [ROLE.author],
  client_admin: [ROLE.client_admin],
  financial_admin: [ROLE.financial_admin],
  report_manager: [ROLE.report_manager],
} as const;
const ROLE_NAMES = Object.keys(ROLE_GRANTS) as RoleName[];
const PARTNERS = { 1: { slug: 'sp', host: 'localhost:8080' }, 3: { slug: 'lakeside', host: 'lakeside.localhost:8080' } } as const;
type PartnerId = keyof typeof PARTNERS;

interface Person {
  id: number;
  email: string;
  client: Client;
  permissions: readonly string[];
}
let seq = 0;
async function person(partner: PartnerId, roleIds: readonly number[], superAdmin = false): Promise<Person> {
  const email = `authz-${++seq}-${Date.now().toString(36)}@matrix.test`;
  const id = await createPerson(
    server,
    email,
    roleIds.map((r) => [r, partner] as [number, number]),
  );
  if (superAdmin) await server.db.updateTable('users').set({ super_admin: true }).where('id', '=', id).execute();
  const client = new Client(server, PARTNERS[partner].host);
  const res = await client.login(email, DEMO_PASSWORD, PARTNERS[partner].slug);
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  const grants = roleIds.map((role_id) => ({ role_id, partner_id: partner, is_approved: true }));
  return { id, email, client, permissions: permissionsAt(grants, partner, superAdmin) };
}

/** A path of the registry with every parameter filled ('1' unless given). */
const fill = (path: string, values: Record<string, string | number> = {}) =>
  path.replace(/:([a-z_]+)/gi, (_m, name: string) => String(values[name] ?? 1));
/** Live streams never end: their answers are tested in sync.test.ts and change-feed.test.ts. */
const isStream = (r: AnyRoute) => r.path.endsWith('/stream');
const gated = (r: AnyRoute) => r.access.type === 'permission' || r.access.type === 'super_admin';
const mayPass = (r: AnyRoute, p: Person, superAdmin = false) =>
  r.access.type === 'super_admin' ? superAdmin : r.access.type !== 'permission' || p.permissions.includes(r.access.permission);

describe('the role matrix over every registered route (AUTHZ-02)', () => {
  const people = {} as Record<RoleName | 'super_admin', Person>;
  beforeAll(async () => {
    for (const role of ROLE_NAMES) people[role] = await person(1, ROLE_GRANTS[role]);
    people.super_admin = await person(1, [ROLE.admin], true);
  }, 120_000);

  // Every gated route for every role: minutes of work on a loaded 2-core machine, so its bound is generous (not a speed test).
  it('answers 403 to every role that lacks a route’s permission (or is not a super admin), before reading anything', async () => {
    const routes = server.registry.filter(gated);
    expect(routes.length).toBeGreaterThan(0);
    let refusals = 0;
    for (const role of ROLE_NAMES) {
      for (const r of routes) {
        if (mayPass(r, people[role])) continue;
        const res = await people[role].client.request(r.method, fill(r.path), r.method !== 'GET' ? { json: {} } : {});
        expect(res.status, `${role} ${key(r.method, r.path)}`).toBe(403);
        refusals++;
      }
    }
    // every gated route refuses somebody: a permission no demo role lacks would be no gate at all
    for (const r of routes)
      expect(
        ROLE_NAMES.some((role) => !mayPass(r, people[role])),
        key(r.method, r.path),
      ).toBe(true);
    expect(refusals).toBeGreaterThan(routes.length);
  }, 120_000);

  it('lets every role holding a route’s permission past the gate: parameterless reads answer 200', async () => {
    const reads = server.registry.filter(
      (r) =>
        gated(r) &&
        r.method === 'GET' &&
        !r.path.includes(':') &&
        // a read whose query names the object (GET api/request/quote?request_id=) is not parameterless either
        !(r.query && !r.query.safeParse({}).success) &&
        !isStateChanging(r) &&
        !isStream(r),
    );
    expect(reads.length).toBeGreaterThan(0);
    for (const role of [...ROLE_NAMES, 'super_admin' as const]) {
      for (const r of reads.filter((r) => mayPass(r, people[role], role === 'super_admin'))) {
        const res = await people[role].client.get(r.path);
        expect(res.status, `${role} ${key(r.method, r.path)}`).toBe(200);
      }
    }
  });

  it('answers every signed-in role on every read without a server error, and never 401 (the session holds)', async () => {
    const reads = server.registry.filter(
      (r) =>
        r.method === 'GET' && !isStateChanging(r) && !isStream(r) && ['authenticated', 'permission', 'super_admin'].includes(r.access.type),
    );
    for (const role of [...ROLE_NAMES, 'super_admin' as const]) {
      for (const r of reads) {
        const res = await people[role].client.get(fill(r.path));
        expect(res.status, `${role} ${key(r.method, r.path)}`).toBeLessThan(500);
        expect(res.status, `${role} ${key(r.method, r.path)}`).not.toBe(401);
        if (!mayPass(r, people[role], role === 'super_admin')) expect(res.status, `${role} ${key(r.method, r.path)}`).toBe(403);
      }
    }
  }, 120_000);
});

// ---- objects: owner, same partner, other partner ----

type Kind = 'visit' | 'request' | 'playlist' | 'user' | 'scenario';
interface Op {
  method: string;
  /** a path of the registry; filled with the object's id */
  path: string;
  body?: (id: number) => unknown;
  write: boolean;
  /** a read the owner is not offered (the visit's staff pages) */
  staffOnly?: boolean;
}
/** The calls on one object of each kind that the policy protects (path parameters named as in the registry). */
const OPS: Record<Kind, Op[]> = {
  visit: [
    { method: 'GET', path: '/api/visit/:id', write: false },
    { method: 'GET', path: '/api/visit/:id/observers', write: false, staffOnly: true },
    { method: 'GET', path: '/api/visit/:id/transfer-users', write: false, staffOnly: true },
    { method: 'GET', path: '/api/visit/:id/recording', write: false, staffOnly: true },
    { method: 'POST', path: '/api/visit/:id/cancel', body: () => ({}), write: true },
    { method: 'POST', path: '/api/visit/:id/confirm', body: () => ({}), write: true },
    { method: 'POST', path: '/api/visit/:id/reschedule-link', body: () => ({}), write: true },
  ],
  request: [
    { method: 'GET', path: '/api/request/:request_id', write: false },
    { method: 'POST', path: '/api/visit-request/cancel', body: (id) => ({ request_id: id }), write: true },
  ],
  playlist: [
    { method: 'GET', path: '/api/playlists/:id', write: false },
    { method: 'PUT', path: '/api/playlists/:id', body: () => ({ name: 'Taken over' }), write: true },
    { method: 'POST', path: '/api/playlists/:id/copy', body: () => ({}), write: true },
    { method: 'DELETE', path: '/api/playlist/:id', write: true },
  ],
  user: [
    { method: 'POST', path: '/api/user/manage', body: (id) => ({ user_id: id }), write: false },
    {
      method: 'POST',
      path: '/api/user/update-password',
      body: (id) => ({ user_id: id, password: 'Taken-over-pass-2026', password_confirmation: 'Taken-over-pass-2026' }),
      write: true,
    },
  ],
  scenario: [
    { method: 'GET', path: '/api/scenario/:id', write: false },
    { method: 'GET', path: '/api/scenario/:id/fields', write: false },
    { method: 'PUT', path: '/api/scenario/:id/update-field/:field', body: () => ({ value: 'Taken over' }), write: true },
    { method: 'GET', path: '/api/scenario/:id/delete', write: true },
  ],
};
const KINDS = Object.keys(OPS) as Kind[];

/**
 * What the policy answers someone who is not the object's owner and holds no right over it: another partner's
 * objects are not found (404); the same partner's visits and requests are forbidden (403, AUTHZ-03), private
 * playlists not found (AUTHZ-13); scenarios say 'No Access' (403, AUTHZ-05: scenarios are the platform's,
 * distributed to partners, so another partner's draft is refused, not hidden). A route the role lacks the
 * permission for is refused at the gate (403) before the object is looked up.
 */
function refusal(kind: Kind, op: Op, who: Person, samePartner: boolean): number {
  const route = server.registry.find((r) => r.method === op.method && r.path === op.path)!;
  if (!mayPass(route, who)) return 403;
  if (kind === 'scenario') return 403;
  if (kind === 'playlist') return 404;
  return samePartner ? 403 : 404;
}

interface World {
  /** per partner: a person of each role, and a second learner */
  people: Record<PartnerId, Record<RoleName | 'learner2', Person>>;
  /** per partner: one object of each kind, owned by that partner's people */
  objects: Record<PartnerId, Record<Kind, { id: number; owner: Person }>>;
}
let world: World;
let building: Promise<World> | null = null;
/** The people and objects, made once for the describes that need them (each may run alone with -t). */
async function ensureWorld() {
  building ??= buildWorld();
  world = await building;
}
const pathOf = (op: Op, id: number) => fill(op.path, { id, request_id: id, field: 'title' });
const callOp = (who: Person, op: Op, id: number) =>
  who.client.request(op.method, pathOf(op, id), op.body ? { json: op.body(id) } : op.method === 'GET' ? {} : { json: {} });

/** The stored state of an object, to prove a refused call changed nothing. */
async function snapshot(kind: Kind, id: number): Promise<string> {
  const db = server.db;
  const rows =
    kind === 'visit'
      ? await db.selectFrom('visits').selectAll().where('id', '=', id).execute()
      : kind === 'request'
        ? await db.selectFrom('requests').selectAll().where('id', '=', id).execute()
        : kind === 'playlist'
          ? await db.selectFrom('playlists').selectAll().where('id', '=', id).execute()
          : kind === 'user'
            ? await db.selectFrom('users').selectAll().where('id', '=', id).execute()
            : await db.selectFrom('scenarios').selectAll().where('id', '=', String(id)).execute();
  return JSON.stringify(rows);
}

async function buildWorld(): Promise<World> {
  const scenarioTitle = 'Annual wellness visit';
  const scenario = (await server.db.selectFrom('scenarios').select('id').where('title', '=', scenarioTitle).executeTakeFirstOrThrow()).id;
  const people = {} as World['people'];
  const objects = {} as World['objects'];
  for (const partner of [1, 3] as PartnerId[]) {
    const ps = {} as World['people'][PartnerId];
    for (const role of ROLE_NAMES) ps[role] = await person(partner, ROLE_GRANTS[role]);
    ps.learner2 = await person(partner, [ROLE.learner]);
    people[partner] = ps;
    const start = new Date(Date.now() + 3 * 24 * 60 * 60_000);
    const visit = await server.db
      .insertInto('visits')
      .values({
        scenario_id: scenario,
        partner_id: partner,
        learner_user_id: ps.learner.id,
        sp_user_id: ps.sp.id,
        start_at: start,
        end_at: new Date(start.getTime() + 30 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const request = await createTestVisitRequest(server.db, {
      scenario_title: scenarioTitle,
      partner_id: partner,
      learner_user_id: ps.learner.id,
      dates_in_minutes: [4 * 24 * 60],
      duration_minutes: 30,
    });
    const playlist = await ps.learner.client.post('/api/playlists', { name: `Private of ${ps.learner.email}`, description: '' });
    expect(playlist.status, await playlist.clone().text()).toBe(200);
    const draft = await ps.author.client.post('/api/scenario', {});
    expect(draft.status, await draft.clone().text()).toBe(200);
    objects[partner] = {
      visit: { id: visit.id, owner: ps.learner },
      request: { id: request.id, owner: ps.learner },
      playlist: { id: (await json(playlist)).playlist.id, owner: ps.learner },
      user: { id: ps.learner.id, owner: ps.admin },
      scenario: { id: (await json(draft)).id, owner: ps.author },
    };
  }
  return { people, objects };
}

describe('objects: owner, same partner, other partner (AUTHZ-03, AUTHZ-05, AUTHZ-13)', () => {
  beforeAll(ensureWorld, 120_000);

  it('the owner (or the partner’s admin, for a user) reads each object', async () => {
    for (const kind of KINDS) {
      const { id, owner } = world.objects[1][kind];
      for (const op of OPS[kind].filter((o) => !o.write && !o.staffOnly)) {
        const res = await callOp(owner, op, id);
        expect(res.status, `${kind} ${op.method} ${op.path}: ${await res.clone().text()}`).toBe(200);
      }
    }
  });

  it('refuses a person of the same partner without rights, and changes nothing', async () => {
    const stranger = world.people[1].learner2;
    for (const kind of KINDS) {
      const { id } = world.objects[1][kind];
      const before = await snapshot(kind, id);
      for (const op of OPS[kind]) {
        const res = await callOp(stranger, op, id);
        expect(res.status, `${kind} ${op.method} ${op.path}: ${await res.clone().text()}`).toBe(refusal(kind, op, stranger, true));
      }
      expect(await snapshot(kind, id), kind).toBe(before);
    }
  });

  it('refuses every role of another partner, admins included, and changes nothing', async () => {
    for (const role of ROLE_NAMES) {
      const outsider = world.people[3][role];
      for (const kind of KINDS) {
        // scenario admins work on every scenario of the platform (decision 0046): not a tenant's object to them
        if (kind === 'scenario' && outsider.permissions.includes('scenario.admin')) continue;
        const { id } = world.objects[1][kind];
        const before = await snapshot(kind, id);
        for (const op of OPS[kind]) {
          const res = await callOp(outsider, op, id);
          expect(res.status, `${role}@3 ${kind} ${op.method} ${op.path}: ${await res.clone().text()}`).toBe(
            refusal(kind, op, outsider, false),
          );
        }
        expect(await snapshot(kind, id), `${role}@3 ${kind}`).toBe(before);
      }
    }
  });

  it('lets the owner change their own object', async () => {
    const { id, owner } = world.objects[1].playlist;
    const res = await owner.client.request('PUT', `/api/playlists/${id}`, { json: { name: 'Renamed by its owner' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await snapshot('playlist', id)).toContain('Renamed by its owner');
  });
});

describe('tenant isolation property (TEN-01)', () => {
  beforeAll(ensureWorld, 120_000);
  const other = (p: PartnerId): PartnerId => (p === 1 ? 3 : 1);
  const emailsOf = (p: PartnerId) => Object.values(world.people[p]).map((x) => x.email);

  it('no call on another partner’s object by any of a partner’s people reads or changes it', async () => {
    const who = fc.constantFrom<RoleName | 'learner2'>(...ROLE_NAMES, 'learner2');
    await fc.assert(
      fc.asyncProperty(who, fc.constantFrom<PartnerId>(1, 3), fc.constantFrom(...KINDS), fc.nat(), async (role, home, kind, n) => {
        const actor = world.people[home][role];
        fc.pre(!(kind === 'scenario' && actor.permissions.includes('scenario.admin')));
        const away = other(home);
        const { id } = world.objects[away][kind];
        const op = OPS[kind][n % OPS[kind].length]!;
        const before = await snapshot(kind, id);
        const res = await callOp(actor, op, id);
        const text = await res.text();
        expect(res.status, `${role}@${home} ${kind}@${away} ${op.method} ${op.path}: ${text}`).toBe(refusal(kind, op, actor, false));
        for (const email of emailsOf(away)) expect(text).not.toContain(email);
        expect(await snapshot(kind, id)).toBe(before);
      }),
      { numRuns: 60 },
    );
  });

  it('no list a partner’s people may read names another partner’s people, whatever partner or person they ask for', async () => {
    const reads = server.registry
      .filter(
        (r) =>
          r.method === 'GET' &&
          !r.path.includes(':') &&
          !isStateChanging(r) &&
          !isStream(r) &&
          ['authenticated', 'permission'].includes(r.access.type),
      )
      .map((r) => ({ method: 'GET', path: r.path, body: undefined as unknown }));
    // The lists read through POST with filters (AUTHZ-09, AUTHZ-12): the other partner and its people asked for by id.
    const filtered = (away: PartnerId) => {
      const victim = world.people[away].learner.id;
      return fc.oneof(
        fc.record({
          method: fc.constant('POST'),
          path: fc.constant('/api/user/management'),
          body: fc.record({
            role_id: fc.constantFrom(0, 1, 2, 9),
            email_string: fc.constantFrom('', 'matrix.test', 'authz-'),
            page_start: fc.constant(0),
          }),
        }),
        fc.record({
          method: fc.constant('POST'),
          path: fc.constantFrom('/api/reports/participants', '/api/reports/visit/overview'),
          body: fc.record({ partner_id: fc.constantFrom(0, away) }),
        }),
        fc.record({
          method: fc.constant('POST'),
          path: fc.constant('/api/reports/session-counter'),
          body: fc.record({ is_client_admin: fc.constantFrom(0, 1, false, true) }),
        }),
        fc.record({
          method: fc.constant('POST'),
          path: fc.constant('/api/financial/overview'),
          body: fc.record({
            month: fc.integer({ min: 1, max: 12 }),
            year: fc.constant(2026),
            user_id: fc.constantFrom(0, victim),
            partner_id: fc.constantFrom(0, 1, 28, away),
            is_author: fc.boolean(),
          }),
        }),
        fc.record({
          method: fc.constant('GET'),
          path: fc.constantFrom(
            `/api/reports/financial?month=11&year=2026&get_menu_items=1&partner=${away}`,
            `/api/reports/financial/export?month=11&year=2026&partner=${away}`,
          ),
          body: fc.constant(undefined),
        }),
        fc.record({
          method: fc.constant('POST'),
          path: fc.constant('/api/visit/get-user-visits'),
          body: fc.record({ user_id: fc.constant(victim), role_id: fc.constantFrom(1, 2, 3, 5, 9), partner_id: fc.constantFrom(0, away) }),
        }),
      );
    };
    const who = fc.constantFrom<RoleName | 'learner2'>(...ROLE_NAMES, 'learner2');
    const call = fc
      .tuple(who, fc.constantFrom<PartnerId>(1, 3))
      .chain(([role, home]) => fc.tuple(fc.constant(role), fc.constant(home), fc.oneof(fc.constantFrom(...reads), filtered(other(home)))));
    await fc.assert(
      fc.asyncProperty(call, async ([role, home, req]) => {
        const actor = world.people[home][role];
        const res = await actor.client.request(req.method, req.path, req.body === undefined ? {} : { json: req.body });
        const text = await res.text();
        const what = `${role}@${home} ${req.method} ${req.path} ${JSON.stringify(req.body ?? '')}`;
        expect(res.status, what).toBeLessThan(500);
        for (const email of emailsOf(other(home))) expect(text, what).not.toContain(email);
      }),
      { numRuns: 80 },
    );
  });
});

/**
 * The object of each object-scoped path, by its prefix: the generated test below calls every such route on
 * the other partner's object. Routes whose object travels in the body, or whose objects are of kinds this
 * file does not make, are named in ELSEWHERE with the test that checks them; a new route in neither fails.
 */
const PATH_KINDS: [RegExp, Kind | 'partner' | 'form'][] = [
  [/^\/api\/visit\/:id(\/|$)/, 'visit'],
  [/^\/api\/request\/:request_id$/, 'request'],
  [/^\/api\/playlists?\/:id(\/|$)/, 'playlist'],
  [/^\/api\/scenario\/:id(\/|$)/, 'scenario'],
  [/^\/api\/user\/:user_id\/:kind$/, 'user'],
  [/^\/api\/partner\/:id\/scenarios$/, 'partner'],
  [/^\/api\/landing-page\/:partner_id(\/|$)/, 'partner'],
  [/^\/api\/(scorecard|feedback-form|participant-feedback)\/(find\/)?:id(\/|$)/, 'form'],
];
const ELSEWHERE: Record<string, string> = {
  'PATCH /api/auth/user/update-custom-field/:field': "profile.test.ts (the caller's own fields)",
  'POST /api/meeting/join/:type': 'joining.test.ts (the meeting id in the body)',
  'GET /api/training-session/:id/practice/feedback': 'training-practice.test.ts',
  'POST /api/training-session/schedule': 'training-sessions.test.ts (the session user schedules at their partner)',
  'POST /api/training-session/add-users': 'training-sessions.test.ts (training_session_id in the body; 403/404)',
  'POST /api/training-session/remove-user': 'training-sessions.test.ts (training_user_id in the body; 403/404)',
  'POST /api/training-session/cancel': 'training-sessions.test.ts (training_session_id in the body; 403/404)',
  'POST /api/training-session/reschedule': 'training-sessions.test.ts (training_session_id in the body; 403/404)',
  'POST /api/training-session/recording': 'training-sessions.test.ts (training_session_id in the body)',
  'POST /api/training-session/:id/update-job-number': 'training-sessions.test.ts (403 same partner, 404 another)',
  'POST /api/training-session/:id': 'training-sessions.test.ts (403 same partner, 404 another)',
  'POST /api/training_session/complete': 'training-sessions.test.ts (the trainer only)',
  'POST /api/scenario/clone': 'scenarios.test.ts (scenario_id in the body)',
  'POST /api/partner/single': 'partners.test.ts',
  'POST /api/agreement/sign': "agreements.test.ts (another person's agreement: 404, AUTHZ-11)",
  'POST /api/agreement/payment': "agreements.test.ts (another person's agreement: 404, PAY-08)",
  'POST /api/agreement/request-invoice': "agreements.test.ts (another person's agreement: 404)",
  'POST /api/invoice/mark-as-paid': 'invoices.test.ts (super admins only; idempotent, AUTHZ-11)',
  'POST /api/partner/switch': 'partners.test.ts (AUTHZ-10)',
  'POST /api/partner/:id/seats': 'partner-capacity.test.ts (super admins only, AUTHZ-14; every partner is theirs)',
  'POST /api/partner/save-dates': 'partner-capacity.test.ts (super admins only, AUTHZ-14)',
  'POST /api/partner/clear-dates': 'partner-capacity.test.ts (super admins only, AUTHZ-14)',
  'POST /api/partner/save-disabled-dates': 'partner-capacity.test.ts (super admins only, AUTHZ-14)',
  'POST /api/partner/clear-disabled-dates': 'partner-capacity.test.ts (super admins only, AUTHZ-14)',
  'POST /api/partner/email-list': 'pre-approved-emails.test.ts and partner-capacity.test.ts (super admins only, AUTHZ-14)',
  'POST /api/user/submit-passcode': 'passcode.test.ts',
  'POST /api/visit/complete': 'visits.test.ts (visit_id in the body)',
  'POST /api/visit/learnertech': 'visits.test.ts',
  'POST /api/visit/noshow': 'visits.test.ts',
  'POST /api/visit/update-dashboard': 'visit-dashboard.test.ts (the session user’s lists, AUTHZ-09)',
  'POST /api/visit/get-user-visits': 'the list property below and visit-dashboard.test.ts',
  'POST /api/reports/participants': 'the list property below and visit-dashboard.test.ts (AUTHZ-12)',
  'POST /api/reports/visit/overview': 'the list property below and visit-dashboard.test.ts (AUTHZ-12)',
  'POST /api/reports/session-counter': 'the list property below and session-counter.test.ts (AUTHZ-12)',
  'POST /api/financial/overview': 'the list property below and financial.test.ts (AUTHZ-09)',
  'POST /api/user/manage': 'OPS.user above',
  'POST /api/user/update-password': 'OPS.user above (PWD-05)',
  'POST /api/user/management': 'the list property below and user-management.test.ts',
  'POST /api/user/update-roles': 'user-management.test.ts (AUTHZ-07)',
  'POST /api/user/update-notification-settings': 'user-management.test.ts',
  'POST /api/user/activity': 'user-management.test.ts',
  'POST /api/user/update-availability': 'availability.test.ts (VAL-01)',
  'POST /api/user/delete-availability': 'availability.test.ts (VAL-01)',
  'POST /api/visit-request': 'visit-requests.test.ts (the session user books)',
  'POST /api/visit-request/approve': 'visit-requests.test.ts (request_id in the body)',
  'POST /api/visit-request/available-times': 'visit-requests.test.ts',
  'POST /api/visit-request/free-days': 'visit-request-free-days.test.ts',
  'POST /api/visit-request/cancel': 'OPS.request above',
  'POST /api/visit-request/check-for-payment': 'payments.test.ts',
  'POST /api/visit-request/payment': 'payments.test.ts (PAY-*)',
  'POST /api/visit-request/reschedule': 'visit-requests.test.ts',
  'POST /api/rubric/clone': 'rubrics.test.ts',
  'GET /api/calendar-feed/:token': 'calendar-feed.test.ts (the token is the object: another person’s items absent)',
  'POST /api/recruitment/get-pending': "recruitment.test.ts (the current partner's list)",
  'POST /api/recruitment/approve': 'recruitment.test.ts (application_id in the body)',
  'POST /api/recruitment/reject': 'recruitment.test.ts (application_id in the body)',
  'POST /api/recruitment/user/:user_id': 'recruitment.test.ts (another partner’s applicant: 404)',
  'GET /api/recruitment/user/:user_id/:kind': 'recruitment.test.ts (AUTHZ-13)',
  'POST /api/interview-request': 'recruitment.test.ts (applicant_user_id in the body)',
  'POST /api/interview-request/approve': 'recruitment.test.ts (request_id in the body)',
  'POST /api/interview-request/reject': 'recruitment.test.ts (request_id in the body)',
  'POST /api/interview-request/cancel': 'recruitment.test.ts (request_id in the body)',
  'POST /api/interview-request/:request_id': 'recruitment.test.ts',
  'POST /api/interview/cancel': 'recruitment.test.ts (interview_id in the body)',
  'POST /api/interview/complete': 'recruitment.test.ts (the id in the body)',
  'POST /api/interview/:interview_id': 'recruitment.test.ts (another partner’s interview: 404)',
  'POST /api/rubric/save-field': 'rubrics.test.ts',
  'GET /api/rubric/all': 'rubrics.test.ts',
  'POST /sync/v1/availabilities/push': 'sync-push-integrity.test.ts (REP-01)',
  'POST /sync/v1/notifications/push': 'sync-push-integrity.test.ts (REP-01)',
  'POST /sync/v1/scenarios/push': 'sync-push-integrity.test.ts (REP-01)',
  'POST /sync/v1/scenario_field_values/push': 'sync-push-integrity.test.ts (REP-01)',
  'POST /sync/v1/scenario_comments/push': 'sync-push-integrity.test.ts (REP-01)',
  'POST /sync/v1/visit_scorecards/push': 'sync-push-integrity.test.ts (REP-01)',
};
const isRubricPath = (path: string) => path.startsWith('/api/rubric/:id');

/**
 * A body each generated write accepts, so that the call reaches the object check instead of stopping at 422
 * (the test asserts every one parses with the route's own schema; `{}` where that already does).
 */
const question = { question_type_id: 1, question: '<p>Taken over?</p>', answers: ['Yes', 'No'] };
const slots = { visit_date_one: '2030-01-07 10:00:00', visit_date_two: '2030-01-07 11:00:00', timezone: 'America/New_York' };
const BODIES: Record<string, unknown> = {
  'PUT /api/scenario/:id': { title: 'Taken over' },
  'PUT /api/scenario/:id/udpate': { partner_id: 1, featured: 1 },
  'PUT /api/scenario/:id/update-field/:field': { value: 'Taken over' },
  'POST /api/scenario/:id/add-partner/:partnerId': { featured: 0, job_number: 'TAKEN-1' },
  'POST /api/scenario/:id/add-trainer': { user_id: 1 },
  'POST /api/scenario/:id/add-user': { user_id: 1, role_id: 2 },
  'POST /api/scenario/:id/comment': { content: 'Taken over', field: 'title' },
  'POST /api/scenario/:id/fields/:fieldId': { value: 'Taken over' },
  'POST /api/scenario/:id/scenario-fee/save': { scenario_fee: 10 },
  'POST /api/scenario/:id/scorecard-display/save': { scorecard_display_type_id: 1 },
  'PUT /api/playlists/:id': { name: 'Taken over' },
  'POST /api/landing-page/:partner_id/banner-color': { header_color: '123456' },
  'POST /api/landing-page/:partner_id/welcome-header': { welcome_header: 'Taken over' },
  'POST /api/landing-page/:partner_id/welcome-message': { welcome_message: '<p>Taken over</p>' },
  'POST /api/playlists/:id/reorder': { order: [1] },
  'POST /api/playlists/:id/scenario': { scenario_id: 6 },
  'POST /api/visit/:id/adjust-date': { start_date: '2030-01-07 10:00:00', timezone: 'America/New_York' },
  'POST /api/visit/:id/reschedule': slots,
  'POST /api/visit/:id/observers/add': { add_observer_id: 1 },
  'POST /api/visit/:id/observers/remove': { remove_observer_id: 1 },
  'POST /api/visit/:id/transfer': { sp_id: 1 },
  'POST /api/visit/:id/scorecard/submit': { responses: [] },
  'POST /api/visit/:id/feedback-form/submit': { responses: [] },
  'POST /api/visit/:id/participant-feedback/submit': { responses: [] },
  ...Object.fromEntries(
    ['scorecard', 'feedback-form', 'participant-feedback'].flatMap((kind) => [
      [`POST /api/${kind}/:id/add-question`, question],
      [`POST /api/${kind}/:id/edit-question`, { ...question, question_id: 1 }],
      [`POST /api/${kind}/:id/reorder`, { order: [1] }],
    ]),
  ),
};

describe('every object- and partner-scoped route on another partner’s object (generated)', () => {
  beforeAll(ensureWorld, 120_000);

  const scoped = () => server.registry.filter((r) => (r.scope === 'object' || r.scope === 'partner') && r.access.type !== 'demo');
  const kindOf = (path: string) => PATH_KINDS.find(([re]) => re.test(path))?.[1];
  /** Parameterless reads are lists: the list property covers them. */
  const isList = (r: AnyRoute) => r.method === 'GET' && !r.path.includes(':');

  it('knows the object of every such route, or names the test that checks it', () => {
    const unknown = scoped()
      .filter((r) => !isList(r) && !kindOf(r.path) && !isRubricPath(r.path) && !(key(r.method, r.path) in ELSEWHERE))
      .map((r) => key(r.method, r.path));
    expect(unknown).toEqual([]);
  });

  it('refuses each of them to a learner, a client admin and an admin of the other partner, and the object is unchanged', async () => {
    const forms = new Map<string, number>();
    const scenarioId = world.objects[1].scenario.id;
    for (const kind of ['scorecard', 'feedback-form', 'participant-feedback']) {
      forms.set(kind, (await json(await world.objects[1].scenario.owner.client.get(`/api/${kind}/find/${scenarioId}`))).form.id);
    }
    const formSnapshot = async (kind: string) =>
      JSON.stringify(await json(await world.objects[1].scenario.owner.client.get(`/api/${kind}/find/${scenarioId}`)));
    let calls = 0;
    for (const r of scoped()) {
      const kind = kindOf(r.path);
      if (!kind || isList(r)) continue;
      const formKind = r.path.split('/')[2]!;
      const id =
        kind === 'partner'
          ? 1
          : kind === 'form'
            ? r.path.includes('/find/')
              ? scenarioId
              : forms.get(formKind)!
            : world.objects[1][kind].id;
      const path = fill(r.path, { id, request_id: id, user_id: id, field: 'title', kind: 'resume' });
      const objectKind: Kind = kind === 'form' ? 'scenario' : kind === 'partner' ? 'scenario' : kind;
      const body = BODIES[key(r.method, r.path)] ?? {};
      if (r.method !== 'GET' && r.body) expect(r.body.safeParse(body).success, `a body for ${key(r.method, r.path)}`).toBe(true);
      const state = () => (kind === 'form' ? formSnapshot(formKind) : snapshot(objectKind, world.objects[1][objectKind].id));
      const before = await state();
      // A partner's plain member, its administrator of users and its full admin (every role is in OPS and the
      // property above); the object is compared once after all of them.
      for (const role of ['learner', 'client_admin', 'admin'] as const) {
        const outsider = world.people[3][role];
        // scenario admins work on every scenario of the platform and its distribution (decision 0046)
        if ((kind === 'scenario' || kind === 'form' || kind === 'partner') && outsider.permissions.includes('scenario.admin')) continue;
        const res = await outsider.client.request(r.method, path, r.method === 'GET' ? {} : { json: body });
        const what = `${role}@3 ${r.method} ${path}: ${res.status} ${await res.clone().text()}`;
        const expected = !mayPass(r, outsider)
          ? 403
          : kind === 'scenario' || kind === 'form' || kind === 'partner'
            ? 403
            : refusal(kind, { method: r.method, path: r.path, write: true }, outsider, false);
        expect([expected, 404], what).toContain(res.status);
        calls++;
      }
      expect(await state(), `${r.method} ${r.path}`).toBe(before);
    }
    expect(calls).toBeGreaterThan(80);
  }, 120_000);
});

// ---- the partner's admission: email confirmed, brand passcode given (issue 21 item 1, decision 0079) ----

describe('the partner’s admission over every operation of the OpenAPI document (issue 21 item 1)', () => {
  const signedInAccess = ['authenticated', 'permission', 'super_admin'];
  const byKey = () => new Map(server.registry.map((r) => [key(r.method, r.path), r]));
  /** Every signed-in operation of the published document, with its registered route. */
  async function signedInOperations() {
    const doc = await json(await new Client(server).get('/openapi.json'));
    const routes = byKey();
    const ops = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, byMethod]) =>
      Object.keys(byMethod).map((method) => routes.get(key(method.toUpperCase(), path.replace(/\{([A-Za-z_]+)\}/g, ':$1')))),
    );
    expect(ops.every((r) => r !== undefined)).toBe(true);
    return (ops as AnyRoute[]).filter((r) => signedInAccess.includes(r.access.type));
  }
  async function call(client: Client, r: AnyRoute) {
    const res = await client.request(r.method, fill(r.path), r.method !== 'GET' ? { json: {} } : {});
    const body = res.headers.get('content-type')?.includes('json') ? await json(res) : undefined;
    await res.body?.cancel().catch(() => {});
    return { status: res.status, message: body?.message as string | undefined };
  }

  it('refuses an unconfirmed learner of a passcode brand, and one confirmed without the passcode, on every other operation', async () => {
    const unconfirmed = await registeredLearner(server, 'northfield', { confirmed: false });
    const noPasscode = await registeredLearner(server, 'northfield', { confirmed: true });
    const ops = await signedInOperations();
    expect(ops.length).toBeGreaterThan(200);
    const gated = ops.filter((r) => !r.beforeAdmission);
    for (const [who, caller, message] of [
      ['unconfirmed', unconfirmed, REGISTRATION_MESSAGES.confirmNotice],
      ['no passcode', noPasscode, MSG.passcodeRequired],
    ] as const) {
      for (const r of gated) expect(await call(caller.client, r), `${who} ${key(r.method, r.path)}`).toEqual({ status: 403, message });
      // the way out stays open (signing out last: it ends the session)
      for (const r of ops.filter((r) => r.beforeAdmission && !r.path.endsWith('/logout'))) {
        const res = await call(caller.client, r);
        expect(res.status, `${who} ${key(r.method, r.path)}`).toBeLessThan(500);
        expect(res.status, `${who} ${key(r.method, r.path)}`).not.toBe(403);
      }
      expect((await caller.client.get('/api/logout')).status).toBe(200);
    }
    // the probe's calls, by name
    expect(gated.map((r) => key(r.method, r.path))).toEqual(
      expect.arrayContaining(['GET /api/scenario', 'GET /api/scenario/:id', 'GET /api/dashboard/featured-scenarios']),
    );
  }, 120_000);

  it('lets the account through once the link is followed and the passcode given; a pre-approved email needs no passcode', async () => {
    const learner = await registeredLearner(server, 'northfield', { confirmed: false });
    expect(await call(learner.client, byKey().get('GET /api/scenario')!)).toMatchObject({ status: 403 });
    const me = await json(await learner.client.get('/api/auth/user'));
    expect(me.password_approved).toBe(false);
    expect((await json(await learner.client.get('/api/register/confirmation'))).confirmation_pending).toBe(true);

    const confirmed = await learner.client.post('/api/register/confirm-email', {
      token: await confirmationTokenFor(server, learner.email),
    });
    expect(confirmed.status).toBe(200);
    expect(await call(learner.client, byKey().get('GET /api/scenario')!)).toEqual({ status: 403, message: MSG.passcodeRequired });
    expect((await learner.client.post('/api/user/submit-passcode', { passcode: 'NORTH-2026' })).status).toBe(200);
    expect((await learner.client.get('/api/scenario')).status).toBe(200);
    expect((await learner.client.get('/api/dashboard/featured-scenarios')).status).toBe(200);

    const listedEmail = `admission-listed-${Date.now().toString(36)}@register.simvisit.test`;
    await createPreApprovedEmailsRepository(server.db).addMany(2, [listedEmail]);
    const listed = await registeredLearner(server, 'northfield', { confirmed: false, email: listedEmail });
    // pre-approved skips the passcode, never the mailbox
    expect(await call(listed.client, byKey().get('GET /api/scenario')!)).toEqual({
      status: 403,
      message: REGISTRATION_MESSAGES.confirmNotice,
    });
    await listed.client.post('/api/register/confirm-email', { token: await confirmationTokenFor(server, listedEmail) });
    expect((await listed.client.get('/api/scenario')).status).toBe(200);

    // super admins manage both and are never held
    const admin = await signedIn(server, 'superadmin@demo.test', 'northfield');
    expect((await json(await admin.get('/api/auth/user'))).password_approved).toBe(true);
    expect((await admin.get('/api/scenario')).status).toBe(200);
  }, 60_000);
});
