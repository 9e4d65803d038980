import {
  type ApproveVisitRequestResponse,
  type AvailableTimesRequest,
  type CancelVisitRequestResponse,
  type CreateVisitRequest,
  type CreateVisitRequestResponse,
  centsToAmount,
  creditCovers,
  dateWindowProblem,
  fullName,
  VISIT_REQUEST_MESSAGES as M,
  PLAYLIST_ENTRY_STATUS,
  paymentQuote,
  REQUEST_ACCEPT_LEAD_HOURS,
  REQUEST_MESSAGES,
  type RequestLookupResponse,
  type RescheduleVisitRequest,
  type RescheduleVisitRequestResponse,
  ROLE,
  requestCancelledText,
  requestDateAcceptable,
  requestExpired,
  SCENARIO_FIELD_GROUPS,
  type ScenarioFactsRow,
  toCents,
  type VisitRequestView,
} from '@simvisit/schema';
import type { RequestRow } from '../../db/types';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { PaymentsService } from '../payments';
import type { VisitEvents } from '../visit-events';
import { createRequestSlots, DEFAULT_DURATION } from './request-slots';
import { pgError, type VisitRequestsRepository } from './visit-requests.repository';

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
class NotPending extends Error {}

export interface VisitRequestsDeps {
  repo: VisitRequestsRepository;
  payments: Pick<PaymentsService, 'confirmedPayment' | 'attachRequest' | 'creditFor' | 'grantCredit' | 'useCredit'>;
  visitEvents: VisitEvents;
  audit: AuditService;
  scenarioFacts: (scenarioId: string, viewerId: number) => Promise<ScenarioFactsRow | null>;
}

/** The join window closes 90 minutes after start: until then a visit still counts as the learner's open one. */
const OPEN_VISIT_GRACE_MS = 90 * 60_000;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const learnerFieldIds = new Set(SCENARIO_FIELD_GROUPS.flatMap((g) => g.fields.filter((f) => f.type === 2).map((f) => f.id)));
const fieldLabels = new Map(SCENARIO_FIELD_GROUPS.flatMap((g) => g.fields.map((f) => [f.id, f.label] as const)));

/**
 * Visit requests (spec 001 §4 'Visit request flow'): the times the scenario's SPs can take, the request with its
 * payment or credit, the request page, an SP's acceptance that makes the visit, the learner's cancel and
 * reschedule, and expiry. Every state change is a compare-and-swap on the request's status inside a transaction
 * that also records its visit event; the audit entry follows the commit. docs/decisions/0027-visit-requests.md.
 */
