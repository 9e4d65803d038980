import { RECRUITMENT_MESSAGES as M, ROLE } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTestClock, setTestTime } from '../src/platform/clock';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson } from './support/visit-fixtures';

/*
 * Recruitment and interviews through HTTP (spec 001 §2, §4, §5, §7, §8; SECURITY.md AUTHZ-02, AUTHZ-09, AUTHZ-13;
 * decision 0048): the pending list and applicant page, interview requests (propose, accept, reject, cancel),
 * interviews (view, join, complete, cancel with .ics invites) and the decision on the application.
 */
let server: TestServer;
const c: Record<string, Client> = {};
const NOW = new Date('2031-03-02T12:00:00Z');
let seq = 0;

interface Applicant {
  id: number;
  email: string;
  application_id: number;
  client: Client;
}

async function applicant(partnerId = 1, roleIds: number[] = [ROLE.standardized_patient]): Promise<Applicant> {
  const anon = new Client(server);
  await anon.csrf();
  const res = await anon.post('/api/test/applicants', { email_prefix: `app${++seq}`, partner_id: partnerId, role_ids: roleIds });
  expect(res.status).toBe(200);
  const a = await json(res);
  const client = new Client(server);
  const login = await client.login(a.email, a.password, partnerId === 1 ? 'sp' : 'northfield');
  expect(login.status).toBe(200);
  return { id: a.id, email: a.email, application_id: a.application_id, client };
}

const propose = (who: Client, applicantId: number, extra: Record<string, unknown> = {}) =>
  who.post('/api/interview-request', {
    interview_date_one: '2031-03-05 14:00:00',
    interview_date_two: '2031-03-06 15:30:00',
    request_type: 2,
    applicant_user_id: applicantId,
    parent_request_id: null,
    timezone: 'UTC',
    ...extra,
  });

let day = 0;
/**
 * An interview the applicant accepted, each on a day of its own: the head trainer is one person for the whole file
 * and the database refuses to book them twice at one time (decision 0050).
 */
async function scheduled(a: Applicant): Promise<{ id: number; start: Date }> {
  const start = new Date(Date.UTC(2031, 2, 5 + day++, 14));
  const slot = start.toISOString().slice(0, 10);
  const created = await json(
    await propose(c.headtrainer!, a.id, { interview_date_one: `${slot} 14:00:00`, interview_date_two: `${slot} 16:30:00` }),
  );
  const request = created.interview_requests[0];
  const res = await a.client.post('/api/interview-request/approve', { request_id: request.id, request_date_id: request.dates[0].id });
  expect(res.status).toBe(200);
  return { id: (await json(res)).interview_id, start };
}

const outboxTo = async (email: string) => {
  await server.services.mail.idle();
  return server.db
    .selectFrom('outbox')
    .select(['subject', 'body_text', 'attachments'])
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();
};

beforeAll(async () => {
  server = await startTestServer();
  setTestTime(NOW);
  await createPerson(server, 'ht-north@recruit.test', [[ROLE.head_trainer, 2]]);
  await createPerson(server, 'reviewer@recruit.test', [[ROLE.reviewer, 1]]);
  for (const e of ['headtrainer', 'trainer', 'learner', 'sp', 'admin', 'superadmin']) c[e] = await signedIn(server, `${e}@demo.test`);
  c.htNorth = await signedIn(server, 'ht-north@recruit.test', 'northfield');
  c.reviewer = await signedIn(server, 'reviewer@recruit.test');
}, 60_000);

afterAll(async () => {
  resetTestClock();
  await server?.close();
});

