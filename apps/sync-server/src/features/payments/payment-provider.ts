import type { PaymentProviderName, PaymentStatus } from '@simvisit/schema';

/** A PaymentIntent as the payments service sees it, whichever provider made it. */
export interface ProviderIntent {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  /** handed to the browser only while an authentication step is pending */
  clientSecret: string | null;
  /** 'use_stripe_sdk' for Stripe.js, 'demo_authenticate' for the demo form */
  nextAction: string | null;
  /** the provider's message when the last attempt failed (a decline, a failed authentication) */
  errorMessage: string | null;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  /** a PaymentMethod id made in the browser (Stripe.js or the demo form) */
  paymentMethod: string;
  /** the provider's idempotency key: the same key never charges twice */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/** A webhook event after its signature was verified. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** the PaymentIntent the event is about, when it is about one */
  intentId: string | null;
  /** charge.refunded: the total refunded so far */
  amountRefundedCents: number | null;
}

/** The card was refused (declined, bad number, failed authentication): shown to the person as given (spec 001 §5). */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    readonly intentId: string | null,
  ) {
    super(message);
  }
}

/** A webhook whose signature does not verify (missing, wrong, re-serialized body, too old). */
export class WebhookSignatureError extends Error {}

/**
 * What the payments service needs from a card payment provider: Stripe with keys, the demo provider without.
 * Amounts always come from the service (computed on the server), never from the browser.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** the key the browser needs to load Stripe.js; null for the demo provider */
  readonly publishableKey: string | null;
  /** Creates and confirms a PaymentIntent; throws PaymentDeclinedError when the card is refused. */
  createAndConfirm(input: CreateIntentInput): Promise<ProviderIntent>;
  /** The intent's current state at the provider (after an authentication step, or for a webhook). */
  retrieve(intentId: string): Promise<ProviderIntent>;
  /** Verifies a webhook over its raw body; throws WebhookSignatureError. Null when the provider has no webhooks. */
  verifyWebhook: ((rawBody: string, signature: string | undefined) => ProviderEvent) | null;
}
