import type { Executor } from '../../db/database';
import { forbidden, notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { approvedRolesAt, isClientAdminOf } from './user-facts';

/** An object a caller was refused: its partner, how the audit log names it, and the words of the refusal. */
export interface RefusedObject {
  partnerId: number;
  /** e.g. 'visit', 'training_session' (audit action `<type>.access_denied`) */
  type: string;
  id: string | number;
  /** what the caller tried, kept in the audit entry */
  attempted: string;
  forbiddenMessage?: string;
  notFoundMessage?: string;
}

/**
 * Refuses a caller an object (AUTHZ-03) in one way everywhere: 403 when they belong to the object's partner
 * (a role there, client admin of it, or working there now), 404 as for a missing object when they do not, so
 * another partner learns nothing of it; audited either way with what they tried.
 */
export function createObjectAccess(ex: Executor, audit: AuditService) {
  return { refuse: (actor: Actor, target: RefusedObject) => refuseObjectAccess(ex, audit, actor, target) };
}
export type ObjectAccess = ReturnType<typeof createObjectAccess>;

async function refuseObjectAccess(ex: Executor, audit: AuditService, actor: Actor, target: RefusedObject): Promise<never> {
  const [roles, clientAdmin] = await Promise.all([
    approvedRolesAt(ex, actor.user.id, target.partnerId),
    isClientAdminOf(ex, actor.user.id, target.partnerId),
  ]);
  const samePartner = roles.length > 0 || clientAdmin || actor.partnerId === target.partnerId;
  await audit.record({
    action: `${target.type}.access_denied`,
    actor_user_id: actor.user.id,
    partner_id: actor.partnerId,
    target_type: target.type,
    target_id: target.id,
    details: { action: target.attempted, same_partner: samePartner },
  });
  throw samePartner ? forbidden(target.forbiddenMessage) : notFound(target.notFoundMessage);
}
