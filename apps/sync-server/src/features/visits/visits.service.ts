import type { VisitResponse } from '@simvisit/schema';
import type { Actor } from '../../platform/actor';
import { createVisitContext, type VisitsDeps } from './visit-context';
import { createVisitMeeting } from './visit-meeting';
import { createVisitScheduling } from './visit-scheduling';
import { createVisitStaffing } from './visit-staffing';

/**
 * The visit page and joining (spec 002 §2.2, §4, §7; spec 001 §4 'Join sessions'; SECURITY.md AUTHZ-03, AUTHZ-04):
 * who may see a visit and which of its fields, and every change the page makes. Each change locks the visit row,
 * checks the shared rule again on the locked row, writes its visit event in the same transaction, and is written
 * to the audit log after the commit. A refused call changes nothing; a refusal of access is audited.
 */
export function createVisitsService(deps: VisitsDeps) {
  const ctx = createVisitContext(deps);
  const { load, detail } = ctx;
  return {
    load,
    detail,

    /** GET api/visit/{id} */
    async get(actor: Actor, id: string | number): Promise<VisitResponse> {
      return detail(await load(actor, id, 'view'));
    },

    ...createVisitScheduling(ctx),
    ...createVisitStaffing(ctx),
    ...createVisitMeeting(ctx),
  };
}
export type VisitsService = ReturnType<typeof createVisitsService>;
