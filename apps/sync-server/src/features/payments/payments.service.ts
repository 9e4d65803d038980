import {
  type CheckForPaymentResponse,
  canViewScenario,
  centsToAmount,
  creditCovers,
  PAYMENT_MESSAGES as M,
  MONEY_CURRENCY,
  type PaymentResponse,
  type PaymentStatus,
  paymentQuote,
  paymentRequired,
  SCENARIO_STATUS,
  type ScenarioFactsRow,
  type SubmitPaymentRequest,
  scenarioActor,
  toCents,
} from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { DB, PaymentRow } from '../../db/types';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import type { DemoPaymentProvider } from './demo-provider';
import { PaymentDeclinedError, type PaymentProvider, type ProviderIntent, WebhookSignatureError } from './payment-provider';
import type { PaymentsRepository } from './payments.repository';

/** A refused card: 402 with the provider's message, shown after 'Error submitting payment.' (PAY-03). */
const declined = (message: string) => new HttpError(402, message);

export interface PaymentsDeps {
  repo: PaymentsRepository;
  /** null when card payments are not configured (production without Stripe keys) */
  provider: PaymentProvider | null;
  audit: AuditService;
  scenarioFacts: (scenarioId: string, viewerId: number) => Promise<ScenarioFactsRow | null>;
  /**
   * An agreement's payment succeeded: run in the transaction that records it (PAY-08: is_payment_made with the
   * payment record); answers what to do once committed (mails). Handed in by the module (features/agreements).
   */
  quotePaid?: (quoteId: number, trx: Transaction<DB>) => Promise<(() => Promise<void>) | null>;
}

/** An agreement's card payment as the agreements feature asks for it: the amounts are the server's. */
export interface QuotePaymentInput {
  quoteId: number;
  paymentCents: number;
  processingFeeCents: number;
  totalCents: number;
  nameOnCard: string;
  paymentMethod: string;
  idempotencyKey: string;
  description: string;
}

/**
 * Visit payments (spec 001 §4, §5, §7, §9): the server computes every amount from the scenario's fee, charges
 * through the configured provider with an idempotency key, and tells the visit request flow whether a payment
 * succeeded (`confirmedPayment`). The visit request itself is created by the requests feature.
 */
