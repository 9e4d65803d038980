import { randomUUID } from 'node:crypto';
import { addDays, instantToDate, slotToInstant, type Weekday } from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import { ensureScorecardDocs, seedSubmittedScorecard } from './demo-scorecards';

/*
 * Demo SP availability, visits in every state and a pending visit request (DESIGN.md §3; issue 5). Times are
 * relative to the moment of seeding in America/New_York, so the lists always hold upcoming and past visits and one
 * visit (9003, started 28 minutes before seeding: joinable for another hour, and its SP is free again two minutes
 * after seeding) can be joined and closed at once. The visits have fixed ids from 9001 so journeys can open them directly;
 * new rows take low ids from the identity and never meet them. tests/README.md lists which journey uses which.
 */
const ZONE = 'America/New_York';
const AWV = 'Annual wellness visit';
const POST_OP = 'Post-operative care call';

const WEEKDAY_HOURS: [Weekday, string, string][] = [
  ['Monday', '08:00', '18:00'],
  ['Tuesday', '08:00', '18:00'],
  ['Wednesday', '08:00', '18:00'],
  ['Thursday', '08:00', '18:00'],
  ['Friday', '08:00', '18:00'],
  ['Saturday', '09:00', '13:00'],
];

interface SeedVisit {
  id: number;
  scenario: string;
  partner: number;
  learner: string;
  /** days from today (seed day) and the wall time in New York; or minutes from now */
  at: { days: number; time: string } | { minutesFromNow: number };
  confirmed?: boolean;
  complete?: boolean;
  canceledBy?: 'learner' | 'sp' | 'system';
  noShow?: boolean;
  technicalIssue?: boolean;
  feedbackFormComplete?: boolean;
  observer?: boolean;
}

const VISITS: SeedVisit[] = [
  { id: 9001, scenario: AWV, partner: 1, learner: 'learner@demo.test', at: { days: 4, time: '15:00' } },
  { id: 9002, scenario: AWV, partner: 1, learner: 'learner@demo.test', at: { days: 2, time: '16:00' } },
  { id: 9003, scenario: AWV, partner: 1, learner: 'learner@demo.test', at: { minutesFromNow: -28 }, confirmed: true, observer: true },
  {
    id: 9004,
    scenario: AWV,
    partner: 1,
    learner: 'learner@demo.test',
    at: { days: -1, time: '10:00' },
    confirmed: true,
    complete: true,
    observer: true,
  },
  {
    id: 9005,
    scenario: AWV,
    partner: 1,
    learner: 'learner@demo.test',
    at: { days: -2, time: '11:00' },
    confirmed: true,
    complete: true,
    feedbackFormComplete: true,
    observer: true,
  },
  {
    id: 9006,
    scenario: AWV,
    partner: 1,
    learner: 'learner@demo.test',
    at: { days: -3, time: '09:00' },
    canceledBy: 'learner',
    confirmed: true,
  },
  { id: 9007, scenario: AWV, partner: 1, learner: 'learner@demo.test', at: { days: 1, time: '09:00' }, canceledBy: 'system' },
  {
    id: 9008,
    scenario: AWV,
    partner: 1,
    learner: 'learner@demo.test',
    at: { days: -4, time: '13:00' },
    confirmed: true,
    complete: true,
    noShow: true,
  },
  {
    id: 9009,
    scenario: AWV,
    partner: 1,
    learner: 'learner@demo.test',
    at: { days: -5, time: '14:00' },
    confirmed: true,
    technicalIssue: true,
  },
  { id: 9010, scenario: AWV, partner: 1, learner: 'learner@demo.test', at: { days: 6, time: '09:00' }, canceledBy: 'sp', confirmed: true },
  { id: 9020, scenario: POST_OP, partner: 2, learner: 'learner2@demo.test', at: { days: 3, time: '12:00' } },
];

/** The demo SP's weekly hours as availability rows of a user (also given to test SPs, seed/test-factories.ts). */
export function weekdayHourRows(userId: number, now: Date) {
  return WEEKDAY_HOURS.map(([day, start, end]) => {
    const id = randomUUID();
    const doc = {
      id,
      write_id: randomUUID(),
      _deleted: false,
      user_id: userId,
      day,
      start_time: start,
      end_time: end,
      timezone: ZONE,
      updated_at: now.toISOString(),
    };
    return { id, user_id: userId, day, start_time: start, end_time: end, timezone: ZONE, doc: JSON.stringify(doc) };
  });
}

