/**
 * What happens to a pending request (spec 001 §4): an SP accepts one of its dates (the visit is made) or
 * declines, the learner cancels it (a credit of what was paid) or proposes new dates. Each change is a
 * compare-and-swap on the request's status in a transaction that records its visit event; the audit follows.
 */
import {
  type ApproveVisitRequestResponse,
  type CancelVisitRequestResponse,
  centsToAmount,
  VISIT_REQUEST_MESSAGES as M,
  REQUEST_MESSAGES,
  type RescheduleVisitRequest,
  type RescheduleVisitRequestResponse,
  requestCancelledText,
  requestDateAcceptable,
  requestExpired,
} from '@simvisit/schema';
import { conflict, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { clock } from '../../platform/clock';
import type { RequestContext } from './request-context';
import { NotPending } from './request-status';
import { pgError } from './visit-requests.repository';

export function createRequestChanges({
  repo,
  payments,
  visitEvents,
  audit,
  bookable,
  windowFor,
  checkDates,
  bookableDuration,
  expireOne,
  statusConflict,
  visitRequest,
  refuse,
  view,
}: RequestContext) {
  return {
    /**
     * An SP of the scenario accepts one of the dates (spec 001 §4): pending → accepted by compare-and-swap, and
     * the visit inserted in the same transaction. Another SP that got there first → 409 (LOAD-01); the SP's own
     * overlapping visit → the exclusion constraint refuses, the transaction rolls back and the request stays
     * pending for the other SPs (LOAD-02). reject=true records that this SP declines; the request stays open.
     */
    async approve(
      actor: Actor,
      input: { request_id: number; request_date_id?: number | null; reject?: boolean },
      now = clock.now(),
    ): Promise<ApproveVisitRequestResponse> {
      const row = await visitRequest(input.request_id);
      const isSp = row.user_id !== actor.user.id && (await repo.isSpOf(row.scenario_id, actor.user.id));
      if (!isSp) throw refuse(actor, row, M.notSpOfScenario);
      if (row.status !== 'pending') throw await statusConflict(row.id);
      const dates = await repo.datesOf(row.id);
      if (
        requestExpired(
          dates.map((d) => new Date(d.start_at)),
          now,
        )
      ) {
        await expireOne(row.id, now);
        throw conflict(REQUEST_MESSAGES.expired);
      }
      if (input.reject) {
        await audit.record({
          action: 'visit_request.declined',
          actor_user_id: actor.user.id,
          partner_id: row.partner_id,
          target_type: 'request',
          target_id: row.id,
          details: { scenario_id: row.scenario_id },
        });
        return { message: M.declined, visit_id: null };
      }
      const chosen = dates.find((d) => d.id === input.request_date_id);
      if (!chosen) throw unprocessable(M.dateNotInRequest, { request_date_id: [M.dateNotInRequest] });
      const start = new Date(chosen.start_at);
      if (!requestDateAcceptable(start, now)) throw unprocessable(M.dateTooLate, { request_date_id: [M.dateTooLate] });
      const duration = row.duration_minutes ?? (await bookableDuration(row.scenario_id));

      let visitId: number;
      try {
        visitId = await repo.transaction(async (trx) => {
          const accepted = await repo.swapFromPending(trx, row.id, 'accepted');
          if (!accepted) throw new NotPending();
          const visit = await repo.insertVisit(trx, {
            request_id: row.id,
            request_date_id: chosen.id,
            scenario_id: row.scenario_id,
            partner_id: row.partner_id,
            learner_user_id: row.user_id,
            sp_user_id: actor.user.id,
            start_at: start,
            end_at: new Date(start.getTime() + duration * 60_000),
            payment_amount_cents: accepted.payment_amount_cents,
          });
          await repo.addObservers(trx, visit.id, await repo.observerIds(row.scenario_id, trx));
          await visitEvents.record(trx, {
            type: 'visit.scheduled',
            request_id: row.id,
            visit_id: visit.id,
            actor_user_id: actor.user.id,
            payload: { request_date_id: chosen.id, start_at: start.toISOString() },
          });
          return visit.id;
        });
      } catch (error) {
        if (error instanceof NotPending) throw await statusConflict(row.id);
        if (pgError(error).constraint === 'visits_sp_no_overlap') throw conflict(M.spOverlap);
        if (pgError(error).code === '23505') throw await statusConflict(row.id);
        throw error;
      }
      await audit.record({
        action: 'visit_request.accepted',
        actor_user_id: actor.user.id,
        partner_id: row.partner_id,
        target_type: 'request',
        target_id: row.id,
        details: { visit_id: visitId, request_date_id: chosen.id, start_at: start.toISOString() },
      });
      return { message: M.accepted, visit_id: visitId };
    },

    /**
     * The learner cancels a pending request (spec 001 §4): pending → canceled by compare-and-swap, and what was
     * paid becomes a credit for the same scenario in the same transaction (PAY-07). A second cancel, or a cancel
     * after an SP accepted, is a 409 (LOAD-05).
     */
    async cancel(actor: Actor, requestId: number): Promise<CancelVisitRequestResponse> {
      const row = await visitRequest(requestId);
      if (row.user_id !== actor.user.id) throw refuse(actor, row);
      let credited = 0;
      try {
        credited = await repo.transaction(async (trx) => {
          const canceled = await repo.swapFromPending(trx, row.id, 'canceled', { canceled_by_user_id: actor.user.id });
          if (!canceled) throw new NotPending();
          let amount = 0;
          if (canceled.payment_amount_cents > 0) {
            const granted = await payments.grantCredit(
              {
                userId: canceled.user_id,
                scenarioId: row.scenario_id,
                amountCents: canceled.payment_amount_cents,
                sourcePaymentId: canceled.payment_id,
              },
              trx,
            );
            if (!granted) throw conflict(M.creditHeld);
            amount = canceled.payment_amount_cents;
          }
          await visitEvents.record(trx, {
            type: 'request.canceled',
            request_id: row.id,
            actor_user_id: actor.user.id,
            payload: { credit_cents: amount },
          });
          return amount;
        });
      } catch (error) {
        if (error instanceof NotPending) throw await statusConflict(row.id);
        throw error;
      }
      await audit.record({
        action: 'visit_request.canceled',
        actor_user_id: actor.user.id,
        partner_id: row.partner_id,
        target_type: 'request',
        target_id: row.id,
        details: { scenario_id: row.scenario_id, credit_cents: credited },
      });
      return {
        message: credited > 0 ? requestCancelledText(credited) : M.canceled,
        credit: credited > 0 ? { amount: centsToAmount(credited), amount_cents: credited } : null,
      };
    },

    /** The learner proposes two new dates for a pending request (spec 001 §4), checked like new ones. */
    async reschedule(actor: Actor, input: RescheduleVisitRequest, now = clock.now()): Promise<RescheduleVisitRequestResponse> {
      const row = await visitRequest(input.request_id);
      if (row.user_id !== actor.user.id) throw refuse(actor, row);
      if (row.status !== 'pending') throw await statusConflict(row.id);
      const scenario = await bookable(actor, row.scenario_id);
      const window = await windowFor(row.partner_id, input.timezone, now);
      const dates = await checkDates(scenario, row.user_id, window, input, now);
      try {
        await repo.transaction(async (trx) => {
          if (!(await repo.lockPending(trx, row.id))) throw new NotPending();
          await repo.replaceDates(trx, row.id, dates, input.timezone);
          await visitEvents.record(trx, {
            type: 'request.rescheduled',
            request_id: row.id,
            actor_user_id: actor.user.id,
            payload: { dates: dates.map((d) => d.toISOString()) },
          });
        });
      } catch (error) {
        if (error instanceof NotPending) throw await statusConflict(row.id);
        throw error;
      }
      await audit.record({
        action: 'visit_request.rescheduled',
        actor_user_id: actor.user.id,
        partner_id: row.partner_id,
        target_type: 'request',
        target_id: row.id,
        details: { dates: dates.map((d) => d.toISOString()) },
      });
      const { request } = await view(actor, row.id, now);
      return { message: M.rescheduled, visit_request: request };
    },
  };
}
