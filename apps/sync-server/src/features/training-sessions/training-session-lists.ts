import { type TrainingSessionCard, trainingSessionType, trainingStatusText } from '@simvisit/schema';
import type { SessionListGroup, SessionListRow, SessionListScope, TrainingSessionsRepository } from './training-sessions.repository';

export type { SessionListGroup, SessionListScope } from './training-sessions.repository';

function cardOf(r: SessionListRow): TrainingSessionCard {
  return {
    id: r.id,
    local_time: (r.start_at instanceof Date ? r.start_at : new Date(r.start_at)).toISOString(),
    type: trainingSessionType(r.training_session_type_id),
    scenario: r.scenario_id ? { id: Number(r.scenario_id), title: r.title, patient_name: r.patient_name } : null,
    trainer: { name: `${r.trainer_first} ${r.trainer_last}`.trim(), email: r.trainer_email },
    partner: { id: r.partner_id, slug: r.partner_slug },
    job_number: r.job_number,
    participants: Number(r.participants ?? 0),
    is_complete: r.is_complete,
    is_canceled: r.is_canceled,
  };
}

/**
 * The training session lists of the dashboards and the user detail (spec 000 §2.8, §2.12, §2.14): a page of one
 * group (scheduled, completed, canceled) of a scope, with its total. The caller decides the scope.
 */
export function createTrainingSessionLists(repo: TrainingSessionsRepository) {
  return {
    async page(scope: SessionListScope, group: SessionListGroup, offset: number, limit: number) {
      const rows = await repo.list(scope, group, offset, limit);
      return { list: rows.map(cardOf), total: await repo.count(scope, group) };
    },
    /** The user detail's Training Sessions (spec 000 §2.14): role Trainer or Trainee, status Canceled/Complete/Scheduled. */
    async ofPerson(userId: number, offset: number, limit: number) {
      const scope = { kind: 'person' as const, userId };
      const rows = await repo.list(scope, 'any', offset, limit);
      return {
        items: rows.map((r) => ({
          id: r.id,
          local_time: (r.start_at instanceof Date ? r.start_at : new Date(r.start_at)).toISOString(),
          role: r.trainer_user_id === userId ? 'Trainer' : 'Trainee',
          status: trainingStatusText(r),
        })),
        total: await repo.count(scope, 'any'),
      };
    },
  };
}
export type TrainingSessionLists = ReturnType<typeof createTrainingSessionLists>;
