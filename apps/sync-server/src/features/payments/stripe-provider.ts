import type { PaymentStatus } from '@simvisit/schema';
import Stripe from 'stripe';
import {
  type CreateIntentInput,
  PaymentDeclinedError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
  WebhookSignatureError,
} from './payment-provider';

/** Stripe's own tolerance for webhook timestamps (PAY-05). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** Another API base (tests point the SDK at a local fake Stripe server, e.g. http://127.0.0.1:12111). */
  apiBase: string | null;
}

function statusOf(intent: Stripe.PaymentIntent): PaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
      return 'requires_action';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      // After a confirmation attempt this means the attempt failed (decline, failed authentication).
      return intent.last_payment_error ? 'failed' : 'pending';
    default:
      return 'pending';
  }
}

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const status = statusOf(intent);
  return {
    id: intent.id,
    status,
    amountCents: intent.amount,
    clientSecret: status === 'requires_action' ? intent.client_secret : null,
    nextAction: status === 'requires_action' ? (intent.next_action?.type ?? 'use_stripe_sdk') : null,
    errorMessage: intent.last_payment_error?.message ?? null,
  };
}

/** Card payments through Stripe PaymentIntents with the real SDK (DESIGN.md §7). */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  const stripe = new Stripe(options.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
    // Retries reuse the idempotency key, so a retried create never charges twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    async createAndConfirm(input: CreateIntentInput) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            payment_method: input.paymentMethod,
            allowed_payment_method_types: ['card'],
            confirm: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const result = toIntent(intent);
        if (result.status === 'failed') throw new PaymentDeclinedError(result.errorMessage ?? 'Your card was declined.', intent.id);
        return result;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          throw new PaymentDeclinedError(error.message, error.payment_intent?.id ?? null);
        }
        // An unusable PaymentMethod (e.g. 'No such PaymentMethod') is the person's card problem too.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'payment_method') {
          throw new PaymentDeclinedError(error.message, null);
        }
        throw error;
      }
    },
    async retrieve(intentId: string) {
      return toIntent(await stripe.paymentIntents.retrieve(intentId));
    },
    verifyWebhook: options.webhookSecret
      ? (rawBody: string, signature: string | undefined): ProviderEvent => {
          let event: Stripe.Event;
          try {
            event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret!, WEBHOOK_TOLERANCE_SECONDS);
          } catch (error) {
            throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature.');
          }
          const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown; amount_refunded?: number };
          let intentId: string | null = null;
          if (object.object === 'payment_intent' && typeof object.id === 'string') intentId = object.id;
          else if (typeof object.payment_intent === 'string') intentId = object.payment_intent;
          return {
            id: event.id,
            type: event.type,
            intentId,
            amountRefundedCents: object.object === 'charge' && typeof object.amount_refunded === 'number' ? object.amount_refunded : null,
          };
        }
      : null,
  };
}
