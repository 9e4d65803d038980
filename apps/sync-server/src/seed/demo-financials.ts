import { addDays, instantToDate, slotToInstant } from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import { ensureScorecardDocs, seedSubmittedScorecard } from './demo-scorecards';

/*
 * Paid work a month and more back (issue 20, decision 0078), so finance@demo.test, the admin and the demo SP,
 * observer and trainer see figures in the previous month and on the chart besides this month's visits
 * (demo-visits.ts): two completed visits of the demo SP, one with the observer's submitted scorecard, and a
 * completed grouped training session the demo trainer ran (without the demo SP, whose sessions other tests list).
 * Fixed ids, after those of demo-visits.ts.
 */
const ZONE = 'America/New_York';
const SESSION_MINUTES = 30;

const at = (now: Date, days: number, time: string): Date => {
  const start = slotToInstant(`${addDays(instantToDate(now, ZONE), days)} ${time}:00`, ZONE);
  if (!start) throw new Error(`No such time in ${ZONE}: ${days} ${time}`);
  return start;
};

export async function seedDemoFinancials(trx: Transaction<DB>, ids: Map<string, number>, now = new Date()): Promise<void> {
  const sp = ids.get('sp@demo.test')!;
  const observer = ids.get('observer@demo.test')!;
  const learner = ids.get('learner@demo.test')!;
  const scenario = (await trx.selectFrom('scenarios').select('id').where('title', '=', 'Annual wellness visit').executeTakeFirstOrThrow())
    .id;
  for (const [id, days, observed] of [
    [9011, -33, true],
    [9012, -36, false],
  ] as const) {
    const start = at(now, days, '10:00');
    const end = new Date(start.getTime() + SESSION_MINUTES * 60_000);
    await trx
      .insertInto('visits')
      .values({
        id,
        scenario_id: scenario,
        partner_id: 1,
        learner_user_id: learner,
        sp_user_id: sp,
        start_at: start,
        end_at: end,
        is_confirmed: true,
        confirmed_at: new Date(start.getTime() - 2 * 86_400_000),
        is_complete: true,
        completed_at: end,
        is_feedback_form_complete: true,
        is_scorecard_complete: observed,
        meeting_id: `demo-${id}`,
      })
      .execute();
    if (observed)
      await trx.insertInto('visit_observers').values({ visit_id: id, user_id: observer, is_complete: true, completed_at: end }).execute();
    await ensureScorecardDocs(trx, id, now);
    await seedSubmittedScorecard(trx, id, 'feedback-form', sp, end);
    if (observed) await seedSubmittedScorecard(trx, id, 'scorecard', observer, end);
  }
  await trx
    .insertInto('training_sessions')
    .values({
      id: 9502,
      scenario_id: scenario,
      trainer_user_id: ids.get('trainer@demo.test')!,
      partner_id: 1,
      training_session_type_id: 3,
      start_at: at(now, -34, '13:00'),
      job_number: 'SV-9502',
      is_complete: true,
      completed_at: at(now, -34, '16:00'),
    })
    .execute();
}
