import { TRAINING_PRACTICE_MESSAGES as M, ROLE, SCORECARD_STAFF_ROLES, type TrainingPracticeResponse } from '@simvisit/schema';
import type { Database } from '../../db/database';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { formSnapshot } from '../scenario-forms';
import { approvedRolesAt, isClientAdminOf } from '../users';
import { loadPracticeSession, type PracticeSessionRow, sessionRoleOf } from './training-practice.repository';

interface Deps {
  db: Database;
  audit: AuditService;
}

/** A training session id of the address: anything else is a session that does not exist. */
function sessionIdOf(raw: string | number): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound(M.notFound);
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

  async function deny(actor: Actor, s: PracticeSessionRow): Promise<never> {
    const roles = await approvedRolesAt(db, actor.user.id, s.partner_id);
    const samePartner = roles.length > 0 || actor.partnerId === s.partner_id || (await isClientAdminOf(db, actor.user.id, s.partner_id));
    await d.audit.record({
      action: 'training_session.access_denied',
      actor_user_id: actor.user.id,
      partner_id: actor.partnerId,
      target_type: 'training_session',
      target_id: s.id,
      details: { action: 'practice.feedback', same_partner: samePartner },
    });
    throw samePartner ? forbidden(M.noAccess) : notFound(M.notFound);
  }

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
