import { ROLE, type ScenarioFactsRow, type ScenarioStatus } from '@simvisit/schema';
import type { Executor } from '../../db/database';

/**
 * What every scenario rule needs to know about one scenario (status, people, distribution, and whether the
 * caller is attached as an SP or observer, and in which roles); null when it does not exist or was deleted. `lock` holds the row
 * for the rest of the transaction, so a status check and the change it guards cannot interleave.
 */
export async function loadScenarioFacts(
  db: Executor,
  id: string | number,
  viewerId?: number,
  lock = false,
): Promise<ScenarioFactsRow | null> {
  if (!/^\d{1,12}$/.test(String(id))) return null;
  let query = db
    .selectFrom('scenarios')
    .select(['id', 'status', 'author_user_id', 'reviewer_user_id', 'trainer_user_id', 'live_edit', 'is_sim'])
    .where('id', '=', String(id))
    .where('_deleted', '=', false);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const partners = await db.selectFrom('scenario_partners').select('partner_id').where('scenario_id', '=', row.id).execute();
  const attachedRoles =
    viewerId === undefined
      ? []
      : await db.selectFrom('scenario_users').select('role_id').where('scenario_id', '=', row.id).where('user_id', '=', viewerId).execute();
  // The SP and observers of a visit of the scenario read it as such even if detached since (decision 0045).
  const visitRoles = viewerId === undefined ? [] : await visitRolesOf(db, row.id, viewerId);
  return {
    id: row.id,
    status: row.status as ScenarioStatus,
    author_user_id: row.author_user_id,
    reviewer_user_id: row.reviewer_user_id,
    trainer_user_id: row.trainer_user_id,
    live_edit: row.live_edit,
    is_sim: row.is_sim,
    partner_ids: partners.map((p) => p.partner_id),
    attached: attachedRoles.length > 0,
    attached_role_ids: [...new Set([...attachedRoles.map((r) => r.role_id), ...visitRoles])],
  };
}

/** The roles (2 SP, 3 observer) a person holds on visits of a scenario that were not canceled. */
async function visitRolesOf(db: Executor, scenarioId: string, userId: number): Promise<number[]> {
  const asSp = await db
    .selectFrom('visits')
    .select('id')
    .where('scenario_id', '=', scenarioId)
    .where('sp_user_id', '=', userId)
    .where('is_canceled', '=', false)
    .limit(1)
    .executeTakeFirst();
  const asObserver = await db
    .selectFrom('visit_observers as o')
    .innerJoin('visits as v', 'v.id', 'o.visit_id')
    .select('v.id')
    .where('v.scenario_id', '=', scenarioId)
    .where('o.user_id', '=', userId)
    .where('v.is_canceled', '=', false)
    .limit(1)
    .executeTakeFirst();
  return [...(asSp ? [ROLE.standardized_patient] : []), ...(asObserver ? [ROLE.observer] : [])];
}
