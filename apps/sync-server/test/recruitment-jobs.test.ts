import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { RECRUITMENT_MESSAGES as M, ROLE } from '@simvisit/schema';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetTestClock, setTestTime } from '../src/platform/clock';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

/*
 * The timed recruitment rules of decision 0060, run by the visit jobs' runner on the test clock: accounts that
 * applied and never confirmed their email are removed with their application and files; interview requests whose
 * dates all passed unanswered expire, the applicant and the proposer are told, and the request refuses an answer.
 */
let server: TestServer;
let headtrainer: Client;
let jpeg: Buffer;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const DAY = 24 * 3_600_000;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  headtrainer = await signedIn(server, 'headtrainer@demo.test');
  jpeg = await sharp({ create: { width: 200, height: 240, channels: 3, background: '#4a8' } })
    .jpeg()
    .toBuffer();
}, 60_000);
afterAll(async () => {
  resetTestClock();
  await server?.close();
});
afterEach(async () => {
  resetTestClock();
  await sql`delete from rate_limits where key like 'apply%'`.execute(server.db);
});

/** Applies from the login page's form as a browser does; answers the new account's id and its stored files. */
async function apply(at: Date) {
  setTestTime(at);
  const email = `unconfirmed-${++seq}-${Date.now().toString(36)}@jobs.simvisit.test`;
  const tz = await server.db.selectFrom('timezones').select('id').where('short_name', '=', 'America/Chicago').executeTakeFirstOrThrow();
  const client = new Client(server);
  await client.csrf();
  const form = new FormData();
  form.set(
    'application',
    JSON.stringify({
      partner_slug: 'sp',
      first_name: 'Una',
      last_name: 'Confirmed',
      email,
      password: 'a-long-secret-2026',
      password_confirmation: 'a-long-secret-2026',
      roles: ['standardized_patient'],
      experience: 'Some theatre.',
      timezone_id: tz.id,
      availabilities: [{ day: 'Monday', start_time: '09:00', end_time: '12:00' }],
      custom_fields: [],
    }),
  );
  form.set('resume', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'resume.pdf');
  form.set('headshot', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'me.jpg');
  expect((await client.request('POST', '/api/apply', { body: form })).status).toBe(200);
  const user = await server.db
    .selectFrom('users')
    .select(['id', 'resume_path', 'headshot_path'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { ...user, email, password: 'a-long-secret-2026' };
}

const exists = async (key: string) =>
  (await readdir(path.join(server.config.uploadsDir, path.dirname(key))).catch((): string[] => [])).includes(path.basename(key));
const userExists = async (id: number) => !!(await server.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());

describe('removing accounts whose email was never confirmed', () => {
  it('deletes the account, its application and its files once the week is over, and audits it', async () => {
    const T = new Date('2032-01-05T10:00:00Z');
    const a = await apply(T);
    expect(await exists(a.resume_path!)).toBe(true);

    const early = await server.services.jobs.runDue(new Date(T.getTime() + 7 * DAY - 60_000));
    expect(early.errors).toEqual([]);
    expect(await userExists(a.id)).toBe(true);

    const run = await server.services.jobs.runDue(new Date(T.getTime() + 7 * DAY + 60_000));
    expect(run.errors).toEqual([]);
    expect(run.unconfirmedApplicantsRemoved).toBeGreaterThanOrEqual(1);
    expect(await userExists(a.id)).toBe(false);
    expect(await server.db.selectFrom('applications').select('id').where('user_id', '=', a.id).execute()).toEqual([]);
    expect(await server.db.selectFrom('availabilities').select('id').where('user_id', '=', a.id).execute()).toEqual([]);
    expect(await exists(a.resume_path!)).toBe(false);
    expect(await exists(a.headshot_path!)).toBe(false);
    const audit = await server.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_type', '=', 'user')
      .where('target_id', '=', String(a.id))
      .where('action', '=', 'applying.unconfirmed_removed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.details)).not.toContain(a.email);
  });

  it('keeps a confirmed applicant, and an unconfirmed one while a link it asked for again still works', async () => {
    const T = new Date('2032-02-02T10:00:00Z');
    const confirmed = await apply(T);
    await server.db.updateTable('applications').set({ status: 'pending' }).where('user_id', '=', confirmed.id).execute();
    const waiting = await apply(T);
    // Six days later the applicant signs in and asks for a new link (valid another week).
    setTestTime(new Date(T.getTime() + 6 * DAY));
    const client = new Client(server);
    expect((await client.login(waiting.email, waiting.password, 'sp')).status).toBe(200);
    expect((await client.post('/api/apply/resend-confirmation', {})).status).toBe(200);

    await server.services.jobs.runDue(new Date(T.getTime() + 8 * DAY));
    expect(await userExists(confirmed.id)).toBe(true);
    expect(await userExists(waiting.id)).toBe(true);

    // Signing in left a session and notifications may exist: they go with the account.
    await server.services.jobs.runDue(new Date(T.getTime() + 13 * DAY + 60_000));
    expect(await userExists(waiting.id)).toBe(false);
    expect(await userExists(confirmed.id)).toBe(true);
  });

  it('keeps an account that holds an approved role besides the applicant role', async () => {
    const T = new Date('2032-03-01T10:00:00Z');
    const a = await apply(T);
    await server.db
      .insertInto('user_roles')
      .values({ user_id: a.id, role_id: ROLE.learner, partner_id: 1, is_approved: true, created_at: T, updated_at: T })
      .execute();
    await server.services.jobs.runDue(new Date(T.getTime() + 30 * DAY));
    expect(await userExists(a.id)).toBe(true);
  });
});

describe('interview requests whose dates all passed', () => {
  async function requestFor() {
    const anon = new Client(server);
    await anon.csrf();
    const res = await anon.post('/api/test/applicants', {
      email_prefix: `expiry${++seq}`,
      partner_id: 1,
      role_ids: [ROLE.standardized_patient],
    });
    expect(res.status).toBe(200);
    const a = await json(res);
    const client = new Client(server);
    expect((await client.login(a.email, a.password, 'sp')).status).toBe(200);
    const created = await headtrainer.post('/api/interview-request', {
      interview_date_one: '2033-04-05 14:00:00',
      interview_date_two: '2033-04-06 15:30:00',
      request_type: 2,
      applicant_user_id: a.id,
      parent_request_id: null,
      timezone: 'UTC',
    });
    expect(created.status).toBe(200);
    const request = (await json(created)).interview_requests[0];
    return { applicant: a as { id: number; email: string }, client, request };
  }

  const outbox = async (email: string) => {
    await server.services.mail.idle();
    return server.db.selectFrom('outbox').select(['subject', 'body_text']).where('recipient', '=', email).orderBy('id').execute();
  };

  it('expires once, tells the applicant and the trainer, and the request page refuses an answer', async () => {
    setTestTime(new Date('2033-04-01T12:00:00Z'));
    const { applicant, client, request } = await requestFor();

    const between = await server.services.jobs.runDue(new Date('2033-04-05T15:00:00Z'));
    expect(between.errors).toEqual([]);
    const open = await server.db
      .selectFrom('requests')
      .select(['status', 'is_expired'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(open).toEqual({ status: 'pending', is_expired: false });

    const after = new Date('2033-04-06T15:31:00Z');
    setTestTime(after);
    // The page shows it expired as soon as no date is ahead, before the rule has run.
    expect((await json(await client.post(`/api/interview-request/${request.id}`, {}))).request.is_expired).toBe(true);

    const run = await server.services.jobs.runDue(after);
    expect(run.errors).toEqual([]);
    expect(run.interviewRequestsExpired).toBeGreaterThanOrEqual(1);
    const row = await server.db
      .selectFrom('requests')
      .select(['status', 'is_expired'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'expired', is_expired: true });
    expect((await server.services.jobs.runDue(after)).interviewRequestsExpired).toBe(0);

    const told = (await outbox(applicant.email)).filter((m) => m.subject?.includes('Interview dates expired'));
    expect(told).toHaveLength(1);
    expect(told[0]!.body_text).toContain('New dates will be sent to you.');
    const trainer = (await outbox('headtrainer@demo.test')).filter(
      (m) => m.subject?.includes('Interview dates expired') && m.body_text.includes(`/recruitment/user/${applicant.id}`),
    );
    expect(trainer).toHaveLength(1);
    const audit = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'interview_request')
      .where('target_id', '=', String(request.id))
      .where('action', '=', 'interview_request.expired')
      .execute();
    expect(audit).toHaveLength(1);

    const page = await json(await client.post(`/api/interview-request/${request.id}`, {}));
    expect(page.request).toMatchObject({ status: 'expired', is_expired: true });
    const accept = await client.post('/api/interview-request/approve', { request_id: request.id, request_date_id: request.dates[1].id });
    expect(accept.status).toBe(409);
    expect((await json(accept)).message).toBe(M.requestExpired);
    expect((await client.post('/api/interview-request/reject', { request_id: request.id })).status).toBe(409);
    expect(await server.db.selectFrom('interviews').select('id').where('request_id', '=', request.id).execute()).toEqual([]);

    // A new set can be proposed now that nothing is open.
    const again = await headtrainer.post('/api/interview-request', {
      interview_date_one: '2033-04-10 14:00:00',
      interview_date_two: '2033-04-11 15:30:00',
      request_type: 2,
      applicant_user_id: applicant.id,
      parent_request_id: request.id,
      timezone: 'UTC',
    });
    expect(again.status).toBe(200);
  });
});
