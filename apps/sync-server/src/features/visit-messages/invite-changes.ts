import { INVITE_UID } from '@simvisit/schema';
import type { VisitEventRow } from '../../db/types';
import type { InviteEntry } from './calendar-invites';
import type { InviteChange, RequestCtx, VisitCtx } from './message-plan';
import type { HeldInvite, VisitMessagesRepository } from './visit-messages.repository';

/** A duration for a request without one (the proposed holds). */
const DEFAULT_MINUTES = 30;

/**
 * The calendar side of the visit messages (docs/decisions/0029): what each person's invites should be after an
 * event, reconciled against what they already hold (visit_message_deliveries).
 */
export function createInviteChanges(d: { repo: VisitMessagesRepository; product: string; absolute: (path: string) => string }) {
  const { repo, product, absolute } = d;

  /** The visit's invites as they should be now, against what each person holds. */
  async function forVisit(event: VisitEventRow, visit: VisitCtx, attendees: number[]): Promise<Map<number, InviteChange>> {
    const uid = INVITE_UID.visit(visit.id);
    const held = new Map((await repo.heldInvites(uid)).map((h) => [h.user_id, h]));
    const sequence = await repo.sequenceBefore(event, { visit_id: visit.id });
    const entry = (start: Date, end: Date): InviteEntry => ({
      uid,
      start,
      end,
      title: `${product}: ${visit.scenario_title ?? 'Visit'}`,
      description: `${product} video visit. Join from the visit page: ${absolute(`/visit/${visit.id}`)}`,
      url: absolute(`/visit/${visit.id}`),
      status: 'CONFIRMED',
      sequence,
    });
    const changes = new Map<number, InviteChange>();
    for (const userId of attendees) {
      const h = held.get(userId);
      const same =
        h?.method === 'REQUEST' && h.start_at?.getTime() === visit.start_at.getTime() && h.end_at?.getTime() === visit.end_at.getTime();
      if (!same)
        changes.set(userId, {
          method: 'REQUEST',
          entries: [entry(visit.start_at, visit.end_at)],
          kind: h?.method === 'REQUEST' ? 'changed' : 'new',
        });
    }
    for (const [userId, h] of held) {
      if (h.method === 'REQUEST' && !attendees.includes(userId)) {
        changes.set(userId, { method: 'CANCEL', entries: [entry(h.start_at ?? visit.start_at, h.end_at ?? visit.end_at)], kind: 'cancel' });
      }
    }
    return changes;
  }

  /**
   * The tentative holds of a visit request (one per proposed date, learner only): held while the request is
   * pending, cancelled once it is accepted, cancelled or expired.
   */
  async function forRequestHolds(event: VisitEventRow, request: RequestCtx): Promise<{ request: InviteEntry[]; cancel: InviteEntry[] }> {
    const sequence = await repo.sequenceBefore(event, { request_id: request.id });
    const minutes = request.duration_minutes ?? DEFAULT_MINUTES;
    const dates = request.status === 'pending' ? await repo.requestDates(request.id) : [];
    const entry = (uid: string, start: Date, end: Date): InviteEntry => ({
      uid,
      start,
      end,
      title: `${product}: ${request.scenario_title ?? 'Visit'} (requested)`,
      description: `Proposed time of your visit request, tentative until an SP accepts it: ${absolute(`/request/${request.id}`)}`,
      url: absolute(`/request/${request.id}`),
      status: 'TENTATIVE',
      sequence,
    });
    const desired = dates.map((date, i) =>
      entry(INVITE_UID.requestHold(request.id, i + 1), date.start_at, new Date(date.start_at.getTime() + minutes * 60_000)),
    );
    const heldByUid = new Map<string, HeldInvite | undefined>();
    for (let i = 1; i <= Math.max(2, dates.length); i++) {
      const uid = INVITE_UID.requestHold(request.id, i);
      heldByUid.set(
        uid,
        (await repo.heldInvites(uid)).find((h) => h.user_id === request.user_id),
      );
    }
    const moved = desired.some((e) => {
      const h = heldByUid.get(e.uid);
      return !(h?.method === 'REQUEST' && h.start_at?.getTime() === e.start.getTime() && h.end_at?.getTime() === e.end.getTime());
    });
    const cancel: InviteEntry[] = [];
    for (const [uid, h] of heldByUid) {
      if (h?.method === 'REQUEST' && !desired.some((e) => e.uid === uid)) {
        cancel.push(entry(uid, h.start_at ?? new Date(0), h.end_at ?? new Date(0)));
      }
    }
    return { request: moved ? desired : [], cancel };
  }

  return { forVisit, forRequestHolds };
}
export type InviteChanges = ReturnType<typeof createInviteChanges>;
