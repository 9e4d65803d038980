import { ROLE, USER_MANAGEMENT_MESSAGES } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO_PASSWORD, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { createPerson } from './support/visit-fixtures';

let server: TestServer;
let admin: Client;
let superadmin: Client;
const id = async (email: string) => (await server.services.users.byEmail(email))!.id;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, 'admin@demo.test');
  superadmin = await signedIn(server, 'superadmin@demo.test');
});
afterAll(async () => {
  await server.close();
});

const emails = (body: { users: { email: string }[] }) => body.users.map((u) => u.email);

describe('POST api/user/management', () => {
  it('lists the users of the partners the admin administers, never super admins', async () => {
    const body = await json(await admin.post('/api/user/management', { role_id: 0, email_string: '' }));
    expect(emails(body)).toContain('learner@demo.test');
    expect(emails(body)).not.toContain('learner2@demo.test');
    expect(emails(body)).not.toContain('superadmin@demo.test');
    expect(body.total).toBe(body.users.length);
  });

  it('filters by role and by email, literally', async () => {
    const sps = await json(await admin.post('/api/user/management', { role_id: 2, email_string: '' }));
    expect(emails(sps)).toEqual(['sp@demo.test', 'sp2@demo.test']);
    const search = await json(await admin.post('/api/user/management', { role_id: 0, email_string: 'LEARNER' }));
    expect(emails(search)).toEqual(['learner@demo.test']);
    const wildcard = await json(await admin.post('/api/user/management', { role_id: 0, email_string: '%' }));
    expect(wildcard.users).toEqual([]);
    const injection = await admin.post('/api/user/management', { role_id: 0, email_string: "' OR 1=1 --" });
    expect((await json(injection)).users).toEqual([]);
  });

  it('lists super admins (99) for super admins only (VAL-12)', async () => {
    expect(emails(await json(await superadmin.post('/api/user/management', { role_id: 99 })))).toEqual(['superadmin@demo.test']);
    expect((await admin.post('/api/user/management', { role_id: 99 })).status).toBe(403);
  });

  it('scopes a client admin to their assigned partners (AUTHZ-12)', async () => {
    const client = await signedIn(server, 'clientadmin@demo.test', 'simclusive');
    const body = await json(await client.post('/api/user/management', { role_id: 0 }));
    expect(emails(body)).toContain('learner2@demo.test');
    expect(emails(body)).not.toContain('learner@demo.test');
  });

  it('pages by 20', async () => {
    const all = await json(await superadmin.post('/api/user/management', { role_id: 0, page_start: 0 }));
    expect(all.users.length).toBeLessThanOrEqual(20);
    const next = await json(await superadmin.post('/api/user/management', { role_id: 0, page_start: 20 }));
    expect(next.users).toEqual([]);
  });

  it('refuses a learner (AUTHZ-02)', async () => {
    const learner = await signedIn(server, 'learner@demo.test');
    expect((await learner.post('/api/user/management', { role_id: 0 })).status).toBe(403);
  });
});

describe('POST api/user/manage', () => {
  it('shows a user in scope and 404 for one out of scope', async () => {
    const res = await admin.post('/api/user/manage', { user_id: await id('sp@demo.test') });
    expect(res.status).toBe(200);
    const body = await json(res);
    // The seeded training session 9501 has sp@demo.test as its SP (training sessions, decision 0049).
    expect(body.user).toMatchObject({
      email: 'sp@demo.test',
      visits: [],
      training_sessions: [expect.objectContaining({ id: 9501, role: 'Trainee', status: 'Scheduled' })],
      interviews: [],
    });
    expect(body.user.partners).toEqual([expect.objectContaining({ slug: 'sp', al_link: null })]);
    expect((await admin.post('/api/user/manage', { user_id: await id('learner2@demo.test') })).status).toBe(404);
    expect((await admin.post('/api/user/manage', { user_id: await id('superadmin@demo.test') })).status).toBe(404);
    expect((await admin.post('/api/user/manage', { user_id: 999999 })).status).toBe(404);
  });
});

describe('POST api/user/activity', () => {
  it('pages a user’s interviews by 10, in scope only', async () => {
    const applicant = await id('applicant@demo.test');
    const trainer = await id('headtrainer@demo.test');
    await server.db
      .insertInto('interviews')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          applicant_user_id: applicant,
          trainer_user_id: trainer,
          start_at: new Date(Date.UTC(2026, 10, 1 + i, 15)),
          is_complete: i < 3,
          is_canceled: i === 3,
        })),
      )
      .execute();
    const detail = await json(await admin.post('/api/user/manage', { user_id: applicant }));
    expect(detail.user.interviews).toHaveLength(10);
    expect(detail.user.interviews_total).toBe(12);
    const second = await json(await admin.post('/api/user/activity', { user_id: applicant, kind: 'interviews', page_start: 10 }));
    expect(second.items).toHaveLength(2);
    // newest first: the two oldest (Nov 1 and 2) are complete
    expect(second.items.map((i: { status: string }) => i.status)).toEqual(['Complete', 'Complete']);
    expect(second.items[0]).toMatchObject({ role: 'Applicant' });
    const visits = await json(await admin.post('/api/user/activity', { user_id: applicant, kind: 'visits' }));
    expect(visits).toEqual({ items: [], total: 0 });
    expect((await admin.post('/api/user/activity', { user_id: await id('learner2@demo.test'), kind: 'interviews' })).status).toBe(404);
  });
});