describe('pending recruitment', () => {
  it("lists the partner's pending applications with user, roles and created_at", async () => {
    const a = await applicant(1, [ROLE.standardized_patient, ROLE.observer]);
    const res = await c.headtrainer!.post('/api/recruitment/get-pending', {});
    expect(res.status).toBe(200);
    const entry = (await json(res)).entries.find((e: { id: number }) => e.id === a.application_id);
    expect(entry).toMatchObject({ user: { id: a.id, email: a.email }, roles: ['Standardized Patient', 'Observer'] });
    expect(Math.abs(Date.parse(entry.created_at) - NOW.getTime())).toBeLessThan(60_000);
    const north = await json(await c.htNorth!.post('/api/recruitment/get-pending', {}));
    expect(north.entries.some((e: { id: number }) => e.id === a.application_id)).toBe(false);
  });

  it('refuses the list without applicant.view (403) and anonymous callers (401)', async () => {
    for (const who of ['learner', 'sp', 'reviewer']) expect((await c[who]!.post('/api/recruitment/get-pending', {})).status, who).toBe(403);
    const anon = new Client(server);
    await anon.csrf();
    expect((await anon.post('/api/recruitment/get-pending', {})).status).toBe(401);
  });

  it("shows the applicant's page; another partner gets 404, a same-partner user without the permission 403", async () => {
    const a = await applicant();
    const res = await c.headtrainer!.post(`/api/recruitment/user/${a.id}`, {});
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.pending_user).toMatchObject({
      id: a.application_id,
      roles_applied: ['Standardized Patient'],
      user: { id: a.id, email: a.email, mobile_number: '+15555550123', timezone: { title: expect.any(String) }, resume: false },
      interview: null,
      interview_requests: [],
    });
    expect(body.roles.map((r: { key: string; partner_id: number }) => `${r.key}@${r.partner_id}`)).toEqual([
      'standardized_patient@1',
      'observer@1',
      'trainer@1',
      'author@1',
      'simclusive_author@28',
      'reviewer@1',
    ]);
    expect((await c.htNorth!.post(`/api/recruitment/user/${a.id}`, {})).status).toBe(404);
    expect((await c.learner!.post(`/api/recruitment/user/${a.id}`, {})).status).toBe(403);
    expect((await c.headtrainer!.post('/api/recruitment/user/999999', {})).status).toBe(404);
  });

  it('guards resume downloads: 404 without a file, other partners 404, learners 403', async () => {
    const a = await applicant();
    expect((await c.headtrainer!.get(`/api/recruitment/user/${a.id}/resume`)).status).toBe(404);
    expect((await a.client.get(`/api/recruitment/user/${a.id}/resume`)).status).toBe(404);
    expect((await c.learner!.get(`/api/recruitment/user/${a.id}/resume`)).status).toBe(403);
    expect((await c.htNorth!.get(`/api/recruitment/user/${a.id}/resume`)).status).toBe(404);
  });
});

