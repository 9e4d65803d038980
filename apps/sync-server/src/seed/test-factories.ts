import { randomBytes } from 'node:crypto';
import type {
  CreateTestApplicantInput,
  CreateTestInterviewInput,
  CreateTestPartnerInput,
  CreateTestTrainingSessionInput,
  CreateTestUserInput,
  CreateTestVisitInput,
  CreateTestVisitRequestInput,
} from '@simvisit/schema';
import { ROLE } from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { createNotificationsRepository } from '../features/notifications';
import { ensureScorecardDocs } from '../features/visit-scorecards';
import { clock } from '../platform/clock';
import { hashPassword } from '../platform/passwords';
import { seedSubmittedScorecard } from './demo-scorecards';
import { weekdayHourRows } from './demo-visits';
import { WELCOME_NOTIFICATION } from './welcome-notification';

/*
 * The rows a test makes for itself in test mode (docs/decisions/0039), written the way the demo seed writes
 * its own (demo-seed.ts, demo-visits.ts): users with unique emails, visits in any state at a time relative to
 * the test clock, pending visit requests and training sessions. Ids come from the tables' identities.
 */
const ZONE = 'America/New_York';
const MINUTE = 60_000;

async function scenarioId(trx: Transaction<DB>, title: string): Promise<string> {
  const row = await trx
    .selectFrom('scenarios')
    .select('id')
    .where('title', '=', title)
    .where('_deleted', '=', false)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new Error(`No scenario titled ${title}`);
  return row.id;
}

/** A start on a whole minute, as the app's pickers and the seed make them. */
function minutesFromNow(minutes: number): Date {
  return new Date(Math.ceil((clock.now().getTime() + minutes * MINUTE) / MINUTE) * MINUTE);
}

export async function createTestUser(db: Database, input: CreateTestUserInput) {
  const email = `${input.email_prefix}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@test.simvisit.test`;
  const password = `test-pass-${randomBytes(6).toString('hex')}`;
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const tz = await trx.selectFrom('timezones').select('id').where('short_name', '=', ZONE).executeTakeFirst();
    const user = await trx
      .insertInto('users')
      .values({ email, password: hash, first_name: input.first_name, last_name: input.last_name, timezone_id: tz?.id ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_roles')
      .values(
        input.roles.map((r) => ({
          user_id: user.id,
          role_id: r.role_id,
          partner_id: r.partner_id,
          is_approved: true,
          pay_rate: r.pay_rate ?? null,
          // dated by the app clock, as is the first pay_rate_history entry (decision 0078)
          created_at: clock.now(),
          updated_at: clock.now(),
        })),
      )
      .execute();
    if (input.welcome) await createNotificationsRepository(db).create(user.id, WELCOME_NOTIFICATION, trx);
    if (input.weekday_hours) await trx.insertInto('availabilities').values(weekdayHourRows(user.id, new Date())).execute();
    const attached = [
      ...(input.sp_of ?? []).map((title) => ({ title, role_id: ROLE.standardized_patient })),
      ...(input.observer_of ?? []).map((title) => ({ title, role_id: ROLE.observer })),
    ];
    for (const a of attached)
      await trx
        .insertInto('scenario_users')
        .values({ scenario_id: await scenarioId(trx, a.title), user_id: user.id, role_id: a.role_id })
        .execute();
    return { id: user.id, email, password, first_name: input.first_name, last_name: input.last_name };
  });
}

