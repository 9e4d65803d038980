import type { Actor } from '../../platform/actor';
import type { ObjectAccess } from '../users';

/**
 * Who may act on an applicant's records (SECURITY.md AUTHZ-02, AUTHZ-13): a holder of applicant.view at the
 * application's partner (super admins everywhere). Anyone else is refused the object the audited way: 403 at
 * the same partner, 404 elsewhere, so another partner learns nothing of its applicants.
 */
export function createRecruitmentAccess(objectAccess: ObjectAccess) {
  const isStaffAt = (actor: Actor, partnerId: number) =>
    actor.user.super_admin || (actor.partnerId === partnerId && actor.permissions.includes('applicant.view'));

  return {
    isStaffAt,
    /** Passes for applicant.view at the partner (and for `alsoAllowed`), else refuses. */
    async require(
      actor: Actor,
      target: { partnerId: number; type: string; id: number; attempted: string; notFoundMessage: string },
      alsoAllowed = false,
    ): Promise<void> {
      if (alsoAllowed || isStaffAt(actor, target.partnerId)) return;
      await objectAccess.refuse(actor, target);
    },
  };
}
export type RecruitmentAccess = ReturnType<typeof createRecruitmentAccess>;
