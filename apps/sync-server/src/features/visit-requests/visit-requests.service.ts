import { PLAYLIST_ENTRY_STATUS } from '@simvisit/schema';
import type { Actor } from '../../platform/actor';
import { clock } from '../../platform/clock';
import { createRequestBooking } from './request-booking';
import { createRequestChanges } from './request-changes';
import { createRequestContext, type VisitRequestsDeps } from './request-context';

/**
 * Visit requests (spec 001 §4 'Visit request flow'): the times the scenario's SPs can take, the request with its
 * payment or credit, the request page, an SP's acceptance that makes the visit, the learner's cancel and
 * reschedule, and expiry. Every state change is a compare-and-swap on the request's status inside a transaction
 * that also records its visit event; the audit entry follows the commit. docs/decisions/0027-visit-requests.md.
 */
export function createVisitRequestsService(deps: VisitRequestsDeps) {
  const ctx = createRequestContext(deps);
  const { repo, view, scheduledFor, expireDue } = ctx;
  const { availableTimes, freeDays, create } = createRequestBooking(ctx);
  return {
    availableTimes,
    freeDays,
    create,

    /** GET api/request/{id}: the request page's data, trimmed by role (spec 001 §2, §6). */
    lookup: (actor: Actor, requestId: number, now = clock.now()) => view(actor, requestId, now),

    ...createRequestChanges(ctx),
    expireDue,

    /** The overview's `scheduled`: the learner's pending request (type 2) or open visit (type 1) of the scenario. */
    scheduledFor: (userId: number, scenarioId: number | string, now = clock.now()) => scheduledFor(userId, String(scenarioId), now),

    /**
     * The playlist entries' progress of their owner (spec 001 §4): 1 SCHEDULED with the upcoming visit, 2 COMPLETED
     * with the completed visit, 3 PENDING for a pending request; otherwise nothing.
     */
    async progressOf(userId: number, scenarioIds: readonly string[]) {
      const { visits, requests } = await repo.progressOf(userId, scenarioIds);
      const result = new Map<string, { status: number; visit_id: number | null }>();
      for (const scenarioId of scenarioIds) {
        const own = visits.filter((v) => v.scenario_id === scenarioId && !v.is_canceled && !v.no_show && !v.learner_technical_issue);
        const upcoming = own.find((v) => !v.is_complete);
        const completed = own.find((v) => v.is_complete);
        if (upcoming) result.set(scenarioId, { status: PLAYLIST_ENTRY_STATUS.scheduled, visit_id: upcoming.id });
        else if (requests.some((r) => r.scenario_id === scenarioId))
          result.set(scenarioId, { status: PLAYLIST_ENTRY_STATUS.pending, visit_id: null });
        else if (completed) result.set(scenarioId, { status: PLAYLIST_ENTRY_STATUS.completed, visit_id: completed.id });
      }
      return result;
    },
  };
}
export type VisitRequestsService = ReturnType<typeof createVisitRequestsService>;
