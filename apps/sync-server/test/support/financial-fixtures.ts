import { sql } from 'kysely';
import { createTestPartner } from '../../src/seed/test-factories';
import { Client, DEMO_PASSWORD } from './client';
import type { TestServer } from './test-server';
import { createPerson } from './visit-fixtures';

/*
 * The rows the financial tests pay from, written straight into the test's own database at fixed instants (the
 * figures are of past months, so no clock is needed): people with rates recorded from a date, a partner in a time
 * zone, visits in every state, scorecards, training sessions, interviews and authored scenarios.
 */

let seq = 0;
const unique = (prefix: string) => `${prefix}-${++seq}-${Date.now().toString(36)}`;
export const HOUR = 3_600_000;

/** A partner of its own (non-sim unless told), its months bounded in `timeZone`. */
export async function financialPartner(server: TestServer, timeZone = 'America/New_York', isSim = false) {
  const p = await createTestPartner(server.db, { slug_prefix: 'fin', is_sim: isSim, seats: 0, used_seats: 0, passcode: null });
  await server.db.updateTable('partners').set({ time_zone: timeZone }).where('id', '=', p.id).execute();
  return p;
}

/**
 * A person with roles [role, partner, rate] whose rates took effect at `since` (the trigger dates the
 * pay_rate_history entry by the row's updated_at); returns the id and a signed-in client at `slug`.
 */
export async function payee(
  server: TestServer,
  grants: [roleId: number, partnerId: number, rate?: number][],
  opts: { since?: Date; name?: string } = {},
) {
  const email = `${unique(opts.name ? 'named' : 'payee')}@financial.test`;
  const id = await createPerson(server, email, []);
  if (opts.name !== undefined)
    await server.db.updateTable('users').set({ first_name: opts.name, last_name: '' }).where('id', '=', id).execute();
  const since = opts.since ?? new Date('2024-01-01T00:00:00Z');
  if (grants.length > 0) {
    await server.db
      .insertInto('user_roles')
      .values(
        grants.map(([role_id, partner_id, rate]) => ({
          user_id: id,
          role_id,
          partner_id,
          is_approved: true,
          pay_rate: rate ?? null,
          created_at: since,
          updated_at: since,
        })),
      )
      .execute();
  }
  return { id, email };
}

export async function signedInAt(server: TestServer, email: string, slug: string): Promise<Client> {
  const client = new Client(server);
  const res = await client.login(email, DEMO_PASSWORD, slug);
  if (res.status !== 200) throw new Error(`login of ${email} at ${slug} failed: ${res.status} ${await res.text()}`);
  return client;
}

/** A scenario written by `author` (on the simulation brand when isSim), with a job number at the partner. */
export async function authoredScenario(server: TestServer, author: number, opts: { isSim: boolean; partnerId: number; jobNumber: string }) {
  const id = (await sql<{ id: string }>`SELECT nextval('scenario_ids')::text AS id`.execute(server.db)).rows[0]!.id;
  const title = unique('Financial scenario');
  await server.db
    .insertInto('scenarios')
    .values({
      id,
      status: 6,
      title,
      patient_name: 'Pat Example',
      patient_image: null,
      author_user_id: author,
      reviewer_user_id: null,
      trainer_user_id: null,
      partner_id: opts.partnerId,
      is_sim: opts.isSim ? 1 : 0,
      fee: null,
      credit_text: null,
      cloned_from: null,
      doc: JSON.stringify({ id, title }),
      created_at: new Date('2024-01-01T00:00:00Z'),
      updated_at: new Date('2024-01-01T00:00:00Z'),
    })
    .execute();
  await server.db
    .insertInto('scenario_partners')
    .values({ scenario_id: id, partner_id: opts.partnerId, featured: 0, job_number: opts.jobNumber })
    .execute();
  return { id, title };
}

export interface PaidVisit {
  partner: number;
  scenario: string;
  learner: number;
  sp: number;
  start: Date;
  minutes?: number;
  complete?: boolean;
  noShow?: boolean;
  technicalIssue?: boolean;
  /** canceled this many hours before the start */
  canceledHoursAhead?: number;
  spCancellation?: boolean;
  /** observers and whether each submitted their scorecard */
  observers?: [userId: number, submitted: boolean][];
}

export async function paidVisit(server: TestServer, v: PaidVisit): Promise<number> {
  const canceled = v.canceledHoursAhead !== undefined || v.technicalIssue === true;
  const row = await server.db
    .insertInto('visits')
    .values({
      scenario_id: v.scenario,
      partner_id: v.partner,
      learner_user_id: v.learner,
      sp_user_id: v.sp,
      start_at: v.start,
      end_at: new Date(v.start.getTime() + (v.minutes ?? 60) * 60_000),
      is_confirmed: true,
      is_complete: v.complete === true || v.noShow === true,
      no_show: v.noShow ?? false,
      learner_technical_issue: v.technicalIssue ?? false,
      is_canceled: canceled,
      canceled_at: canceled ? new Date(v.start.getTime() - (v.canceledHoursAhead ?? 0.25) * HOUR) : null,
      is_sp_cancellation: v.spCancellation ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [user_id, submitted] of v.observers ?? []) {
    await server.db.insertInto('visit_observers').values({ visit_id: row.id, user_id, is_complete: submitted }).execute();
  }
  return row.id;
}

export async function paidTraining(
  server: TestServer,
  t: { partner: number; trainer: number; sps: number[]; start: Date; typeId: number; jobNumber: string | null; complete: boolean },
) {
  const row = await server.db
    .insertInto('training_sessions')
    .values({
      scenario_id: null,
      trainer_user_id: t.trainer,
      partner_id: t.partner,
      training_session_type_id: t.typeId,
      start_at: t.start,
      job_number: t.jobNumber,
      is_complete: t.complete,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (t.sps.length > 0) {
    await server.db
      .insertInto('training_session_users')
      .values(t.sps.map((user_id) => ({ training_session_id: row.id, user_id, role_id: 2 })))
      .execute();
  }
  return row.id;
}

/** A completed interview of an applicant who applied at the partner. */
export async function paidInterview(server: TestServer, i: { partner: number; trainer: number; applicant: number; start: Date }) {
  const app = await server.db
    .insertInto('applications')
    .values({ user_id: i.applicant, partner_id: i.partner, status: 'approved', note: null, created_at: i.start, updated_at: i.start })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('interviews')
    .values({
      application_id: app.id,
      applicant_user_id: i.applicant,
      trainer_user_id: i.trainer,
      start_at: i.start,
      is_complete: true,
      created_at: i.start,
    })
    .execute();
}
