import type { PaymentStatus } from '@simvisit/schema';
import { sql, type Transaction } from 'kysely';
import type { Database, Executor } from '../../db/database';
import type { DB, PaymentRow } from '../../db/types';

export interface NewPayment {
  user_id: number;
  /** a visit payment's scenario, or null for an agreement's payment (quote_id) */
  scenario_id: string | null;
  quote_id?: number | null;
  idempotency_key: string;
  provider: 'stripe' | 'demo';
  fee_cents: number;
  processing_fee_cents: number;
  amount_cents: number;
  currency: string;
  name_on_card: string;
}

/** The only place that touches the payment tables. */
export function createPaymentsRepository(db: Database) {
  const byKey = (userId: number, key: string, ex: Executor = db) =>
    ex.selectFrom('payments').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();

  return {
    transaction: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => db.transaction().execute(fn),

    /** The scenario's fee as exact text ('45.00'), never through a float; null when it has none. */
    async scenarioFee(scenarioId: string): Promise<string | null> {
      const row = await db
        .selectFrom('scenarios')
        .select(sql<string | null>`fee::text`.as('fee'))
        .where('id', '=', scenarioId)
        .executeTakeFirst();
      return row?.fee ?? null;
    },

    byKey,
    byId: (id: number, ex: Executor = db) => ex.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst(),
    byIntent: (intentId: string, ex: Executor = db) =>
      ex.selectFrom('payments').selectAll().where('provider_intent_id', '=', intentId).forUpdate().executeTakeFirst(),

    /** Inserts the attempt once per (user, idempotency key); concurrent double submits all get the same row. */
    async insertOnce(values: NewPayment): Promise<PaymentRow> {
      await db
        .insertInto('payments')
        .values({ ...values, updated_at: new Date() })
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .execute();
      return (await byKey(values.user_id, values.idempotency_key))!;
    },

    /** The agreement's live attempt (pending, in progress or succeeded; at most one: payments_one_live_per_quote). */
    liveForQuote: (quoteId: number) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('quote_id', '=', quoteId)
        .where('status', 'in', ['pending', 'requires_action', 'processing', 'succeeded'])
        .executeTakeFirst(),

    /** A succeeded payment for this scenario that no visit request has used yet. */
    unusedSuccess: (userId: number, scenarioId: string) =>
      db
        .selectFrom('payments')
        .select(['id'])
        .where('user_id', '=', userId)
        .where('scenario_id', '=', scenarioId)
        .where('status', '=', 'succeeded')
        .where('visit_request_id', 'is', null)
        .executeTakeFirst(),

    /**
     * Records the provider's state. A succeeded payment never goes back (a late or out-of-order answer cannot
     * undo it); returns the row when it changed.
     */
    updateState: (
      id: number,
      state: { status: PaymentStatus; provider_intent_id?: string | null; error_message?: string | null },
      ex: Executor = db,
    ) =>
      ex
        .updateTable('payments')
        .set({ ...state, updated_at: new Date() })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('status', '!=', 'succeeded'), eb.lit(state.status === 'succeeded')]))
        .returningAll()
        .executeTakeFirst(),

    setRefunded: (id: number, amountRefundedCents: number, ex: Executor) =>
      ex
        .updateTable('payments')
        .set({ amount_refunded_cents: amountRefundedCents, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    /** Inserts a webhook event id; false when it was already processed (PAY-06). */
    async recordEvent(
      trx: Transaction<DB>,
      event: { event_id: string; provider: string; type: string; payment_id: number | null },
    ): Promise<boolean> {
      const row = await trx
        .insertInto('payment_events')
        .values(event)
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return Boolean(row);
    },

    attachRequest: (paymentId: number, requestId: number, ex: Executor = db) =>
      ex
        .updateTable('payments')
        .set({ visit_request_id: requestId, updated_at: new Date() })
        .where('id', '=', paymentId)
        .where('status', '=', 'succeeded')
        .where('visit_request_id', 'is', null)
        .returning('id')
        .executeTakeFirst(),

    openCredit: (userId: number, scenarioId: string, ex: Executor = db) =>
      ex
        .selectFrom('payment_credits')
        .select(['id', 'amount_cents'])
        .where('user_id', '=', userId)
        .where('scenario_id', '=', scenarioId)
        .where('used_at', 'is', null)
        .executeTakeFirst(),

    /** Adds one open credit; false when the user already holds an open credit for the scenario. */
    async grantCredit(
      values: { user_id: number; scenario_id: string; amount_cents: number; source_payment_id: number | null },
      ex: Executor = db,
    ): Promise<boolean> {
      const row = await ex
        .insertInto('payment_credits')
        .values(values)
        .onConflict((oc) => oc.columns(['user_id', 'scenario_id']).where('used_at', 'is', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },

    useCredit: (creditId: number, ex: Executor = db) =>
      ex
        .updateTable('payment_credits')
        .set({ used_at: new Date() })
        .where('id', '=', creditId)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst(),
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