const SESSION_MINUTES = 30;

function startOf(at: SeedVisit['at'], now: Date): Date {
  if ('minutesFromNow' in at) return new Date(Math.ceil((now.getTime() + at.minutesFromNow * 60_000) / 60_000) * 60_000);
  const day = addDays(instantToDate(now, ZONE), at.days);
  const start = slotToInstant(`${day} ${at.time}:00`, ZONE);
  if (!start) throw new Error(`No such time in ${ZONE}: ${day} ${at.time}`);
  return start;
}

export async function seedDemoVisits(trx: Transaction<DB>, ids: Map<string, number>, now = new Date()): Promise<void> {
  const sp = ids.get('sp@demo.test')!;
  const observer = ids.get('observer@demo.test')!;
  const scenarios = new Map(
    (await trx.selectFrom('scenarios').select(['id', 'title']).where('title', 'in', [AWV, POST_OP]).execute()).map((s) => [s.title, s.id]),
  );

  await trx.insertInto('availabilities').values(weekdayHourRows(sp, now)).execute();

  for (const v of VISITS) {
    const start = startOf(v.at, now);
    const learner = ids.get(v.learner)!;
    const canceled = v.canceledBy !== undefined || v.technicalIssue === true;
    await trx
      .insertInto('visits')
      .values({
        id: v.id,
        scenario_id: scenarios.get(v.scenario)!,
        partner_id: v.partner,
        learner_user_id: learner,
        sp_user_id: sp,
        start_at: start,
        end_at: new Date(start.getTime() + SESSION_MINUTES * 60_000),
        is_confirmed: v.confirmed ?? false,
        confirmed_at: v.confirmed ? new Date(start.getTime() - 2 * 86_400_000) : null,
        is_canceled: canceled,
        canceled_at: canceled ? new Date(Math.min(now.getTime(), start.getTime()) - 3_600_000) : null,
        canceled_by_user_id: v.canceledBy === 'learner' ? learner : v.canceledBy === 'sp' ? sp : null,
        is_sp_cancellation: v.canceledBy === 'sp',
        is_complete: v.complete ?? false,
        completed_at: v.complete ? new Date(start.getTime() + SESSION_MINUTES * 60_000) : null,
        no_show: v.noShow ?? false,
        learner_technical_issue: v.technicalIssue ?? false,
        is_feedback_form_complete: v.feedbackFormComplete ?? false,
        meeting_id: `demo-${v.id}`,
      })
      .execute();
    if (v.observer) await trx.insertInto('visit_observers').values({ visit_id: v.id, user_id: observer }).execute();
    // Each person's scorecard documents (decision 0030); 9005's SP scorecard is submitted with answers.
    await ensureScorecardDocs(trx, v.id, now);
    if (v.feedbackFormComplete)
      await seedSubmittedScorecard(trx, v.id, 'feedback-form', sp, new Date(start.getTime() + SESSION_MINUTES * 60_000));
  }

  // A pending request of the learner for the free scenario: its overview leads to the request page.
  const learner = ids.get('learner@demo.test')!;
  await trx
    .insertInto('requests')
    .values({
      id: 9101,
      request_type_id: 1,
      user_id: learner,
      partner_id: 1,
      scenario_id: scenarios.get(AWV)!,
      status: 'pending',
      timezone: ZONE,
      duration_minutes: SESSION_MINUTES,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const today = instantToDate(now, ZONE);
  await trx
    .insertInto('request_dates')
    .values([
      { request_id: 9101, start_at: slotToInstant(`${addDays(today, 5)} 10:00:00`, ZONE)! },
      { request_id: 9101, start_at: slotToInstant(`${addDays(today, 6)} 14:00:00`, ZONE)! },
    ])
    .execute();

  // An upcoming scenario training session (minimal, decision 0030): its SP practices the SP scorecard at
  // /training/9501/practice/feedback.
  await trx
    .insertInto('training_sessions')
    .values({
      id: 9501,
      scenario_id: scenarios.get(AWV)!,
      trainer_user_id: ids.get('trainer@demo.test')!,
      partner_id: 1,
      training_session_type_id: 1,
      start_at: startOf({ days: 3, time: '13:00' }, now),
      job_number: 'SV-9501',
    })
    .execute();
  await trx.insertInto('training_session_users').values({ training_session_id: 9501, user_id: sp, role_id: 2 }).execute();
}