describe('interview requests', () => {
  it('needs two dates, in the future, different, and a pending application', async () => {
    const a = await applicant();
    const missing = await propose(c.headtrainer!, a.id, { interview_date_two: '' });
    expect(missing.status).toBe(422);
    expect((await json(missing)).errors.interview_date_two).toEqual([M.twoDates]);
    const past = await propose(c.headtrainer!, a.id, { interview_date_one: '2031-03-01 10:00:00' });
    expect(past.status).toBe(422);
    expect((await json(past)).errors.interview_date_one).toEqual([M.pastDate]);
    const same = await propose(c.headtrainer!, a.id, { interview_date_two: '2031-03-05 14:00:00' });
    expect((await json(same)).errors.interview_date_two).toEqual([M.sameDates]);
    expect((await propose(c.headtrainer!, a.id, { request_type: 1 })).status).toBe(422);
    const nobody = await propose(c.headtrainer!, (await applicant()).id + 100000);
    expect(nobody.status).toBe(422);
    const rows = await server.db.selectFrom('requests').select('id').where('applicant_user_id', '=', a.id).execute();
    expect(rows).toEqual([]);
  });

  it('refuses learners and SPs (403) and another partner (404); nothing is created', async () => {
    const a = await applicant();
    expect((await propose(c.learner!, a.id)).status).toBe(403);
    expect((await propose(c.sp!, a.id)).status).toBe(403);
    expect((await propose(c.htNorth!, a.id)).status).toBe(404);
    expect(await server.db.selectFrom('requests').select('id').where('applicant_user_id', '=', a.id).execute()).toEqual([]);
  });

  it('is shown to its applicant, who may reject it; then a new set is sent with parent_request_id', async () => {
    const a = await applicant();
    const created = await propose(c.headtrainer!, a.id);
    expect(created.status).toBe(200);
    const first = (await json(created)).interview_requests[0];
    expect(first.dates).toHaveLength(2);
    expect((await propose(c.headtrainer!, a.id)).status).toBe(409);
    const dashboard = await json(await a.client.get('/api/user/applications'));
    expect(dashboard.alerts[0]).toMatchObject({
      link_text: 'Respond',
      route: { name: 'request', params: { request_id: String(first.id) } },
    });
    const shown = await a.client.post(`/api/interview-request/${first.id}`, {});
    expect(shown.status).toBe(200);
    expect((await json(shown)).request).toMatchObject({
      id: first.id,
      request_type_id: 2,
      status: 'pending',
      viewer: { is_applicant: true },
    });
    const other = await applicant();
    expect((await other.client.post(`/api/interview-request/${first.id}`, {})).status).toBe(403);
    expect((await other.client.post('/api/interview-request/reject', { request_id: first.id })).status).toBe(403);
    expect(
      (await other.client.post('/api/interview-request/approve', { request_id: first.id, request_date_id: first.dates[0].id })).status,
    ).toBe(403);
    const rejected = await a.client.post('/api/interview-request/reject', { request_id: first.id });
    expect(rejected.status).toBe(200);
    expect((await json(rejected)).message).toBe(M.requestRejected);
    const again = await propose(c.headtrainer!, a.id, { parent_request_id: first.id });
    expect(again.status).toBe(200);
    const row = await server.db
      .selectFrom('requests')
      .selectAll()
      .where('id', '=', (await json(again)).interview_requests[0].id)
      .executeTakeFirstOrThrow();
    expect(row.parent_request_id).toBe(first.id);
  });

  it('can be cancelled by applicant.view holders only; the applicant cannot', async () => {
    const a = await applicant();
    const request = (await json(await propose(c.headtrainer!, a.id))).interview_requests[0];
    expect((await a.client.post('/api/interview-request/cancel', { request_id: request.id })).status).toBe(403);
    expect((await c.htNorth!.post('/api/interview-request/cancel', { request_id: request.id })).status).toBe(404);
    const res = await c.headtrainer!.post('/api/interview-request/cancel', { request_id: request.id });
    expect(res.status).toBe(200);
    expect((await c.headtrainer!.post('/api/interview-request/cancel', { request_id: request.id })).status).toBe(409);
    expect(
      (await a.client.post('/api/interview-request/approve', { request_id: request.id, request_date_id: request.dates[0].id })).status,
    ).toBe(409);
  });
});

