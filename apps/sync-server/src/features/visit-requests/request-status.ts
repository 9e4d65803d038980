/** Where a visit request stands: expiring it with a credit, the learner's open booking of a scenario, and the 409s. */
import { VISIT_REQUEST_MESSAGES as M, REQUEST_ACCEPT_LEAD_HOURS, REQUEST_MESSAGES, requestExpired } from '@simvisit/schema';
import { conflict, HttpError } from '../../http/errors';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { PaymentsService } from '../payments';
import type { VisitEvents } from '../visit-events';
import type { VisitRequestsRepository } from './visit-requests.repository';

/** A second booking of the same scenario: 409 that says where the existing request or visit is (LOAD-03). */
export class ExistingBooking extends HttpError {
  constructor(
    message: string,
    readonly scheduled: { type: 1 | 2; id: number },
  ) {
    super(409, message);
  }
}

/** Thrown inside a transaction when the compare-and-swap found the request no longer pending. */
export class NotPending extends Error {}

/** The join window closes 90 minutes after start: until then a visit still counts as the learner's open one. */
const OPEN_VISIT_GRACE_MS = 90 * 60_000;

export function createRequestStatus({
  repo,
  payments,
  visitEvents,
  audit,
}: {
  repo: VisitRequestsRepository;
  payments: Pick<PaymentsService, 'grantCredit'>;
  visitEvents: VisitEvents;
  audit: AuditService;
}) {
  /** Expires one pending request (compare-and-swap), crediting what was paid; false when it was not pending. */
  async function expireOne(requestId: number, now: Date): Promise<boolean> {
    const done = await repo.transaction(async (trx) => {
      const row = await repo.swapFromPending(trx, requestId, 'expired');
      if (!row) return null;
      let credited = false;
      if (row.payment_amount_cents > 0 && row.scenario_id) {
        credited = await payments.grantCredit(
          { userId: row.user_id, scenarioId: row.scenario_id, amountCents: row.payment_amount_cents, sourcePaymentId: row.payment_id },
          trx,
        );
      }
      await visitEvents.record(trx, {
        type: 'request.expired',
        request_id: row.id,
        actor_user_id: null,
        payload: { credit_cents: credited ? row.payment_amount_cents : 0, at: now.toISOString() },
      });
      return { row, credited };
    });
    if (!done) return false;
    await audit.record({
      action: 'visit_request.expired',
      actor_user_id: null,
      partner_id: done.row.partner_id,
      target_type: 'request',
      target_id: done.row.id,
      details: { scenario_id: done.row.scenario_id, credit_cents: done.credited ? done.row.payment_amount_cents : 0 },
    });
    return true;
  }

  /** The learner's pending request (expired ones are expired on the way) or open visit of the scenario. */
  async function scheduledFor(userId: number, scenarioId: string, now: Date): Promise<{ type: 1 | 2; id: number } | null> {
    const pending = await repo.openRequest(userId, scenarioId);
    if (pending) {
      const dates = await repo.datesOf(pending.id);
      if (
        !requestExpired(
          dates.map((d) => new Date(d.start_at)),
          now,
        )
      )
        return { type: 2, id: pending.id };
      await expireOne(pending.id, now);
    }
    const visit = await repo.openVisit(userId, scenarioId, new Date(now.getTime() - OPEN_VISIT_GRACE_MS));
    return visit ? { type: 1, id: visit.id } : null;
  }

  async function refuseExisting(userId: number, scenarioId: string, now: Date) {
    const existing = await scheduledFor(userId, scenarioId, now);
    if (existing) throw new ExistingBooking(existing.type === 2 ? M.existingRequest : M.existingVisit, existing);
  }

  /** Why a request is not pending any more, as the 409 says it. */
  async function statusConflict(requestId: number): Promise<HttpError> {
    const row = await repo.byId(requestId);
    if (row?.status === 'accepted') return conflict(M.alreadyAccepted);
    if (row?.status === 'canceled') return conflict(M.alreadyCanceled);
    if (row?.status === 'expired') return conflict(REQUEST_MESSAGES.expired);
    return conflict(M.notPending);
  }

  return {
    expireOne,
    scheduledFor,
    refuseExisting,
    statusConflict,

    /**
     * The timed rule: every pending request none of whose dates an SP could still accept is expired, with a credit
     * of what was paid. Compare-and-swap per request, so running it twice (or in two processes) acts once.
     */
    async expireDue(now: Date = clock.now()): Promise<number> {
      const ids = await repo.dueForExpiry(new Date(now.getTime() + REQUEST_ACCEPT_LEAD_HOURS * 3_600_000));
      let expired = 0;
      for (const id of ids) if (await expireOne(id, now)) expired++;
      return expired;
    },
  };
}
