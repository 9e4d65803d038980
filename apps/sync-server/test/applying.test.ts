import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { APPLYING_MESSAGES as M, MAX_APPLY_UPLOAD_BYTES } from '@simvisit/schema';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { advanceTestClock, resetTestClock } from '../src/platform/clock';
import { Client, json } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

/* Applying for a role from the login page (issue 12 item 1, docs/decisions/0047), through HTTP as a browser does. */
let server: TestServer;
let png: Buffer;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  server = await startTestServer();
  png = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#48a' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'gps-secret' } } })
    .toBuffer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  // Each test applies several times from the one test address; the limit itself has its own test.
  await sql`delete from rate_limits where key like 'apply%'`.execute(server.db);
});
afterEach(() => {
  resetTestClock();
});

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@apply.simvisit.test`;

async function timezoneId(): Promise<number> {
  const row = await server.db.selectFrom('timezones').select('id').where('short_name', '=', 'America/Chicago').executeTakeFirstOrThrow();
  return row.id;
}

async function fields(overrides: Record<string, unknown> = {}) {
  return {
    partner_slug: 'sp',
    first_name: 'Avery',
    last_name: 'Applicant',
    email: uniqueEmail('applicant'),
    password: 'a-long-secret-2026',
    password_confirmation: 'a-long-secret-2026',
    roles: ['standardized_patient'],
    experience: 'Five years of community theatre and two as a standardized patient.',
    timezone_id: await timezoneId(),
    availabilities: [
      { day: 'Monday', start_time: '09:00', end_time: '12:00' },
      { day: 'Thursday', start_time: '13:30', end_time: '17:00' },
    ],
    custom_fields: [],
    ...overrides,
  };
}

interface Files {
  resume?: { data: Buffer; name: string; type: string } | null;
  headshot?: { data: Buffer; name: string; type: string } | null;
}

async function apply(application: unknown, files: Files = {}, client?: Client) {
  const caller = client ?? new Client(server);
  if (!client) await caller.csrf();
  const form = new FormData();
  form.set('application', JSON.stringify(application));
  const resume = files.resume === undefined ? { data: PDF, name: 'resume.pdf', type: 'application/pdf' } : files.resume;
  const headshot = files.headshot === undefined ? { data: png, name: 'me.jpg', type: 'image/jpeg' } : files.headshot;
  if (resume) form.set('resume', new Blob([new Uint8Array(resume.data)], { type: resume.type }), resume.name);
  if (headshot) form.set('headshot', new Blob([new Uint8Array(headshot.data)], { type: headshot.type }), headshot.name);
  return caller.request('POST', '/api/apply', { body: form });
}

async function mailTo(email: string) {
  await server.services.mail.idle();
  return (await server.services.mail.latest(100)).filter((m) => m.recipient === email);
}

async function confirmationToken(email: string): Promise<string> {
  const mail = (await mailTo(email)).find((m) => m.subject?.includes('Confirm your email'));
  const match = mail?.body_text.match(/confirm-email\/([A-Za-z0-9_-]+)\?/);
  if (!match) throw new Error(`no confirmation mail for ${email}`);
  return match[1]!;
}

async function confirm(token: string, client = new Client(server)) {
  await client.csrf();
  return { client, res: await client.post('/api/apply/confirm-email', { token }) };
}

async function storedFiles(): Promise<number> {
  let count = 0;
  for (const dir of ['resumes', 'headshots']) {
    count += (await readdir(path.join(server.config.uploadsDir, dir)).catch(() => [])).length;
  }
  return count;
}

async function counts() {
  const users = await server.db
    .selectFrom('users')
    .select((e) => e.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const apps = await server.db
    .selectFrom('applications')
    .select((e) => e.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { users: Number(users.n), applications: Number(apps.n), files: await storedFiles() };
}

/** Applies, confirms and answers the signed-in client with the applicant's ids. */
async function confirmedApplicant() {
  const body = await fields();
  expect((await apply(body)).status).toBe(200);
  const { client, res } = await confirm(await confirmationToken(body.email));
  expect(res.status).toBe(200);
  const user = await server.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirstOrThrow();
  const app = await server.db.selectFrom('applications').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
  return { client, userId: user.id, applicationId: app.id, email: body.email };
}

describe('GET api/apply/form', () => {
  it("answers the partner, the roles applied for and the partner's registration fields", async () => {
    const body = await json(await new Client(server).get('/api/apply/form?partner_slug=sp'));
    expect(body.partner).toMatchObject({ id: 1, slug: 'sp' });
    expect(body.roles.map((r: { label: string }) => r.label)).toEqual([
      'SP',
      'Observer',
      'Trainer',
      'Author',
      'Simclusive Author',
      'Reviewer',
    ]);
    expect(Array.isArray(body.registration_fields)).toBe(true);
    expect((await json(await new Client(server).get('/api/apply/form?partner_slug=simclusive'))).partner.id).toBe(28);
  });

  it('is 404 for a partner whose login page takes no applications, and for an unknown one', async () => {
    expect((await new Client(server).get('/api/apply/form?partner_slug=northfield')).status).toBe(404);
    expect((await new Client(server).get('/api/apply/form?partner_slug=no-such-partner')).status).toBe(404);
  });
});

describe('POST api/apply', () => {
  it('makes an applicant with the application, the files and the availability, and mails a confirmation link', async () => {
    const body = await fields({ roles: ['standardized_patient', 'simclusive_author'] });
    const res = await apply(body);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: M.applied(body.email) });
    const user = await server.db.selectFrom('users').selectAll().where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Avery', last_name: 'Applicant', experience: body.experience, timezone_id: body.timezone_id });
    expect(user.resume_path).toMatch(/^resumes\/[0-9a-f-]{36}\.pdf$/);
    expect(user.headshot_path).toMatch(/^headshots\/[0-9a-f-]{36}\.png$/);
    expect(await server.services.files.get(user.resume_path!)).toEqual(PDF);
    const headshot = await sharp((await server.services.files.get(user.headshot_path!))!).metadata();
    expect(headshot).toMatchObject({ format: 'png', width: 400, height: 500 });
    expect(headshot.exif).toBeUndefined();
    const roles = await server.db
      .selectFrom('user_roles')
      .select(['role_id', 'partner_id', 'is_approved'])
      .where('user_id', '=', user.id)
      .orderBy('role_id')
      .execute();
    expect(roles).toEqual([
      { role_id: 0, partner_id: 1, is_approved: true },
      { role_id: 2, partner_id: 1, is_approved: false },
      { role_id: 8, partner_id: 28, is_approved: false },
    ]);
    const app = await server.db.selectFrom('applications').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(app).toMatchObject({ partner_id: 1, status: 'unconfirmed' });
    const applied = await server.db
      .selectFrom('application_roles')
      .select('role_id')
      .where('application_id', '=', app.id)
      .orderBy('role_id')
      .execute();
    expect(applied.map((r) => r.role_id)).toEqual([2, 8]);
    const windows = await server.db
      .selectFrom('availabilities')
      .select(['day', 'start_time', 'end_time', 'timezone'])
      .where('user_id', '=', user.id)
      .orderBy('day')
      .execute();
    expect(windows).toEqual([
      { day: 'Monday', start_time: '09:00:00', end_time: '12:00:00', timezone: 'America/Chicago' },
      { day: 'Thursday', start_time: '13:30:00', end_time: '17:00:00', timezone: 'America/Chicago' },
    ]);
    const token = await confirmationToken(body.email);
    const stored = await server.db
      .selectFrom('emailed_links')
      .select('token_hash')
      .where('purpose', '=', 'application_confirmation')
      .where('subject_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored.some((r) => r.token_hash === token)).toBe(false);
    const audit = await server.db.selectFrom('audit_log').select('action').where('actor_user_id', '=', user.id).execute();
    expect(audit.map((a) => a.action)).toContain('applying.applied');
  });

  it('names every missing field, the roles and both files, and stores nothing', async () => {
    const before = await counts();
    const res = await apply({}, { resume: null, headshot: null });
    expect(res.status).toBe(422);
    const { errors } = await json(res);
    expect(errors).toMatchObject({
      first_name: ['The first name field is required.'],
      last_name: ['The last name field is required.'],
      email: ['The email field is required.'],
      password: ['The password field is required.'],
      roles: [M.roles],
      experience: [M.experience],
      timezone_id: [M.timezone],
      resume: [M.resumeRequired],
      headshot: [M.headshotRequired],
    });
    expect(await counts()).toEqual(before);
  });

  it('applies the password rules and the confirmation', async () => {
    const short = await json(await apply(await fields({ password: 'short', password_confirmation: 'short' })));
    expect(short.errors.password).toContain('The password field must be at least 8 characters.');
    const mismatch = await json(await apply(await fields({ password_confirmation: 'something-else-2026' })));
    expect(mismatch.errors.password_confirmation).toEqual([M.passwordConfirmation]);
    const common = await json(await apply(await fields({ password: 'password123', password_confirmation: 'password123' })));
    expect(common.errors.password).toHaveLength(1);
  });

  it('refuses availability off the half-hour grid or ending before it starts, and an unknown time zone', async () => {
    const res = await apply(
      await fields({ availabilities: [{ day: 'Monday', start_time: '10:00', end_time: '09:00' }], timezone_id: 999_999 }),
    );
    expect(res.status).toBe(422);
    const { errors } = await json(res);
    expect(errors['availabilities.0.end_time']).toEqual(['The ending time must be after the start time.']);
    const grid = await json(await apply(await fields({ availabilities: [{ day: 'Funday', start_time: '09:10', end_time: '10:00' }] })));
    expect(grid.errors['availabilities.0.day']).toEqual(['Please choose a day of the week.']);
    expect(grid.errors['availabilities.0.start_time']).toEqual(['Times must be on the hour or half hour.']);
    const zone = await json(await apply(await fields({ timezone_id: 999_999 })));
    expect(zone.errors.timezone_id).toEqual([M.timezone]);
  });

  it('refuses a resume that is not a PDF (HTML, a program renamed .pdf) and stores nothing', async () => {
    const before = await counts();
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    for (const data of [html, exe]) {
      const res = await apply(await fields(), { resume: { data, name: 'resume.pdf', type: 'application/pdf' } });
      expect(res.status).toBe(422);
      expect((await json(res)).errors.resume).toEqual([M.resumeType]);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a headshot that is not an image (a PDF, an SVG renamed .png) and stores nothing', async () => {
    const before = await counts();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    for (const data of [PDF, svg]) {
      const res = await apply(await fields(), { headshot: { data, name: 'me.png', type: 'image/png' } });
      expect(res.status).toBe(422);
      expect((await json(res)).errors.headshot).toEqual([M.headshotType]);
    }
    const broken = Buffer.concat([png.subarray(0, 40)]);
    expect(
      (await json(await apply(await fields(), { headshot: { data: broken, name: 'me.jpg', type: 'image/jpeg' } }))).errors.headshot,
    ).toEqual([M.headshotUnreadable]);
    expect(await counts()).toEqual(before);
  });

  it('refuses files over 5 MB with the message, and a body over the limit with 413', async () => {
    const before = await counts();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_APPLY_UPLOAD_BYTES, 0x20)]);
    const res = await apply(await fields(), { resume: { data: big, name: 'resume.pdf', type: 'application/pdf' } });
    expect(res.status).toBe(422);
    expect((await json(res)).errors.resume).toEqual([M.resumeSize]);
    const bigImage = Buffer.concat([png, Buffer.alloc(MAX_APPLY_UPLOAD_BYTES, 0)]);
    const image = await apply(await fields(), { headshot: { data: bigImage, name: 'me.jpg', type: 'image/jpeg' } });
    expect((await json(image)).errors.headshot).toEqual([M.headshotSize]);
    const huge = Buffer.alloc(2 * MAX_APPLY_UPLOAD_BYTES + 2 * 1024 * 1024, 0x20);
    const tooLarge = await apply(await fields(), { resume: { data: huge, name: 'resume.pdf', type: 'application/pdf' } });
    expect(tooLarge.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it("requires the partner's required registration fields and a listed option for a select", async () => {
    const field = await server.db
      .insertInto('registration_fields')
      .values({ partner_id: 1, title: 'Acting Union', field_type: 'select', required: true, active: true, position: 99 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('registration_select_values')
      .values({ registration_field_id: field.id, title: 'SAG-AFTRA', short_name: 'SAG', position: 1 })
      .execute();
    try {
      const form = await json(await new Client(server).get('/api/apply/form?partner_slug=sp'));
      expect(form.registration_fields.some((f: { id: number; required: boolean }) => f.id === field.id && f.required)).toBe(true);
      const missing = await json(await apply(await fields()));
      expect(Object.values(missing.errors).flat()).toContain('The Acting Union field is required.');
      const wrong = await json(await apply(await fields({ custom_fields: [{ registration_field_id: field.id, value: 'Other' }] })));
      expect(wrong.errors['custom_fields.0.value']).toEqual([M.unknownOption]);
      const body = await fields({ custom_fields: [{ registration_field_id: field.id, value: 'SAG-AFTRA' }] });
      expect((await apply(body)).status).toBe(200);
      const user = await server.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirstOrThrow();
      const stored = await server.db.selectFrom('user_custom_data').select('field_value').where('user_id', '=', user.id).execute();
      expect(stored).toEqual([{ field_value: 'SAG-AFTRA' }]);
    } finally {
      await server.db.updateTable('registration_fields').set({ active: false }).where('id', '=', field.id).execute();
    }
  });

  it('refuses control characters in any field', async () => {
    const res = await apply(await fields({ first_name: 'Av\u0000ery' }));
    expect(res.status).toBe(422);
    expect((await json(res)).errors.first_name).toEqual(['The first name field must not contain control characters.']);
  });

  it('answers a taken email exactly like a new one; an address still waiting for its link is replaced (issue 21 item 13)', async () => {
    const first = await fields();
    expect((await apply(first)).status).toBe(200);
    const oldToken = await confirmationToken(first.email);
    const before = await counts();
    const pass = { password: 'the-owners-pass-2026', password_confirmation: 'the-owners-pass-2026' };
    const again = await apply({ ...(await fields({ first_name: 'Owner', ...pass })), email: first.email.toUpperCase() });
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual({ message: M.applied(first.email.toUpperCase()) });
    const learner = await apply({ ...(await fields()), email: 'learner@demo.test' });
    expect(await json(learner)).toEqual({ message: M.applied('learner@demo.test') });
    // The waiting account was replaced (its files too); the confirmed one got a note and nothing changed.
    expect(await counts()).toEqual(before);
    const user = await server.db.selectFrom('users').select('first_name').where('email', '=', first.email).executeTakeFirstOrThrow();
    expect(user.first_name).toBe('Owner');
    expect((await confirm(oldToken)).res.status).toBe(422);
    const tokens = (await mailTo(first.email)).map((m) => m.body_text.match(/confirm-email\/([A-Za-z0-9_-]+)\?/)?.[1]);
    expect((await confirm(tokens.find((t) => t && t !== oldToken)!)).res.status).toBe(200);
    expect((await new Client(server).login(first.email, first.password)).status).toBe(422);
    expect((await new Client(server).login(first.email, pass.password)).status).toBe(200);
    expect((await mailTo('learner@demo.test')).some((m) => m.subject?.includes('You already have an account'))).toBe(true);
  });

  it('throttles applications from one address (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await apply({}, { resume: null, headshot: null })).status);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
  });

  it('refuses a body that is not multipart, and a cross-site post without the CSRF header', async () => {
    const client = new Client(server);
    await client.csrf();
    expect((await client.post('/api/apply', await fields())).status).toBe(415);
    const form = new FormData();
    form.set('application', JSON.stringify(await fields()));
    expect((await client.request('POST', '/api/apply', { body: form, csrf: false })).status).toBe(419);
  });
});

describe('POST api/apply/confirm-email', () => {
  it('submits the application, signs the applicant in, and works once', async () => {
    const body = await fields();
    await apply(body);
    const token = await confirmationToken(body.email);
    const { client, res } = await confirm(token);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: M.confirmed });
    const me = await json(await client.get('/api/auth/user'));
    expect(me.user.email).toBe(body.email.toLowerCase());
    const app = await server.db
      .selectFrom('applications')
      .innerJoin('users', 'users.id', 'applications.user_id')
      .select('applications.status')
      .where('users.email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(app.status).toBe('pending');
    const again = await confirm(token);
    expect(again.res.status).toBe(422);
    expect(await json(again.res)).toMatchObject({ message: M.confirmInvalid, errors: { token: [M.confirmInvalid] } });
    expect((await again.client.get('/api/auth/user')).status).toBe(401);
  });

  it('refuses an expired or unknown link and changes nothing', async () => {
    const body = await fields();
    await apply(body);
    const token = await confirmationToken(body.email);
    advanceTestClock(8 * 24 * 60 * 60 * 1000);
    expect((await confirm(token)).res.status).toBe(422);
    expect((await confirm('not-a-real-token')).res.status).toBe(422);
    const app = await server.db
      .selectFrom('applications')
      .innerJoin('users', 'users.id', 'applications.user_id')
      .select('applications.status')
      .where('users.email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(app.status).toBe('unconfirmed');
  });
});

describe('the applicant dashboard (GET api/user/applications)', () => {
  it('shows an unconfirmed application as Pending with the confirmation notice, and a new link on request', async () => {
    const body = await fields({ roles: ['standardized_patient', 'observer'] });
    await apply(body);
    const client = new Client(server);
    expect((await client.login(body.email, body.password)).status).toBe(200);
    const mine = await json(await client.get('/api/user/applications'));
    expect(mine.confirmation_pending).toBe(true);
    expect(mine.applications).toHaveLength(1);
    expect(mine.applications[0]).toMatchObject({ status: 'Pending', roles: ['Standardized Patient', 'Observer'] });
    const resent = await client.post('/api/apply/resend-confirmation');
    expect(resent.status).toBe(200);
    expect(await json(resent)).toEqual({ message: M.resent(body.email.toLowerCase()) });
    const links = (await mailTo(body.email.toLowerCase())).filter((m) => m.subject?.includes('Confirm your email'));
    expect(links).toHaveLength(2);
    // Confirming signs out the session from before it (issue 21 item 13) and signs in the one that confirmed.
    const confirmed = await confirm(await confirmationToken(body.email.toLowerCase()));
    expect((await client.get('/api/user/applications')).status).toBe(401);
    expect((await json(await confirmed.client.get('/api/user/applications'))).confirmation_pending).toBe(false);
    expect((await confirmed.client.post('/api/apply/resend-confirmation')).status).toBe(422);
    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await anonymous.post('/api/apply/resend-confirmation')).status).toBe(401);
  });

  it('moves through Pending, Interview Requested (with its alert), Interview scheduled and Under Review', async () => {
    const { client, userId, applicationId } = await confirmedApplicant();
    const status = async () => (await json(await client.get('/api/user/applications'))).applications[0];
    expect((await status()).status).toBe('Pending');
    const now = new Date();
    const trainer = (
      await server.db.selectFrom('users').select('id').where('email', '=', 'headtrainer@demo.test').executeTakeFirstOrThrow()
    ).id;
    const request = await server.db
      .insertInto('requests')
      .values({
        request_type_id: 2,
        user_id: trainer,
        partner_id: 1,
        applicant_user_id: userId,
        application_id: applicationId,
        trainer_user_id: trainer,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const requested = await json(await client.get('/api/user/applications'));
    expect(requested.applications[0]).toMatchObject({ status: 'Interview Requested', interview_requests: [{ id: request.id }] });
    expect(requested.alerts[0].route).toEqual({ name: 'request', params: { request_id: String(request.id) } });
    // A request the applicant turned down, or one canceled, no longer asks for an answer.
    await server.db.updateTable('requests').set({ status: 'rejected' }).where('id', '=', request.id).execute();
    expect((await status()).status).toBe('Pending');
    const interview = await server.db
      .insertInto('interviews')
      .values({
        application_id: applicationId,
        request_id: request.id,
        applicant_user_id: userId,
        trainer_user_id: trainer,
        start_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await status()).toMatchObject({ status: 'Interview scheduled', interview: { id: interview.id, is_complete: false } });
    await server.db.updateTable('interviews').set({ is_complete: true }).where('id', '=', interview.id).execute();
    expect((await status()).status).toBe('Under Review');
    await server.db.updateTable('interviews').set({ is_complete: false, is_canceled: true }).where('id', '=', interview.id).execute();
    expect((await status()).status).toBe('Pending');
    // A decided application leaves the card.
    await server.db.updateTable('applications').set({ status: 'rejected' }).where('id', '=', applicationId).execute();
    expect((await json(await client.get('/api/user/applications'))).applications).toEqual([]);
  });
});