export function createVisitRequestsService({ repo, payments, visitEvents, audit, scenarioFacts }: VisitRequestsDeps) {
  const { bookable, windowFor, partnerOf, slotsOn, checkDates, bookableDuration } = createRequestSlots({ repo, scenarioFacts });

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

  /** Who the caller is to a request (spec 001 §4, §6). */
  async function relationTo(actor: Actor, row: RequestRow) {
    const learner = row.user_id === actor.user.id;
    const sp = !learner && row.scenario_id !== null && (await repo.isSpOf(row.scenario_id, actor.user.id));
    const { roles, clientAdmin } = await repo.rolesAt(actor.user.id, row.partner_id);
    const superAdmin = Boolean(actor.user.super_admin);
    const admin = roles.has(ROLE.admin);
    const headTrainer = roles.has(ROLE.head_trainer);
    const clientAdminOf = clientAdmin || roles.has(ROLE.client_admin);
    return {
      learner,
      sp,
      seesRequester: superAdmin || admin || headTrainer || clientAdminOf,
      seesLearnerType: superAdmin || admin || clientAdminOf,
    };
  }

  /** 403 at the request's own partner, 404 elsewhere (nothing is said about another partner's requests). */
  function refuse(actor: Actor, row: RequestRow, message?: string): HttpError {
    return actor.partnerId === row.partner_id ? forbidden(message) : notFound(M.notFound);
  }

  async function visitRequest(id: number): Promise<RequestRow & { scenario_id: string }> {
    const row = await repo.byId(id);
    if (row?.request_type_id !== 1 || row.scenario_id === null) throw notFound(M.notFound);
    return row as RequestRow & { scenario_id: string };
  }

  async function buildView(row: RequestRow, rel: Awaited<ReturnType<typeof relationTo>>, now: Date): Promise<RequestLookupResponse> {
    const [dates, scenario, values, requester, visit, p] = await Promise.all([
      repo.datesOf(row.id),
      row.scenario_id ? repo.scenarioBooking(row.scenario_id) : Promise.resolve(undefined),
      row.scenario_id ? repo.fieldValues(row.scenario_id) : Promise.resolve([]),
      rel.seesRequester || rel.seesLearnerType ? repo.person(row.user_id) : Promise.resolve(undefined),
      row.status === 'accepted' ? repo.visitOfRequest(row.id) : Promise.resolve(undefined),
      repo.partnerDates(row.partner_id),
    ]);
    const pending = row.status === 'pending';
    const acceptable = dates.some((d) => requestDateAcceptable(new Date(d.start_at), now));
    const fields = values
      .filter((v) => v.value.trim() !== '' && fieldLabels.has(v.field_id) && (!rel.learner || learnerFieldIds.has(v.field_id)))
      .map((v) => ({ scenario_field_id: v.field_id, label: fieldLabels.get(v.field_id)!, value: v.value }));
    const duration = Number(scenario?.session_duration);
    const request: VisitRequestView = {
      id: row.id,
      request_type_id: row.request_type_id,
      status: row.status,
      is_expired: row.status === 'expired' || row.is_expired,
      user_id: rel.learner || rel.seesRequester ? row.user_id : null,
      scenario_id: row.scenario_id === null ? null : Number(row.scenario_id),
      dates: dates.map((d) => ({ id: d.id, local_time: iso(d.start_at) })),
      user: rel.seesRequester && requester ? { id: requester.id, name: fullName(requester), email: requester.email } : null,
      scenario: scenario
        ? {
            id: Number(scenario.id),
            title: scenario.title,
            patient_name: scenario.patient_name,
            patient_image: scenario.patient_image,
            summary: scenario.summary,
            session_duration: row.duration_minutes ?? (duration === 60 ? 60 : DEFAULT_DURATION),
            fields,
          }
        : null,
      payment_amount: centsToAmount(row.payment_amount_cents),
      timezone: row.timezone,
      visit_id: visit?.id ?? null,
      created_at: iso(row.created_at),
      viewer: {
        is_learner: rel.learner,
        is_sp: rel.sp,
        can_accept: rel.sp && pending && acceptable,
        can_cancel: rel.learner && pending,
        can_reschedule: rel.learner && pending,
      },
    };
    return {
      request,
      learner_type: rel.seesLearnerType ? (requester?.profession ?? null) : null,
      partner_dates: { start_date: p?.start_date ?? null, end_date: p?.end_date ?? null },
      partner_disabled_dates:
        p?.disabled_start_date && p.disabled_end_date ? [{ start_date: p.disabled_start_date, end_date: p.disabled_end_date }] : [],
    };
  }

  async function view(actor: Actor, requestId: number, now: Date): Promise<RequestLookupResponse> {
    let row = await repo.byId(requestId);
    if (!row) throw notFound(M.notFound);
    const rel = await relationTo(actor, row);
    if (!rel.learner && !rel.sp && !rel.seesRequester) throw refuse(actor, row);
    if (row.request_type_id === 1 && row.status === 'pending') {
      const dates = await repo.datesOf(row.id);
      if (
        requestExpired(
          dates.map((d) => new Date(d.start_at)),
          now,
        ) &&
        (await expireOne(row.id, now))
      ) {
        row = (await repo.byId(row.id))!;
      }
    }
    return buildView(row, rel, now);
  }

  return {
    /** POST api/visit-request/available-times: the slots of a date in the learner's zone (spec 001 §5, §9). */
    async availableTimes(actor: Actor, input: AvailableTimesRequest, now = clock.now()) {
      const scenario = await bookable(actor, input.scenario_id);
      const window = await windowFor(partnerOf(actor), input.timezone, now);
      if (dateWindowProblem(input.date, window)) return { times: [] };
      return { times: await slotsOn(scenario.id, actor.user.id, input.date, input.timezone, scenario.duration, now) };
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

    /** GET api/request/{id}: the request page's data, trimmed by role (spec 001 §2, §6). */
    lookup: (actor: Actor, requestId: number, now = clock.now()) => view(actor, requestId, now),

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
        if (pgError(error).code === '23P01') throw conflict(M.spOverlap);
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
        message: credited > 0 ? requestCancelledText(centsToAmount(credited)) : M.canceled,
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