describe('interviews', () => {
  it('is scheduled when the applicant accepts a date, with .ics invites to both', async () => {
    const a = await applicant();
    const { id, start } = await scheduled(a);
    const res = await a.client.post(`/api/interview/${id}`, {});
    expect(res.status).toBe(200);
    const { interview } = await json(res);
    expect(interview).toMatchObject({ id, applicant_user_id: a.id, local_time: start.toISOString(), is_complete: false });
    expect(interview.trainer).toMatchObject({ email: 'headtrainer@demo.test' });
    const mails = await outboxTo(a.email);
    const invite = mails.find((m) => (m.subject ?? '').includes('Interview scheduled'))!;
    expect(JSON.stringify(invite.attachments)).toContain('BEGIN:VCALENDAR');
    expect(JSON.stringify(invite.attachments)).toContain('METHOD:REQUEST');
    const trainerMails = await outboxTo('headtrainer@demo.test');
    expect(
      trainerMails.some((m) => (m.subject ?? '').includes('Interview scheduled') && JSON.stringify(m.attachments).includes('VEVENT')),
    ).toBe(true);
    const page = await json(await c.headtrainer!.post(`/api/recruitment/user/${a.id}`, {}));
    expect(page.pending_user.interview).toMatchObject({ id, is_complete: false });
  });

  it('is seen by its people and applicant.view at its partner only', async () => {
    const a = await applicant();
    const { id } = await scheduled(a);
    expect((await c.admin!.post(`/api/interview/${id}`, {})).status).toBe(200);
    expect((await c.learner!.post(`/api/interview/${id}`, {})).status).toBe(403);
    expect((await c.htNorth!.post(`/api/interview/${id}`, {})).status).toBe(404);
    expect((await (await applicant()).client.post(`/api/interview/${id}`, {})).status).toBe(403);
  });

  it('is joined inside the window only, and completed by its trainer after the start', async () => {
    const a = await applicant();
    const { id, start } = await scheduled(a);
    setTestTime(new Date(start.getTime() - 21 * 60_000));
    expect((await a.client.post('/api/meeting/join/interview', { id })).status).toBe(409);
    setTestTime(new Date(start.getTime() - 19 * 60_000));
    const joined = await a.client.post('/api/meeting/join/interview', { id });
    expect(joined.status).toBe(200);
    const trainerJoin = await json(await c.headtrainer!.post('/api/meeting/join/interview', { id }));
    expect(trainerJoin.link).toBe((await json(joined)).link);
    expect((await c.learner!.post('/api/meeting/join/interview', { id })).status).toBe(403);
    expect((await c.headtrainer!.post('/api/interview/complete', { id })).status).toBe(409);
    setTestTime(new Date(start.getTime() + 10 * 60_000));
    expect((await a.client.post('/api/interview/complete', { id })).status).toBe(403);
    expect((await c.admin!.post('/api/interview/complete', { id })).status).toBe(403);
    const done = await c.headtrainer!.post('/api/interview/complete', { id });
    expect(done.status).toBe(200);
    expect(await json(done)).toEqual({ action: 'complete', message: 'Interview marked as complete.' });
    expect((await c.headtrainer!.post('/api/interview/cancel', { interview_id: id })).status).toBe(409);
    setTestTime(NOW);
    const dashboard = await json(await a.client.get('/api/user/applications'));
    expect(dashboard.applications[0].status).toBe('Under Review');
  });

  it('is cancelled while not complete, with a calendar cancellation to both', async () => {
    const a = await applicant();
    const { id } = await scheduled(a);
    expect((await c.learner!.post('/api/interview/cancel', { interview_id: id })).status).toBe(403);
    const res = await a.client.post('/api/interview/cancel', { interview_id: id });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('Interview has been cancelled');
    const cancel = (await outboxTo(a.email)).find((m) => (m.subject ?? '').includes('Interview cancelled'))!;
    expect(JSON.stringify(cancel.attachments)).toContain('METHOD:CANCEL');
    expect((await a.client.post('/api/interview/cancel', { interview_id: id })).status).toBe(409);
  });

  it("lists the partner's interviews for head trainers only (other trainers get empty lists)", async () => {
    const a = await applicant();
    const { id } = await scheduled(a);
    const res = await c.headtrainer!.get('/api/interviews/head-trainer');
    expect(res.status).toBe(200);
    const lists = await json(res);
    expect(lists.scheduled.find((i: { id: number }) => i.id === id)).toMatchObject({ applicant_user_id: a.id, status: 'Scheduled' });
    expect(await json(await c.trainer!.get('/api/interviews/head-trainer'))).toEqual({ scheduled: [], pending: [], completed: [] });
    expect((await c.learner!.get('/api/interviews/head-trainer')).status).toBe(403);
  });
});