export async function createTestVisit(db: Database, v: CreateTestVisitInput): Promise<{ id: number }> {
  const start = minutesFromNow(v.starts_in_minutes);
  const end = new Date(start.getTime() + v.duration_minutes * MINUTE);
  const now = clock.now();
  const canceled = v.canceled_by !== null || v.technical_issue;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('visits')
      .values({
        scenario_id: await scenarioId(trx, v.scenario_title),
        partner_id: v.partner_id,
        learner_user_id: v.learner_user_id,
        sp_user_id: v.sp_user_id,
        start_at: start,
        end_at: end,
        is_confirmed: v.confirmed,
        confirmed_at: v.confirmed ? new Date(Math.min(now.getTime(), start.getTime()) - 60 * MINUTE) : null,
        is_canceled: canceled,
        canceled_at: canceled ? new Date(Math.min(now.getTime(), start.getTime()) - 60 * MINUTE) : null,
        canceled_by_user_id: v.canceled_by === 'learner' ? v.learner_user_id : v.canceled_by === 'sp' ? v.sp_user_id : null,
        is_sp_cancellation: v.canceled_by === 'sp',
        is_complete: v.complete,
        completed_at: v.complete ? end : null,
        no_show: v.no_show,
        learner_technical_issue: v.technical_issue,
        is_feedback_form_complete: v.feedback_form_complete,
        meeting_id: `test-${randomBytes(8).toString('hex')}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (v.observer_user_ids.length > 0)
      await trx
        .insertInto('visit_observers')
        .values(v.observer_user_ids.map((user_id) => ({ visit_id: row.id, user_id })))
        .execute();
    await ensureScorecardDocs(trx, row.id, now);
    if (v.feedback_form_complete) await seedSubmittedScorecard(trx, row.id, 'feedback-form', v.sp_user_id, end);
    for (const o of v.observer_scores) await seedSubmittedScorecard(trx, row.id, 'scorecard', o.user_id, end, o.likert);
    return { id: row.id };
  });
}

export async function createTestVisitRequest(db: Database, r: CreateTestVisitRequestInput): Promise<{ id: number }> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('requests')
      .values({
        request_type_id: 1,
        user_id: r.learner_user_id,
        partner_id: r.partner_id,
        scenario_id: await scenarioId(trx, r.scenario_title),
        status: 'pending',
        timezone: ZONE,
        duration_minutes: r.duration_minutes,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('request_dates')
      .values(r.dates_in_minutes.map((minutes) => ({ request_id: row.id, start_at: minutesFromNow(minutes) })))
      .execute();
    return { id: row.id };
  });
}

export async function createTestTrainingSession(db: Database, s: CreateTestTrainingSessionInput): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('training_sessions')
      .values({
        scenario_id: await scenarioId(trx, s.scenario_title),
        trainer_user_id: s.trainer_user_id,
        partner_id: s.partner_id,
        training_session_type_id: 1,
        start_at: minutesFromNow(s.starts_in_minutes),
        job_number: `SV-T${randomBytes(3).toString('hex').toUpperCase()}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('training_session_users')
      .values(s.sp_user_ids.map((user_id) => ({ training_session_id: row.id, user_id, role_id: 2 })))
      .execute();
    return { id: row.id };
  });
}

/** An interview (issue 12), as the recruitment calls make them: its commitments come from the table's trigger. */
export async function createTestInterview(db: Database, i: CreateTestInterviewInput): Promise<{ id: number }> {
  return db
    .insertInto('interviews')
    .values({
      applicant_user_id: i.applicant_user_id,
      trainer_user_id: i.trainer_user_id,
      start_at: minutesFromNow(i.starts_in_minutes),
      is_canceled: i.canceled,
      is_complete: i.complete,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** An applicant (role 0 at the partner) with a pending application for the given roles (recruitment). */
export async function createTestApplicant(db: Database, a: CreateTestApplicantInput) {
  const user = await createTestUser(db, {
    email_prefix: a.email_prefix,
    first_name: a.first_name,
    last_name: a.last_name,
    roles: [{ role_id: 0, partner_id: a.partner_id }],
  });
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ experience: a.experience, mobile_number: '+15555550123' }).where('id', '=', user.id).execute();
    const app = await trx
      .insertInto('applications')
      .values({ user_id: user.id, partner_id: a.partner_id, status: 'pending', note: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('application_roles')
      .values(a.role_ids.map((role_id) => ({ application_id: app.id, role_id })))
      .execute();
    return { ...user, application_id: app.id };
  });
}

/** A partner of its own (unique slug), with no scheduling dates, its seats and an optional brand passcode. */
export async function createTestPartner(db: Database, p: CreateTestPartnerInput) {
  const slug = `${p.slug_prefix}-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const name = `Test ${slug}`;
  const row = await db
    .insertInto('partners')
    .values({
      slug,
      short_name: name.slice(0, 60),
      long_name: `${name} Health Sciences`,
      image: null,
      colour: null,
      is_sim: p.is_sim,
      start_date: null,
      end_date: null,
      disabled_start_date: null,
      disabled_end_date: null,
      welcome_header: null,
      welcome_message: null,
      enable_password: p.passcode !== null,
      password: p.passcode,
      rotation_end_date: null,
      rotation_frequency: null,
      seats: p.seats,
      used_seats: p.used_seats,
    })
    .returning(['id', 'slug', 'short_name', 'long_name'])
    .executeTakeFirstOrThrow();
  if (p.scenario_titles?.length) {
    const scenarios = await db.selectFrom('scenarios').select('id').where('title', 'in', p.scenario_titles).execute();
    if (scenarios.length > 0) {
      await db
        .insertInto('scenario_partners')
        .values(scenarios.map((s) => ({ scenario_id: s.id, partner_id: row.id, featured: 0, job_number: '' })))
        .execute();
    }
  }
  return row;
}
