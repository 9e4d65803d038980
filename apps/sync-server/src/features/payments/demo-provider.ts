import { randomBytes } from 'node:crypto';
import { DEMO_TEST_CARDS, PAYMENT_MESSAGES, type PaymentStatus, STRIPE_DECLINE_MESSAGE } from '@simvisit/schema';
import type { Database } from '../../db/database';
import { PaymentDeclinedError, type PaymentProvider, type ProviderIntent } from './payment-provider';

/**
 * The card provider used when no Stripe keys are configured (demo mode, a fresh clone without network). It
 * behaves like Stripe in test mode for Stripe's published test cards, by their test PaymentMethod ids (the demo
 * card form makes them in the browser): pm_card_visa succeeds, pm_card_chargeDeclined is declined with Stripe's
 * message, pm_card_authenticationRequiredOnSetup needs an authentication step that the browser completes
 * through `authenticate` (the demo stand-in for Stripe's 3-D Secure page). Intents live in the database so that
 * idempotency and a pending authentication survive a restart.
 */
export interface DemoPaymentProvider extends PaymentProvider {
  authenticate(clientSecret: string, result: 'complete' | 'fail'): Promise<ProviderIntent | null>;
}

type Outcome = (typeof DEMO_TEST_CARDS)[keyof typeof DEMO_TEST_CARDS]['outcome'];
const OUTCOMES = new Map<string, Outcome>(Object.values(DEMO_TEST_CARDS).map((c) => [c.payment_method, c.outcome]));

interface Row {
  id: string;
  client_secret: string;
  amount: number;
  status: string;
  error_message: string | null;
}

function toIntent(row: Row): ProviderIntent {
  const status: PaymentStatus = row.status === 'requires_payment_method' ? 'failed' : (row.status as PaymentStatus);
  return {
    id: row.id,
    status,
    amountCents: row.amount,
    clientSecret: status === 'requires_action' ? row.client_secret : null,
    nextAction: status === 'requires_action' ? 'demo_authenticate' : null,
    errorMessage: row.error_message,
  };
}

export function createDemoProvider(db: Database): DemoPaymentProvider {
  const columns = ['id', 'client_secret', 'amount', 'status', 'error_message'] as const;
  return {
    name: 'demo',
    publishableKey: null,
    async createAndConfirm(input) {
      const outcome = OUTCOMES.get(input.paymentMethod);
      if (!outcome) throw new PaymentDeclinedError(`No such PaymentMethod: '${input.paymentMethod}'`, null);
      const id = `pi_demo_${randomBytes(12).toString('hex')}`;
      const status = outcome === 'success' ? 'succeeded' : outcome === 'declined' ? 'requires_payment_method' : 'requires_action';
      // Like Stripe's Idempotency-Key: a repeated key returns the first result and never charges again.
      await db
        .insertInto('demo_payment_intents')
        .values({
          id,
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          idempotency_key: input.idempotencyKey,
          amount: input.amountCents,
          currency: input.currency,
          payment_method: input.paymentMethod,
          status,
          error_message: outcome === 'declined' ? STRIPE_DECLINE_MESSAGE : null,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      const row = await db
        .selectFrom('demo_payment_intents')
        .select(columns)
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow();
      const intent = toIntent(row);
      if (intent.status === 'failed') throw new PaymentDeclinedError(intent.errorMessage ?? STRIPE_DECLINE_MESSAGE, intent.id);
      return intent;
    },
    async retrieve(intentId) {
      const row = await db.selectFrom('demo_payment_intents').select(columns).where('id', '=', intentId).executeTakeFirst();
      if (!row) throw new Error(`No such payment_intent: '${intentId}'`);
      return toIntent(row);
    },
    verifyWebhook: null,
    async authenticate(clientSecret, result) {
      const row = await db
        .updateTable('demo_payment_intents')
        .set(
          result === 'complete'
            ? { status: 'succeeded', error_message: null }
            : { status: 'requires_payment_method', error_message: PAYMENT_MESSAGES.authenticationFailed },
        )
        .where('client_secret', '=', clientSecret)
        .where('status', '=', 'requires_action')
        .returning(columns)
        .executeTakeFirst();
      return row ? toIntent(row) : null;
    },
  };
}
