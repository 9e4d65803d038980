/**
 * Booking (spec 001 §4, §5, §9): the times the scenario's SPs can take on a date, and the visit request itself
 * with its payment or credit.
 */
import {
  type AvailableTimesRequest,
  type CreateVisitRequest,
  type CreateVisitRequestResponse,
  creditCovers,
  dateWindowProblem,
  type FreeDaysRequest,
  VISIT_REQUEST_MESSAGES as M,
  paymentQuote,
  REQUEST_MESSAGES,
  toCents,
} from '@simvisit/schema';
import { conflict, HttpError, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { clock } from '../../platform/clock';
import type { RequestContext } from './request-context';
import { ExistingBooking } from './request-status';
import { pgError } from './visit-requests.repository';

export function createRequestBooking({
  repo,
  payments,
  visitEvents,
  audit,
  bookable,
  windowFor,
  partnerOf,
  slotsOn,
  freeDaysIn,
  checkDates,
  refuseExisting,
}: RequestContext) {
  return {
    /** POST api/visit-request/available-times: the slots of a date in the learner's zone (spec 001 §5, §9). */
    async availableTimes(actor: Actor, input: AvailableTimesRequest, now = clock.now()) {
      const scenario = await bookable(actor, input.scenario_id);
      const window = await windowFor(partnerOf(actor), input.timezone, now);
      if (dateWindowProblem(input.date, window)) return { times: [] };
      return { times: await slotsOn(scenario.id, actor.user.id, input.date, input.timezone, scenario.duration, now) };
    },

    /**
     * POST api/visit-request/free-days: the dates of a range with a free time, for the date picker (decision 0090).
     * Who may ask is who may ask for the times of a date: the scenario visible to the caller and bookable.
     */
    async freeDays(actor: Actor, input: FreeDaysRequest, now = clock.now()) {
      const scenario = await bookable(actor, input.scenario_id);
      const window = await windowFor(partnerOf(actor), input.timezone, now);
      return { days: await freeDaysIn(scenario.id, actor.user.id, window, input, scenario.duration, now) };
    },

    /**
     * The visit request (spec 001 §4): the dates re-checked, one open request per learner and scenario, and paid
     * for — nothing when the fee is 0, the learner's credit when it equals the server's total, otherwise a
     * succeeded payment of the card step not used before. The payment or credit is taken in the transaction that
     * creates the request, so the request exists only when it is paid and a payment serves one request.
     */
    async create(actor: Actor, input: CreateVisitRequest, now = clock.now()): Promise<CreateVisitRequestResponse> {
      const scenario = await bookable(actor, input.scenario_id);
      const partnerId = partnerOf(actor);
      const userId = actor.user.id;
      await refuseExisting(userId, scenario.id, now);
      const window = await windowFor(partnerId, input.timezone, now);
      const dates = await checkDates(scenario, userId, window, input, now);

      const total = paymentQuote(toCents(scenario.fee)).total_cents;
      let paymentId: number | null = null;
      let creditId: number | null = null;
      let amount = 0;
      if (total > 0) {
        if (input.payment_id) {
          const paid = await payments.confirmedPayment(input.payment_id, userId);
          if (!paid || paid.scenario_id !== scenario.id) throw unprocessable(M.paymentUnusable, { payment_id: [M.paymentUnusable] });
          paymentId = paid.id;
          amount = paid.amount_cents;
        } else {
          const credit = await payments.creditFor(userId, scenario.id);
          if (credit && creditCovers(credit.amount_cents, total)) {
            creditId = credit.id;
            amount = credit.amount_cents;
          } else {
            // A payment that succeeded for this scenario but never reached a request (a reload after paying).
            const unused = await repo.unusedPayment(userId, scenario.id);
            if (!unused) throw new HttpError(402, M.paymentRequired);
            paymentId = unused.id;
            amount = unused.amount_cents;
          }
        }
      }

      let requestId: number;
      try {
        requestId = await repo.transaction(async (trx) => {
          if (!(await repo.takeSeat(trx, partnerId))) throw conflict(M.noSeats);
          const row = await repo.insertRequest(
            trx,
            {
              user_id: userId,
              partner_id: partnerId,
              scenario_id: scenario.id,
              timezone: input.timezone,
              duration_minutes: scenario.duration,
              payment_id: paymentId,
              credit_id: creditId,
              payment_amount_cents: amount,
              seat_taken: true,
            },
            dates,
          );
          if (paymentId !== null && !(await payments.attachRequest(paymentId, row.id, trx))) throw conflict(M.paymentUnusable);
          if (creditId !== null && !(await payments.useCredit(creditId, trx))) throw conflict(M.paymentRequired);
          await visitEvents.record(trx, {
            type: 'request.created',
            request_id: row.id,
            actor_user_id: userId,
            payload: { scenario_id: scenario.id, dates: dates.map((d) => d.toISOString()), payment_amount_cents: amount },
          });
          return row.id;
        });
      } catch (error) {
        const { code } = pgError(error);
        if (code === '23505') {
          const existing = await repo.openRequest(userId, scenario.id);
          if (existing) throw new ExistingBooking(M.existingRequest, { type: 2, id: existing.id });
          throw conflict(M.paymentUnusable);
        }
        throw error;
      }
      await audit.record({
        action: 'visit_request.created',
        actor_user_id: userId,
        partner_id: partnerId,
        target_type: 'request',
        target_id: requestId,
        details: {
          scenario_id: scenario.id,
          payment_amount_cents: amount,
          paid_by: paymentId !== null ? 'card' : creditId !== null ? 'credit' : 'none',
          payment_id: paymentId,
          credit_id: creditId,
        },
      });
      return { id: requestId, message: REQUEST_MESSAGES.sent };
    },
  };
}