describe('auto-login links (AUTH-07)', () => {
  it('work once, for their user and partner, when the user has auto login on', async () => {
    const userId = await id('observer@demo.test');
    await server.db.updateTable('users').set({ auto_login: true }).where('id', '=', userId).execute();
    const detail = await json(await admin.post('/api/user/manage', { user_id: userId }));
    const link: string = detail.user.partners[0].al_link;
    expect(link).toMatch(/^http:\/\/localhost:8080\/auto-login\//);
    const path = new URL(link).pathname;
    const visitor = new Client(server);
    const first = await visitor.get(path);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/dashboard');
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    const me = await json(await visitor.get('/api/auth/user'));
    expect(me.user.email).toBe('observer@demo.test');
    expect(me.partner.slug).toBe('sp');
    const again = await new Client(server).get(path);
    expect(again.headers.get('location')).toBe('/login?expired=1');
    const bogus = await new Client(server).get('/auto-login/not-a-token');
    expect(bogus.headers.get('location')).toBe('/login?expired=1');
  });
});

describe('POST api/user/update-password (PWD-05)', () => {
  it('answers the spec’s messages', async () => {
    const res = await admin.post('/api/user/update-password', {
      user_id: await id('sp@demo.test'),
      password: 'short12',
      password_confirmation: 'other',
    });
    expect(res.status).toBe(422);
    expect((await json(res)).errors.password).toEqual([
      'Password must be 8 characters long. Current length 7 characters.',
      'Password and confirm password must match.',
    ]);
  });

  it('sets the password, ends the target’s sessions, notifies them and writes an audit row', async () => {
    const target = await signedIn(server, 'trainer@demo.test');
    const res = await admin.post('/api/user/update-password', {
      user_id: await id('trainer@demo.test'),
      password: 'set-by-admin-1',
      password_confirmation: 'set-by-admin-1',
    });
    expect(await json(res)).toEqual({ message: USER_MANAGEMENT_MESSAGES.passwordUpdated });
    expect((await target.get('/api/auth/user')).status).toBe(401);
    expect((await new Client(server).login('trainer@demo.test', 'set-by-admin-1')).status).toBe(200);
    expect((await server.services.audit.list('user.password_set')).length).toBe(1);
  });

  it('refuses targets outside the scope and super admins, and callers without user.edit', async () => {
    const body = { password: 'whatever-123', password_confirmation: 'whatever-123' };
    expect((await admin.post('/api/user/update-password', { ...body, user_id: await id('superadmin@demo.test') })).status).toBe(404);
    expect((await admin.post('/api/user/update-password', { ...body, user_id: await id('learner2@demo.test') })).status).toBe(404);
    const head = await signedIn(server, 'headtrainer@demo.test');
    expect((await head.post('/api/user/update-password', { ...body, user_id: await id('sp@demo.test') })).status).toBe(403);
    expect((await new Client(server).login('sp@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('POST api/user/update-notification-settings', () => {
  it('changes the settings, and refuses SMS without a mobile number', async () => {
    const userId = await id('author@demo.test');
    const ok = await admin.post('/api/user/update-notification-settings', {
      user_id: userId,
      enable_email: false,
      enable_sms: false,
      enable_autologin: true,
    });
    expect(await json(ok)).toEqual({ message: USER_MANAGEMENT_MESSAGES.notificationsUpdated });
    const sms = await admin.post('/api/user/update-notification-settings', {
      user_id: userId,
      enable_email: true,
      enable_sms: true,
      enable_autologin: true,
    });
    expect(sms.status).toBe(422);
    expect((await json(sms)).message).toBe('Mobile Number Required');
  });
});

describe('POST api/user/update-roles (AUTHZ-07)', () => {
  const roleRows = async (email: string) =>
    server.db
      .selectFrom('user_roles')
      .select(['role_id', 'partner_id', 'pay_rate'])
      .where('user_id', '=', await id(email))
      .orderBy('role_id')
      .execute();

  it('adds and removes roles with pay rates', async () => {
    const userId = await id('learner@demo.test');
    const res = await admin.post('/api/user/update-roles', {
      user_id: userId,
      standardized_patient_role: true,
      standardized_patient_rate: 42.5,
    });
    expect(await json(res)).toEqual({ message: USER_MANAGEMENT_MESSAGES.rolesUpdated });
    expect(await roleRows('learner@demo.test')).toContainEqual({ role_id: 2, partner_id: 1, pay_rate: 42.5 });
    await admin.post('/api/user/update-roles', { user_id: userId, standardized_patient_role: false });
    expect((await roleRows('learner@demo.test')).map((r) => r.role_id)).toEqual([1]);
    expect((await server.services.audit.list('user.roles_updated')).length).toBe(2);
  });

  it('refuses rates outside 0–999', async () => {
    const res = await admin.post('/api/user/update-roles', { user_id: await id('sp@demo.test'), standardized_patient_rate: 1000 });
    expect(res.status).toBe(422);
    expect((await json(res)).errors.standardized_patient_rate).toEqual([USER_MANAGEMENT_MESSAGES.rateRange]);
  });

  it('refuses granting admin without user_role.admin, and changes nothing', async () => {
    const before = await roleRows('sp@demo.test');
    const res = await admin.post('/api/user/update-roles', { user_id: await id('sp@demo.test'), observer_role: true, admin_role: true });
    expect(res.status).toBe(403);
    expect(await roleRows('sp@demo.test')).toEqual(before);
  });

  it('refuses client-admin partners the caller does not administer', async () => {
    const head = await signedIn(server, 'headtrainer@demo.test');
    const res = await head.post('/api/user/update-roles', { user_id: await id('sp@demo.test'), client_admin_partners: [2] });
    expect(res.status).toBe(403);
    const adminRes = await admin.post('/api/user/update-roles', {
      user_id: await id('sp@demo.test'),
      client_admin_role: true,
      client_admin_partners: [2],
    });
    expect(adminRes.status).toBe(403);
    const okRes = await superadmin.post('/api/user/update-roles', {
      user_id: await id('sp@demo.test'),
      client_admin_role: true,
      client_admin_partners: [2, 3],
    });
    expect(okRes.status).toBe(200);
    const wrongBrand = await superadmin.post('/api/user/update-roles', {
      user_id: await id('sp@demo.test'),
      simclusive_client_admin_partners: [2],
    });
    expect(wrongBrand.status).toBe(422);
  });

  it('lets a head trainer change the SP role but not reviewer', async () => {
    const head = await signedIn(server, 'headtrainer@demo.test');
    const userId = await id('observer@demo.test');
    expect(
      (await head.post('/api/user/update-roles', { user_id: userId, standardized_patient_role: true, standardized_patient_rate: 30 }))
        .status,
    ).toBe(200);
    expect((await head.post('/api/user/update-roles', { user_id: userId, reviewer_role: true })).status).toBe(403);
  });

  it('lets only a super admin grant financial admin (12), which opens the payment report (AUTHZ-02)', async () => {
    const email = `finance-${Date.now().toString(36)}@roles.test`;
    const userId = await createPerson(server, email, [[ROLE.learner, 1]]);
    const report = async () => (await signedIn(server, email)).get('/api/reports/payment?month=3&year=2030');
    expect((await report()).status).toBe(403);
    // An admin holds user_role.report_manager but not user_role.financial_admin: refused, nothing written.
    const before = await roleRows(email);
    const refused = await admin.post('/api/user/update-roles', { user_id: userId, financial_admin_role: true });
    expect(refused.status).toBe(403);
    expect(await roleRows(email)).toEqual(before);
    expect((await report()).status).toBe(403);
    const granted = await superadmin.post('/api/user/update-roles', { user_id: userId, financial_admin_role: true });
    expect(await json(granted)).toEqual({ message: USER_MANAGEMENT_MESSAGES.rolesUpdated });
    expect(await roleRows(email)).toContainEqual({ role_id: ROLE.financial_admin, partner_id: 1, pay_rate: null });
    expect((await report()).status).toBe(200);
  });

  it('lets an admin grant report manager (11), which opens the payment report too', async () => {
    const email = `manager-${Date.now().toString(36)}@roles.test`;
    const userId = await createPerson(server, email, [[ROLE.learner, 1]]);
    expect((await admin.post('/api/user/update-roles', { user_id: userId, report_manager_role: true })).status).toBe(200);
    expect(await roleRows(email)).toContainEqual({ role_id: ROLE.report_manager, partner_id: 1, pay_rate: null });
    expect((await (await signedIn(server, email)).get('/api/reports/payment?month=3&year=2030')).status).toBe(200);
  });
});

describe('private files (UP-05)', () => {
  it('serves a resume only to its user and their admins', async () => {
    const userId = await id('applicant@demo.test');
    await server.services.files.put('resumes/applicant-test.pdf', Buffer.from('%PDF-1.4 test'));
    await server.db.updateTable('users').set({ resume_path: 'resumes/applicant-test.pdf' }).where('id', '=', userId).execute();
    const own = await signedIn(server, 'applicant@demo.test');
    const mine = await own.get(`/api/user/${userId}/resume`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-disposition')).toBe('attachment; filename="resume.pdf"');
    expect((await admin.get(`/api/user/${userId}/resume`)).status).toBe(200);
    const learner = await signedIn(server, 'learner@demo.test');
    expect((await learner.get(`/api/user/${userId}/resume`)).status).toBe(404);
    expect((await admin.get(`/api/user/${userId}/headshot`)).status).toBe(404);
  });
});
