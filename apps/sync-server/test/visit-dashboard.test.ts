import { CANCELED_REASONS, VISIT_DASHBOARD_MESSAGES as M } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * The dashboards' visit lists and the visit reports (issue 5 item 9; spec 000 §2.8, §2.12, §3, §4, §7;
 * SECURITY.md AUTHZ-09, AUTHZ-12), through HTTP on the demo seed (visits 9001–9010, 9020, request 9101) plus
 * visits written here directly.
 */
let server: TestServer;
let learner: Client;
let sp: Client;
let observer: Client;
let superAdmin: Client;
let admin: Client;
let clientAdmin: Client;
let clientAdminAtSim: Client;
const ids = new Map<string, number>();
let awv: string;
let postOp: string;

const visits = (client: Client, body: Record<string, unknown>) => client.post('/api/visit/get-user-visits', body);
const idsOf = (list: { id: number }[] | undefined) => (list ?? []).map((v) => v.id);

async function userId(email: string) {
  return (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  server = await startTestServer();
  for (const e of ['learner@demo.test', 'learner2@demo.test', 'sp@demo.test', 'observer@demo.test', 'clientadmin@demo.test']) {
    ids.set(e, await userId(e));
  }
  const scenario = async (title: string) =>
    (await server.db.selectFrom('scenarios').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
  awv = await scenario('Annual wellness visit');
  postOp = await scenario('Post-operative care call');
  learner = await signedIn(server, 'learner@demo.test');
  sp = await signedIn(server, 'sp@demo.test');
  observer = await signedIn(server, 'observer@demo.test');
  superAdmin = await signedIn(server, 'superadmin@demo.test');
  admin = await signedIn(server, 'admin@demo.test');
  clientAdmin = await signedIn(server, 'clientadmin@demo.test', 'northfield');
  clientAdminAtSim = await signedIn(server, 'clientadmin@demo.test', 'simclusive');
});
afterAll(async () => {
  await server.close();
});

describe('learner lists', () => {
  it('holds the pending request with both dates and the visits by group, without other people', async () => {
    const res = await visits(learner, {
      user_id: ids.get('learner@demo.test'),
      role_id: 1,
      page_start: 0,
      type: 'all',
      partner_id: 0,
      scenario_id: 0,
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    const request = body.visit_requests.find((r: { id: number }) => r.id === 9101);
    expect(request.dates).toHaveLength(2);
    expect(request.scenario.title).toBe('Annual wellness visit');
    expect(request.user).toBeNull();
    expect(request.partner.slug).toBe('sp');
    expect(idsOf(body.scheduled_visits)).toEqual(expect.arrayContaining([9001, 9002, 9003]));
    expect(idsOf(body.completed_visits)).toEqual(expect.arrayContaining([9004, 9005]));
    expect(idsOf(body.canceled_visits)).toEqual(expect.arrayContaining([9006, 9007, 9008, 9009, 9010]));
    for (const list of [body.scheduled_visits, body.completed_visits, body.canceled_visits]) {
      expect(idsOf(list)).not.toContain(9020);
      for (const v of list) {
        expect(v.learner).toBeNull();
        expect(v.standardized_patient).toBeNull();
      }
    }
    expect(body.scheduled_visits_total).toBe(body.scheduled_visits.length);
    expect(body.canceled_visits_total).toBe(5);
    // Scheduled visits come soonest first; completed and canceled most recent first.
    const starts = body.scheduled_visits.map((v: { local_time: string }) => v.local_time);
    expect([...starts].sort()).toEqual(starts);
    const card = body.scheduled_visits.find((v: { id: number }) => v.id === 9001);
    expect(card.scenario.patient_image.location).toMatch(/^\/patient-images\//);
    expect(card.canceled_reason).toBeNull();
    expect(new Date(card.local_time).toISOString()).toBe(card.local_time);
  });

  it('labels each canceled visit with its reason (spec 000 §4)', async () => {
    const body = await json(await visits(learner, { role_id: 1, type: 'canceled' }));
    const reason = (id: number) => body.canceled_visits.find((v: { id: number }) => v.id === id).canceled_reason;
    expect(reason(9006)).toBe(CANCELED_REASONS.learner);
    expect(reason(9007)).toBe(CANCELED_REASONS.system);
    expect(reason(9008)).toBe(CANCELED_REASONS.noShow);
    expect(reason(9009)).toBe(CANCELED_REASONS.technicalIssue);
    expect(reason(9010)).toBe(CANCELED_REASONS.sp);
    expect(body.scheduled_visits).toBeUndefined();
    expect(body.visit_requests).toBeUndefined();
  });

  it('AUTHZ-09: another user_id is ignored, and the admin perspective is refused', async () => {
    const victim = ids.get('learner2@demo.test');
    const own = await json(await visits(learner, { user_id: victim, role_id: 1, type: 'scheduled' }));
    expect(idsOf(own.scheduled_visits)).toContain(9001);
    expect(idsOf(own.scheduled_visits)).not.toContain(9020);
    for (const role_id of [5, 9, 2, 3]) {
      const res = await visits(learner, { user_id: victim, role_id, type: 'all' });
      expect(res.status, `role ${role_id}`).toBe(403);
      expect((await json(res)).message).toBe(M.roleNotHeld);
    }
    for (const path of ['/api/reports/visit/overview', '/api/reports/participants']) {
      expect((await learner.post(path, { partner_id: 0 })).status).toBe(403);
    }
    expect((await learner.post('/api/reports/visit/overview', { is_client_admin: true })).status).toBe(403);
  });

  it('refuses unknown roles and types with 422; the training-session types are answered (decision 0049)', async () => {
    expect((await visits(learner, { role_id: 7 })).status).toBe(422);
    expect((await visits(learner, { role_id: 1, type: 'training' })).status).toBe(422);
    expect(await json(await visits(learner, { role_id: 1, type: 'scheduled_training_sessions' }))).toMatchObject({
      scheduled_training_sessions: [],
      scheduled_training_sessions_total: 0,
    });
    expect((await visits(learner, { role_id: 1, page_start: -10 })).status).toBe(422);
  });

  it('lists the featured scenarios of the current partner', async () => {
    const body = await json(await learner.get('/api/dashboard/featured-scenarios'));
    expect(body.scenarios.map((s: { title: string }) => s.title)).toContain('Annual wellness visit');
    expect(body.scenarios.map((s: { title: string }) => s.title)).not.toContain('Post-operative care call');
  });
});

describe('SP and observer lists', () => {
  it('gives the SP the requests of their scenarios and their own visits', async () => {
    const body = await json(await visits(sp, { role_id: 2, type: 'all' }));
    expect(idsOf(body.visit_requests)).toContain(9101);
    expect(body.visit_requests.find((r: { id: number }) => r.id === 9101).user).toBeNull();
    expect(idsOf(body.scheduled_visits)).toEqual(expect.arrayContaining([9001, 9002, 9003, 9020]));
    expect(idsOf(body.completed_visits)).toEqual(expect.arrayContaining([9004, 9005]));
    // Partner filter at partner 1: only northfield's visit.
    const northfield = await json(await visits(sp, { role_id: 2, type: 'scheduled', partner_id: 2 }));
    expect(idsOf(northfield.scheduled_visits)).toEqual([9020]);
    expect(northfield.partner_id).toBe(2);
  });

  it('leaves out requests the SP can no longer accept', async () => {
    const learner2 = ids.get('learner2@demo.test')!;
    const soon = new Date(Date.now() + 3 * 3_600_000);
    const req = await server.db
      .insertInto('requests')
      .values({
        request_type_id: 1,
        user_id: learner2,
        partner_id: 1,
        scenario_id: awv,
        status: 'pending',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('request_dates')
      .values([{ request_id: req.id, start_at: soon }])
      .execute();
    const body = await json(await visits(sp, { role_id: 2, type: 'requests' }));
    expect(idsOf(body.visit_requests)).not.toContain(req.id);
    const adminView = await json(await visits(superAdmin, { role_id: 5, type: 'requests' }));
    expect(idsOf(adminView.visit_requests)).toContain(req.id);
    await server.db.deleteFrom('request_dates').where('request_id', '=', req.id).execute();
    await server.db.deleteFrom('requests').where('id', '=', req.id).execute();
  });

  it("gives the observer pending and completed scorecards of the visits they're assigned to", async () => {
    const before = await json(await visits(observer, { role_id: 3, type: 'all' }));
    expect(before.visit_requests).toEqual([]);
    expect(idsOf(before.scheduled_visits)).toEqual(expect.arrayContaining([9003, 9004, 9005]));
    expect(idsOf(before.scheduled_visits)).not.toContain(9001);
    expect(before.scheduled_visits.every((v: { observer_complete: boolean }) => v.observer_complete === false)).toBe(true);
    await server.db
      .updateTable('visit_observers')
      .set({ is_complete: true, completed_at: new Date() })
      .where('visit_id', '=', 9005)
      .where('user_id', '=', ids.get('observer@demo.test')!)
      .execute();
    const after = await json(await visits(observer, { role_id: 3, type: 'all' }));
    expect(idsOf(after.completed_visits)).toContain(9005);
    expect(idsOf(after.scheduled_visits)).not.toContain(9005);
    expect(after.completed_visits.find((v: { id: number }) => v.id === 9005).observer_complete).toBe(true);
  });
});

describe('admin lists', () => {
  it('shows super admins every partner with the people, filtered by partner and scenario', async () => {
    const all = await json(await visits(superAdmin, { role_id: 5, type: 'all' }));
    expect(idsOf(all.scheduled_visits)).toEqual(expect.arrayContaining([9001, 9002, 9003, 9020]));
    const v = all.scheduled_visits.find((x: { id: number }) => x.id === 9020);
    expect(v.learner).toEqual({ name: 'Logan Learner', email: 'learner2@demo.test' });
    expect(v.standardized_patient).toEqual({ name: 'Pat Patient', email: 'sp@demo.test' });
    expect(v.partner.slug).toBe('northfield');
    expect(all.visit_requests.find((r: { id: number }) => r.id === 9101).user.email).toBe('learner@demo.test');

    const filtered = await json(
      await superAdmin.post('/api/visit/update-dashboard', {
        role_id: 5,
        partner_id: 2,
        scenario_id: Number(postOp),
        page_start: 0,
        type: 'all',
      }),
    );
    expect(idsOf(filtered.scheduled_visits)).toEqual([9020]);
    expect(filtered.visit_requests).toEqual([]);
    expect(filtered.partner_id).toBe(2);
    const byScenario = await json(await visits(superAdmin, { role_id: 5, type: 'scheduled', scenario_id: Number(awv) }));
    expect(idsOf(byScenario.scheduled_visits)).not.toContain(9020);
    expect(idsOf(byScenario.scheduled_visits)).toContain(9001);
  });

  it('pages by 10 with the total', async () => {
    const spId = ids.get('sp@demo.test')!;
    const learnerId = ids.get('learner@demo.test')!;
    const base = Date.now() + 40 * 86_400_000;
    const rows = Array.from({ length: 12 }, (_, i) => ({
      scenario_id: awv,
      partner_id: 3,
      learner_user_id: learnerId,
      sp_user_id: spId,
      start_at: new Date(base + i * 3_600_000),
      end_at: new Date(base + i * 3_600_000 + 1_800_000),
    }));
    const inserted = await server.db.insertInto('visits').values(rows).returning('id').execute();
    const first = await json(await visits(superAdmin, { role_id: 5, type: 'scheduled', partner_id: 3, page_start: 0 }));
    expect(first.scheduled_visits).toHaveLength(10);
    expect(first.scheduled_visits_total).toBe(12);
    const second = await json(await visits(superAdmin, { role_id: 5, type: 'scheduled', partner_id: 3, page_start: 10 }));
    expect(second.scheduled_visits).toHaveLength(2);
    expect(new Set([...idsOf(first.scheduled_visits), ...idsOf(second.scheduled_visits)])).toEqual(new Set(inserted.map((r) => r.id)));
    const stats = await json(
      await superAdmin.post('/api/reports/visit/overview', { partner_id: 3, scenario_id: 0, is_client_admin: false }),
    );
    expect(stats.scheduled_count).toBe(12);
    expect(stats.pending_count).toBe(0);
    await server.db
      .deleteFrom('visits')
      .where(
        'id',
        'in',
        inserted.map((r) => r.id),
      )
      .execute();
  });

  it('keeps an admin who is not a super admin to the current partner (AUTHZ-12)', async () => {
    const own = await json(await visits(admin, { role_id: 5, type: 'scheduled' }));
    expect(idsOf(own.scheduled_visits)).toContain(9001);
    expect(idsOf(own.scheduled_visits)).not.toContain(9020);
    const other = await visits(admin, { role_id: 5, type: 'scheduled', partner_id: 2 });
    expect(other.status).toBe(403);
    expect((await json(other)).message).toBe(M.partnerOutOfScope);
    expect((await admin.post('/api/reports/visit/overview', { partner_id: 2, is_client_admin: false })).status).toBe(403);
    const stats = await json(await admin.post('/api/reports/visit/overview', { partner_id: 0, is_client_admin: false }));
    expect(stats.partners.map((p: { id: number }) => p.id)).toEqual([1]);
    expect(stats.scenarios.map((s: { title: string }) => s.title)).not.toContain('Post-operative care call');
  });

  it('gives the overview counts and filter options to super admins', async () => {
    const stats = await json(
      await superAdmin.post('/api/reports/visit/overview', { partner_id: 0, scenario_id: 0, is_client_admin: false }),
    );
    expect(stats.pending_count).toBeGreaterThanOrEqual(1);
    expect(stats.scheduled_count).toBeGreaterThanOrEqual(4);
    expect(stats.completed_count).toBeGreaterThanOrEqual(2);
    expect(stats.partners.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([1, 2, 3, 28]));
    expect(stats.scenarios.map((s: { patient_name: string }) => s.patient_name).length).toBeGreaterThanOrEqual(2);
    const narrowed = await json(
      await superAdmin.post('/api/reports/visit/overview', { partner_id: 2, scenario_id: 0, is_client_admin: false }),
    );
    expect(narrowed.scenarios.map((s: { id: number }) => s.id)).toEqual([Number(postOp)]);
    expect(narrowed.scheduled_count).toBe(1);
  });
});

describe('client admin lists and reports (AUTHZ-12)', () => {
  it("shows the client admin their partner's visits with the learner, but not the SP", async () => {
    const body = await json(await visits(clientAdmin, { role_id: 9, type: 'all', partner_id: 1 }));
    // At northfield the partner is forced to northfield.
    expect(body.partner_id).toBe(2);
    expect(idsOf(body.scheduled_visits)).toEqual([9020]);
    const v = body.scheduled_visits[0];
    expect(v.learner.email).toBe('learner2@demo.test');
    expect(v.standardized_patient).toBeNull();
  });

  it('at the simulation brand, reaches only the partners they administer', async () => {
    const all = await json(await visits(clientAdminAtSim, { role_id: 9, type: 'scheduled', partner_id: 0 }));
    expect(idsOf(all.scheduled_visits)).toContain(9020);
    expect(idsOf(all.scheduled_visits)).not.toContain(9001);
    const out = await visits(clientAdminAtSim, { role_id: 9, type: 'scheduled', partner_id: 1 });
    expect(out.status).toBe(403);
    expect((await clientAdminAtSim.post('/api/reports/participants', { partner_id: 1, status: 'all' })).status).toBe(403);
    expect((await clientAdminAtSim.post('/api/reports/visit/overview', { partner_id: 1, is_client_admin: true })).status).toBe(403);
    const stats = await json(
      await clientAdminAtSim.post('/api/reports/visit/overview', { partner_id: 0, scenario_id: 0, is_client_admin: true }),
    );
    expect(stats.partners.map((p: { id: number }) => p.id).sort()).toEqual([2, 3]);
    expect(stats.scheduled_count).toBe(1);
    expect(stats.completed_count).toBe(0);
    // Without the client admin flag they ask for the admin perspective, which they do not hold.
    expect((await clientAdminAtSim.post('/api/reports/visit/overview', { partner_id: 0, is_client_admin: false })).status).toBe(403);
  });

  it('groups participants by scenario and visit group, each opening its request or visit', async () => {
    const learner2 = ids.get('learner2@demo.test')!;
    const req = await server.db
      .insertInto('requests')
      .values({
        request_type_id: 1,
        user_id: learner2,
        partner_id: 2,
        scenario_id: postOp,
        status: 'pending',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('request_dates')
      .values([{ request_id: req.id, start_at: new Date(Date.now() + 9 * 86_400_000) }])
      .execute();
    const report = await json(await clientAdmin.post('/api/reports/participants', { partner_id: 0, scenario_id: 0, status: 'all' }));
    expect(report.truncated).toBe(false);
    const group = report.participants.find((g: { scenario_title: string }) => g.scenario_title === 'Post-operative care call');
    expect(group.visits.map((v: { visit_title: string }) => v.visit_title)).toEqual(['Pending Visits', 'Scheduled Visits']);
    expect(group.visits[0].participants[0]).toMatchObject({ kind: 'request', id: req.id, email: 'learner2@demo.test', status: 'Pending' });
    expect(group.visits[1].participants[0]).toMatchObject({ kind: 'visit', id: 9020, name: 'Logan Learner', status: 'Scheduled' });
    expect(report.participants.some((g: { scenario_title: string }) => g.scenario_title === 'Annual wellness visit')).toBe(false);
    expect(report.partners.map((p: { id: number }) => p.id)).toEqual([2]);
    const scheduledOnly = await json(await clientAdmin.post('/api/reports/participants', { status: 'scheduled' }));
    expect(scheduledOnly.participants[0].visits.map((v: { visit_title: string }) => v.visit_title)).toEqual(['Scheduled Visits']);
    expect((await clientAdmin.post('/api/reports/participants', { status: 'archived' })).status).toBe(422);
    expect((await sp.post('/api/reports/participants', { status: 'all' })).status).toBe(403);
    await server.db.deleteFrom('request_dates').where('request_id', '=', req.id).execute();
    await server.db.deleteFrom('requests').where('id', '=', req.id).execute();
  });

  it('gives super admins the report of every partner', async () => {
    const report = await json(await superAdmin.post('/api/reports/participants', { partner_id: 0, status: 'canceled' }));
    const awvGroup = report.participants.find((g: { scenario_title: string }) => g.scenario_title === 'Annual wellness visit');
    const rows = awvGroup.visits[0].participants;
    expect(awvGroup.visits[0].visit_title).toBe('Canceled Visits');
    expect(rows.find((r: { id: number }) => r.id === 9008).status).toBe(CANCELED_REASONS.noShow);
  });
});
