import { TRAINING_PRACTICE_MESSAGES as M, parseId, ROLE, SCORECARD_STAFF_ROLES, type TrainingPracticeResponse } from '@simvisit/schema';
import type { Database } from '../../db/database';
import { notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { formSnapshot } from '../scenario-forms';
import type { ObjectAccess } from '../users';
import { approvedRolesAt } from '../users';
import { loadPracticeSession, type PracticeSessionRow, sessionRoleOf } from './training-practice.repository';

interface Deps {
  /** the one 403-or-404 refusal of an object (users' object access) */
  objectAccess: ObjectAccess;
  db: Database;
  audit: AuditService;
}

/** A training session id of the address: anything else is a session that does not exist. */
function sessionIdOf(raw: string | number): number {
  const id = parseId(raw);
  if (id === null) throw notFound(M.notFound);
  return id;
}

/**
 * The SP scorecard practice (spec 002 §2.1, §7; decision 0030): the scenario's SP scorecard (its feedback form)
 * of a training session, to practice in a window of its own. Read only: practice answers are never sent.
 * The session's trainer, its SPs, admins and head trainers of its partner and super admins may open it; anyone
 * else gets 403 when they belong to the partner and 404 otherwise (AUTHZ-03), audited.
 */
export function createTrainingPracticeService(d: Deps) {
  const { db } = d;

  async function mayPractice(actor: Actor, s: PracticeSessionRow): Promise<boolean> {
    const uid = actor.user.id;
    if (actor.user.super_admin || s.trainer_user_id === uid) return true;
    if ((await sessionRoleOf(db, s.id, uid)) === ROLE.standardized_patient) return true;
    const roles = await approvedRolesAt(db, uid, s.partner_id);
    return roles.some((r) => SCORECARD_STAFF_ROLES.includes(r));
  }

  /** Refuses the caller (AUTHZ-03): 403 at the session's partner, 404 elsewhere; audited. */
  const deny = (actor: Actor, s: PracticeSessionRow): Promise<never> =>
    d.objectAccess.refuse(actor, {
      partnerId: s.partner_id,
      type: 'training_session',
      id: s.id,
      attempted: 'practice.feedback',
      forbiddenMessage: M.noAccess,
      notFoundMessage: M.notFound,
    });

  return {
    /** GET api/training-session/{id}/practice/feedback → practice_visit */
    async practice(actor: Actor, rawId: string | number): Promise<TrainingPracticeResponse> {
      const s = await loadPracticeSession(db, sessionIdOf(rawId));
      if (!s) throw notFound(M.notFound);
      if (!(await mayPractice(actor, s))) return deny(actor, s);
      if (!s.scenario_id || s.scenario_deleted) throw unprocessable(M.noScenario);
      if (Number(s.is_feedback_form_enabled) !== 1) throw unprocessable(M.notEnabled);
      const form = await formSnapshot(db, s.scenario_id, 'feedback-form');
      return {
        practice_visit: {
          training_session_id: s.id,
          scenario: {
            id: s.scenario_id,
            title: s.scenario_title ?? '',
            patient_name: s.patient_name ?? '',
            patient_image: s.patient_image,
          },
          feedback_form: form,
        },
      };
    },
  };
}
export type TrainingPracticeService = ReturnType<typeof createTrainingPracticeService>;