describe('the decision on an application', () => {
  it('rejection needs the note, keeps it internal, and tells the applicant', async () => {
    const a = await applicant();
    const missing = await c.headtrainer!.post('/api/recruitment/reject', { application_id: a.application_id, note: '  ' });
    expect(missing.status).toBe(422);
    expect((await json(missing)).errors.note).toEqual([M.rejectionNoteRequired]);
    expect((await c.learner!.post('/api/recruitment/reject', { application_id: a.application_id, note: 'x' })).status).toBe(403);
    expect((await c.htNorth!.post('/api/recruitment/reject', { application_id: a.application_id, note: 'x' })).status).toBe(404);
    const note = 'Internal: did not show up to two calls';
    const res = await c.headtrainer!.post('/api/recruitment/reject', { application_id: a.application_id, note });
    expect(res.status).toBe(200);
    const row = await server.db.selectFrom('applications').selectAll().where('id', '=', a.application_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'rejected', note });
    const mails = await outboxTo(a.email);
    expect(mails.some((m) => (m.subject ?? '').includes('not approved'))).toBe(true);
    expect(JSON.stringify(mails)).not.toContain('did not show up');
    const notes = await server.db.selectFrom('notifications').select(['title', 'content']).where('user_id', '=', a.id).execute();
    expect(JSON.stringify(notes)).not.toContain('did not show up');
    expect(JSON.stringify(await json(await a.client.get('/api/user/applications')))).not.toContain('did not show up');
    expect((await c.headtrainer!.post('/api/recruitment/reject', { application_id: a.application_id, note })).status).toBe(409);
  });

  it('approval needs a rate for each selected role with one, and grants the roles at the right partners', async () => {
    const a = await applicant(1, [ROLE.standardized_patient, ROLE.author]);
    const noRate = await c.headtrainer!.post('/api/recruitment/approve', {
      application_id: a.application_id,
      selected_roles: ['standardized_patient', 'simclusive_author', 'author'],
      role_rates: { standardized_patient: 25 },
    });
    expect(noRate.status).toBe(422);
    expect((await json(noRate)).errors['role_rates.simclusive_author']).toEqual([M.rateRequired]);
    const noRoles = await c.headtrainer!.post('/api/recruitment/approve', {
      application_id: a.application_id,
      selected_roles: [],
      role_rates: {},
    });
    expect(noRoles.status).toBe(422);
    expect(
      (
        await c.sp!.post('/api/recruitment/approve', {
          application_id: a.application_id,
          selected_roles: ['observer'],
          role_rates: { observer: 5 },
        })
      ).status,
    ).toBe(403);
    expect(await server.db.selectFrom('user_roles').select('role_id').where('user_id', '=', a.id).execute()).toEqual([{ role_id: 0 }]);
    const res = await c.headtrainer!.post('/api/recruitment/approve', {
      application_id: a.application_id,
      selected_roles: ['standardized_patient', 'simclusive_author', 'author'],
      role_rates: { standardized_patient: 25, simclusive_author: 40 },
    });
    expect(res.status).toBe(200);
    const grants = await server.db
      .selectFrom('user_roles')
      .select(['role_id', 'partner_id', 'pay_rate', 'is_approved'])
      .where('user_id', '=', a.id)
      .orderBy('role_id')
      .orderBy('partner_id')
      .execute();
    expect(grants.map((g) => [g.role_id, g.partner_id, g.pay_rate === null ? null : Number(g.pay_rate)])).toEqual([
      [0, 1, null],
      [ROLE.standardized_patient, 1, 25],
      [ROLE.author, 1, null],
      [ROLE.author, 28, 40],
    ]);
    const mails = await outboxTo(a.email);
    expect(mails.some((m) => (m.subject ?? '').includes('approved'))).toBe(true);
    expect((await c.headtrainer!.post(`/api/recruitment/user/${a.id}`, {})).status).toBe(404);
    const me = await a.client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(JSON.stringify(await json(me))).toMatch(/standardized/);
  });
});
