import type { Executor } from '../../db/database';

/** A training session as the practice page needs it: its partner, trainer and scenario with the form setting. */
export interface PracticeSessionRow {
  id: number;
  partner_id: number;
  trainer_user_id: number;
  scenario_id: string | null;
  scenario_title: string | null;
  patient_name: string | null;
  patient_image: string | null;
  is_feedback_form_enabled: number | null;
  scenario_deleted: boolean | null;
}

export async function loadPracticeSession(ex: Executor, id: number): Promise<PracticeSessionRow | undefined> {
  return ex
    .selectFrom('training_sessions')
    .leftJoin('scenarios', 'scenarios.id', 'training_sessions.scenario_id')
    .select([
      'training_sessions.id',
      'training_sessions.partner_id',
      'training_sessions.trainer_user_id',
      'training_sessions.scenario_id',
      'scenarios.title as scenario_title',
      'scenarios.patient_name',
      'scenarios.patient_image',
      'scenarios.is_feedback_form_enabled',
      'scenarios._deleted as scenario_deleted',
    ])
    .where('training_sessions.id', '=', id)
    .executeTakeFirst();
}

/** The role of a person in the session (2 SP), or undefined when they are not one of its people. */
export async function sessionRoleOf(ex: Executor, sessionId: number, userId: number): Promise<number | undefined> {
  const row = await ex
    .selectFrom('training_session_users')
    .select('role_id')
    .where('training_session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role_id;
}