export function createPaymentsService({ repo, provider, audit, scenarioFacts, quotePaid }: PaymentsDeps) {
  function needProvider(): PaymentProvider {
    if (!provider) throw new HttpError(503, M.unavailable);
    return provider;
  }

  /** The scenario must exist, be visible to the learner and be published (bookable). */
  async function bookable(actor: Actor, scenarioId: number) {
    const facts = await scenarioFacts(String(scenarioId), actor.user.id);
    if (!facts) throw notFound('Scenario not found.');
    if (!canViewScenario(scenarioActor(actor), facts)) throw forbidden();
    if (facts.status !== SCENARIO_STATUS.published) throw conflict(M.notBookable);
    const quote = paymentQuote(toCents(await repo.scenarioFee(facts.id)));
    const credit = await repo.openCredit(actor.user.id, facts.id);
    return { scenarioId: facts.id, quote, credit };
  }

  function responseOf(row: PaymentRow, intent?: ProviderIntent | null): PaymentResponse {
    const status = row.status as PaymentStatus;
    return {
      payment_id: row.id,
      status,
      ...(status === 'requires_action' && intent?.clientSecret
        ? { client_secret: intent.clientSecret, next_action: intent.nextAction ?? 'use_stripe_sdk' }
        : {}),
      amount: centsToAmount(row.amount_cents),
      amount_cents: row.amount_cents,
      message: status === 'succeeded' ? M.submitted : status === 'failed' ? (row.error_message ?? M.submitError) : '',
    };
  }

  /**
   * Stores what the provider says about the payment and writes the change to the audit log. An agreement's
   * succeeded payment finalizes it in the same transaction (quotePaid).
   */
  async function record(row: PaymentRow, intent: ProviderIntent): Promise<PaymentRow> {
    const state = {
      status: intent.status,
      provider_intent_id: intent.id,
      error_message: intent.status === 'failed' ? intent.errorMessage : null,
    };
    let after: (() => Promise<void>) | null = null;
    const updated =
      row.quote_id !== null && intent.status === 'succeeded' && quotePaid
        ? await repo.transaction(async (trx) => {
            const u = await repo.updateState(row.id, state, trx);
            if (u) after = await quotePaid(row.quote_id!, trx);
            return u;
          })
        : await repo.updateState(row.id, state);
    if (updated && updated.status !== row.status) {
      await audit.record({
        action: `payment.${updated.status}`,
        actor_user_id: row.user_id,
        target_type: 'payment',
        target_id: row.id,
        details: { amount_cents: row.amount_cents, scenario_id: row.scenario_id, quote_id: row.quote_id, provider: row.provider },
      });
    }
    if (after) await (after as () => Promise<void>)();
    return updated ?? (await repo.byId(row.id))!;
  }

  /** Creates and confirms the intent of an attempt; a refused card marks it failed and answers 402. */
  async function charge(
    chosen: PaymentProvider,
    row: PaymentRow,
    paymentMethod: string,
    description: string,
    metadata: Record<string, string>,
  ) {
    try {
      const intent = await chosen.createAndConfirm({
        amountCents: row.amount_cents,
        currency: row.currency,
        paymentMethod,
        idempotencyKey: `simvisit-payment-${row.id}`,
        description,
        metadata: { payment_id: String(row.id), user_id: String(row.user_id), ...metadata },
      });
      if (intent.amountCents !== row.amount_cents) throw new Error('The provider charged another amount.');
      return { row: await record(row, intent), intent };
    } catch (error) {
      if (!(error instanceof PaymentDeclinedError)) throw error;
      const failed = await repo.updateState(row.id, {
        status: 'failed',
        provider_intent_id: error.intentId ?? row.provider_intent_id,
        error_message: error.message,
      });
      if (failed) {
        await audit.record({
          action: 'payment.failed',
          actor_user_id: row.user_id,
          target_type: 'payment',
          target_id: row.id,
          details: { amount_cents: row.amount_cents, scenario_id: row.scenario_id, quote_id: row.quote_id, provider: row.provider },
        });
      }
      throw declined(error.message);
    }
  }

  async function ownPayment(actor: Actor, paymentId: number): Promise<PaymentRow> {
    const row = await repo.byId(paymentId);
    // Another person's payment is answered like a missing one (no enumeration of payment ids).
    if (!row || row.user_id !== actor.user.id) throw notFound(M.paymentNotFound);
    return row;
  }

  return {
    /** check-for-payment: fee, processing fee and total from the server; whether the card step follows. */
    async checkForPayment(actor: Actor, scenarioId: number): Promise<CheckForPaymentResponse> {
      const { scenarioId: id, quote, credit } = await bookable(actor, scenarioId);
      const required = paymentRequired(quote, credit?.amount_cents);
      return {
        scenario_id: Number(id),
        fee: centsToAmount(quote.fee_cents),
        processing_fee: centsToAmount(quote.processing_fee_cents),
        total: centsToAmount(quote.total_cents),
        ...quote,
        currency: MONEY_CURRENCY,
        credit: credit ? centsToAmount(credit.amount_cents) : null,
        has_credit: creditCovers(credit?.amount_cents, quote.total_cents),
        payment_required: required,
        provider: required ? (provider?.name ?? null) : null,
        publishable_key: required ? (provider?.publishableKey ?? null) : null,
      };
    },

    /**
     * The payment call: creates and confirms a PaymentIntent for the server's total. The same idempotency key
     * (a double click, a retry after a timeout) reuses the same attempt and the provider's idempotency key
     * derived from its id, so it charges once and answers the same (PAY-02).
     */
    async submit(actor: Actor, input: SubmitPaymentRequest): Promise<PaymentResponse> {
      const chosen = needProvider();
      const { scenarioId, quote, credit } = await bookable(actor, input.scenario_id);
      let row = await repo.byKey(actor.user.id, input.idempotency_key);
      if (row && (row.scenario_id !== scenarioId || row.quote_id !== null)) throw conflict(M.keyReused);
      if (!row) {
        if (quote.total_cents === 0) throw unprocessable(M.noFee);
        if (creditCovers(credit?.amount_cents, quote.total_cents)) throw conflict(M.creditCovers);
        if (await repo.unusedSuccess(actor.user.id, scenarioId)) throw conflict(M.alreadyPaid);
        row = await repo.insertOnce({
          user_id: actor.user.id,
          scenario_id: scenarioId,
          idempotency_key: input.idempotency_key,
          provider: chosen.name,
          fee_cents: quote.fee_cents,
          processing_fee_cents: quote.processing_fee_cents,
          amount_cents: quote.total_cents,
          currency: MONEY_CURRENCY,
          name_on_card: input.name_on_card,
        });
      }
      if (row.status === 'succeeded') return responseOf(row);
      if (row.status === 'failed' || row.status === 'canceled') throw declined(row.error_message ?? M.submitError);
      const done = await charge(chosen, row, input.stripe_token, `Visit request payment, scenario ${scenarioId}`, {
        scenario_id: scenarioId,
      });
      return responseOf(done.row, done.intent);
    },

    /** Which provider the browser talks to (null when card payments are not configured). */
    providerInfo: () => ({ provider: provider?.name ?? null, publishable_key: provider?.publishableKey ?? null }),

    /**
     * An agreement's card payment (issue 19, decision 0072). One live attempt per agreement: a repeated key, a
     * second tab or a double click continue the same attempt, whose provider idempotency key is derived from its
     * id, so the agreement is charged once (PAY-08). Success finalizes the agreement (quotePaid).
     */
    async payQuote(actor: Actor, input: QuotePaymentInput): Promise<PaymentResponse> {
      const chosen = needProvider();
      let row = await repo.byKey(actor.user.id, input.idempotencyKey);
      if (row && row.quote_id !== input.quoteId) throw conflict(M.keyReused);
      row ??= await repo.liveForQuote(input.quoteId);
      if (!row) {
        const values = {
          user_id: actor.user.id,
          scenario_id: null,
          quote_id: input.quoteId,
          idempotency_key: input.idempotencyKey,
          provider: chosen.name,
          fee_cents: input.paymentCents,
          processing_fee_cents: input.processingFeeCents,
          amount_cents: input.totalCents,
          currency: MONEY_CURRENCY,
          name_on_card: input.nameOnCard,
        };
        try {
          row = await repo.insertOnce(values);
        } catch (error) {
          // another tab's attempt was inserted first (payments_one_live_per_quote): continue with it
          row = await repo.liveForQuote(input.quoteId);
          if (!row) throw error;
        }
      }
      if (row.status === 'succeeded') return responseOf(row);
      if (row.status === 'failed' || row.status === 'canceled') throw declined(row.error_message ?? M.submitError);
      if (row.provider !== chosen.name) throw conflict(M.submitError);
      // The same call again after the browser's authentication step (the agreement page sends it): the
      // provider's state decides, and a charge already created is never created again.
      if (row.provider_intent_id && (row.status === 'requires_action' || row.status === 'processing')) {
        const intent = await chosen.retrieve(row.provider_intent_id);
        const updated = await record(row, intent);
        if (updated.status === 'failed') throw declined(updated.error_message ?? M.authenticationFailed);
        return responseOf(updated, intent);
      }
      const done = await charge(chosen, row, input.paymentMethod, input.description, { quote_id: String(input.quoteId) });
      return responseOf(done.row, done.intent);
    },

    /** After the browser's authentication step: the provider's state decides (never the browser's word). */
    async confirm(actor: Actor, paymentId: number): Promise<PaymentResponse> {
      const row = await ownPayment(actor, paymentId);
      if (row.status === 'succeeded') return responseOf(row);
      if (!row.provider_intent_id) throw conflict(M.submitError);
      const intent = await needProvider().retrieve(row.provider_intent_id);
      const updated = await record(row, intent);
      if (updated.status === 'failed') throw declined(updated.error_message ?? M.authenticationFailed);
      return responseOf(updated, intent);
    },

    /** The demo provider's authentication step (demo mode without Stripe keys only). */
    async demoAuthenticate(clientSecret: string, result: 'complete' | 'fail') {
      if (provider?.name !== 'demo') throw notFound();
      const intent = await (provider as DemoPaymentProvider).authenticate(clientSecret, result);
      if (!intent) throw notFound(M.paymentNotFound);
      return { status: intent.status };
    },

    /**
     * A Stripe webhook: verified over the raw body (PAY-05), the state re-fetched from Stripe, and the event id
     * stored in the same transaction as its effect so a replay changes nothing (PAY-06).
     */
    async webhook(rawBody: string, signature: string | undefined) {
      const verify = provider?.verifyWebhook;
      if (!provider || !verify) throw notFound();
      let event: ReturnType<typeof verify>;
      try {
        event = verify(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new HttpError(400, 'Invalid signature.');
        throw error;
      }
      const known = event.intentId ? await repo.transaction((trx) => repo.byIntent(event.intentId!, trx)) : undefined;
      const intent = known && event.type.startsWith('payment_intent.') && event.intentId ? await provider.retrieve(event.intentId) : null;
      let after: (() => Promise<void>) | null = null;
      const changed = await repo.transaction(async (trx: Transaction<DB>) => {
        const row = event.intentId ? await repo.byIntent(event.intentId, trx) : undefined;
        const fresh = await repo.recordEvent(trx, {
          event_id: event.id,
          provider: provider.name,
          type: event.type,
          payment_id: row?.id ?? null,
        });
        if (!fresh || !row) return null;
        if (intent) {
          const updated = await repo.updateState(
            row.id,
            { status: intent.status, error_message: intent.status === 'failed' ? intent.errorMessage : null },
            trx,
          );
          // an agreement paid: finalized with the payment's record (a no-op when the page finalized it already)
          if (updated?.status === 'succeeded' && updated.quote_id !== null && quotePaid) after = await quotePaid(updated.quote_id, trx);
          return updated && updated.status !== row.status ? updated : null;
        }
        if (event.type === 'charge.refunded' && event.amountRefundedCents !== null) {
          await repo.setRefunded(row.id, event.amountRefundedCents, trx);
        }
        return null;
      });
      if (changed) {
        await audit.record({
          action: `payment.${changed.status}`,
          actor_user_id: changed.user_id,
          target_type: 'payment',
          target_id: changed.id,
          details: { amount_cents: changed.amount_cents, scenario_id: changed.scenario_id, quote_id: changed.quote_id, event_id: event.id },
        });
      }
      if (after) await (after as () => Promise<void>)();
      return { received: true };
    },

    /**
     * For the visit request creation: the payment if it succeeded, belongs to the user and no request used it
     * yet; otherwise null. Pair with `attachRequest` in the transaction that creates the request.
     */
    async confirmedPayment(paymentId: number, userId: number): Promise<PaymentRow | null> {
      const row = await repo.byId(paymentId);
      // an agreement's payment (quote_id) never books a visit
      if (!row || row.quote_id !== null || row.user_id !== userId || row.status !== 'succeeded' || row.visit_request_id !== null)
        return null;
      return row;
    },
    /** Marks the payment as used by a request (one request per payment, unique); false when already used. */
    async attachRequest(paymentId: number, requestId: number, trx?: Transaction<DB>): Promise<boolean> {
      return Boolean(await repo.attachRequest(paymentId, requestId, trx));
    },
    /** The learner's open credit for a scenario in cents (null when none). */
    async creditFor(userId: number, scenarioId: string | number, trx?: Transaction<DB>) {
      return (await repo.openCredit(userId, String(scenarioId), trx)) ?? null;
    },
    /** Adds the credit of a cancelled paid request; false when one is already open (PAY-07). */
    grantCredit: (
      credit: { userId: number; scenarioId: string | number; amountCents: number; sourcePaymentId: number | null },
      trx?: Transaction<DB>,
    ) =>
      repo.grantCredit(
        {
          user_id: credit.userId,
          scenario_id: String(credit.scenarioId),
          amount_cents: credit.amountCents,
          source_payment_id: credit.sourcePaymentId,
        },
        trx,
      ),
    /** Uses the open credit once (the request made with has_credit); false when it was already used. */
    async useCredit(creditId: number, trx?: Transaction<DB>) {
      return Boolean(await repo.useCredit(creditId, trx));
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
