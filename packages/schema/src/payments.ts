import { z } from 'zod';
import { idSchema } from './ids';
import type { PaymentQuote } from './money';

/**
 * Visit payments (spec 001 §5, §7, §9; issue 5). Every amount is an integer number of cents: the server computes
 * the fee, the processing fee and the total from the scenario's fee and never reads them from the client (PAY-01).
 * The amounts themselves (cents, formatting, the processing-fee rule) are money.ts's.
 * docs/decisions/0024-payments.md explains the choices where the spec is silent.
 */

export const PAYMENT_MESSAGES = {
  nameOnCardRequired: 'Please provide the name as it appears on the card',
  nameOnCardTooLong: 'The name on card field must not be greater than 100 characters.',
  submitted: 'Payment Submitted.',
  submitError: 'Error submitting payment.',
  /** the contact-support text of spec 001 §8 when the card could not be tokenized */
  tokenError: 'We could not read your card. Please try again or contact support.',
  scenarioRequired: 'The scenario is required.',
  paymentMethodRequired: 'Please enter your card details.',
  noFee: 'This scenario has no fee; no payment is needed.',
  creditCovers: 'Your credit covers this visit; no payment is needed.',
  alreadyPaid: 'This visit is already paid. Please finish your visit request.',
  keyReused: 'This payment was already submitted with different details. Please reload the page.',
  notBookable: 'This scenario cannot be booked.',
  paymentNotFound: 'Payment not found.',
  unavailable: 'Card payments are not available right now. Please contact support.',
  authenticationFailed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

export const NAME_ON_CARD_MAX = 100;
/** A credit counts only when its amount equals the total (spec 001 §9). */
export function creditCovers(creditCents: number | null | undefined, totalCents: number): boolean {
  return creditCents !== null && creditCents !== undefined && totalCents > 0 && creditCents === totalCents;
}

/** Whether the card step follows: a fee above 0 that no credit covers (spec 001 §4). */
export function paymentRequired(quote: PaymentQuote, creditCents: number | null | undefined): boolean {
  return quote.total_cents > 0 && !creditCovers(creditCents, quote.total_cents);
}

/**
 * Stripe's published test cards the demo provider accepts, keyed by card number, with the test PaymentMethod id
 * Stripe itself publishes for each. The demo card form turns the number into that id in the browser (as
 * Stripe.js tokenizes), so no card number ever reaches the API (PAY-09); the same ids work against Stripe in
 * test mode.
 */
export const DEMO_TEST_CARDS = {
  '4242424242424242': { payment_method: 'pm_card_visa', outcome: 'success' },
  '4000000000000002': { payment_method: 'pm_card_chargeDeclined', outcome: 'declined' },
  '4000002500003155': { payment_method: 'pm_card_authenticationRequiredOnSetup', outcome: 'authentication_required' },
} as const;
export type DemoCardOutcome = (typeof DEMO_TEST_CARDS)[keyof typeof DEMO_TEST_CARDS]['outcome'];

/** Stripe's own words for the demo outcomes. */
export const STRIPE_DECLINE_MESSAGE = 'Your card was declined.';
export const STRIPE_INCORRECT_NUMBER_MESSAGE = 'Your card number is incorrect.';
export const STRIPE_LIVE_CARD_IN_TEST_MESSAGE =
  'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';

/** Luhn check of a card number (digits only). */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The demo provider's client-side tokenization: a published test card number becomes its test PaymentMethod
 * id; anything else is refused with Stripe's message for it.
 */
export function demoTokenize(cardNumber: string): { payment_method: string } | { error: string } {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return { error: STRIPE_INCORRECT_NUMBER_MESSAGE };
  const card = (DEMO_TEST_CARDS as Record<string, { payment_method: string }>)[digits];
  return card ? { payment_method: card.payment_method } : { error: STRIPE_LIVE_CARD_IN_TEST_MESSAGE };
}

/** A card number as typed, shown the usual way: digits only (at most 19), in groups of four. */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * An expiry as typed, shown as MM/YY: '1230' and '12/30' both read 12/30. The slash is added only once a third
 * digit comes, so deleting back over it never gets stuck; a first digit above 1 is a month ('4' → '04').
 */
export function formatCardExpiry(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

// ---- calls ----

const scenarioIdSchema = idSchema(PAYMENT_MESSAGES.scenarioRequired);

/** check-for-payment takes the visit request form values; only scenario_id matters, the rest is ignored. */
export const checkForPaymentRequestSchema = z.object({ scenario_id: scenarioIdSchema });
export type CheckForPaymentRequest = z.infer<typeof checkForPaymentRequestSchema>;

export const paymentProviderNameSchema = z.enum(['stripe', 'demo']);
export type PaymentProviderName = z.infer<typeof paymentProviderNameSchema>;

export const checkForPaymentResponseSchema = z.object({
  scenario_id: z.number(),
  fee: z.string(),
  processing_fee: z.string(),
  total: z.string(),
  fee_cents: z.number(),
  processing_fee_cents: z.number(),
  total_cents: z.number(),
  currency: z.string(),
  /** the learner's open credit for this scenario, or null */
  credit: z.string().nullable(),
  /** the credit equals the total, so the request is submitted without a card */
  has_credit: z.boolean(),
  payment_required: z.boolean(),
  provider: paymentProviderNameSchema.nullable(),
  /** Stripe's publishable key when the Stripe provider is configured */
  publishable_key: z.string().nullable(),
});
export type CheckForPaymentResponse = z.infer<typeof checkForPaymentResponseSchema>;

export const nameOnCardSchema = z
  .string({ error: PAYMENT_MESSAGES.nameOnCardRequired })
  .trim()
  .min(1, { error: PAYMENT_MESSAGES.nameOnCardRequired })
  .max(NAME_ON_CARD_MAX, { error: PAYMENT_MESSAGES.nameOnCardTooLong });

/**
 * The payment call: the visit request form values plus the card token (a Stripe PaymentMethod id made by
 * Stripe.js, or by the demo form) and name_on_card. idempotency_key is made once per attempt by the client, so a
 * double click or a retry after a timeout charges once. Amounts sent by the client are ignored (stripped).
 */
export const submitPaymentRequestSchema = z.object({
  scenario_id: scenarioIdSchema,
  name_on_card: nameOnCardSchema,
  stripe_token: z
    .string({ error: PAYMENT_MESSAGES.paymentMethodRequired })
    .regex(/^(pm|tok)_[A-Za-z0-9_]{1,200}$/, { error: PAYMENT_MESSAGES.paymentMethodRequired }),
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, { error: 'A valid idempotency key is required.' }),
});
export type SubmitPaymentRequest = z.infer<typeof submitPaymentRequestSchema>;

export const confirmPaymentRequestSchema = z.object({ payment_id: idSchema() });
export type ConfirmPaymentRequest = z.infer<typeof confirmPaymentRequestSchema>;

export const paymentStatusSchema = z.enum(['pending', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const paymentResponseSchema = z.object({
  payment_id: z.number(),
  status: paymentStatusSchema,
  /** present while an authentication step (3-D Secure) must be completed in the browser */
  client_secret: z.string().optional(),
  /** 'use_stripe_sdk' (Stripe.js handles it) or 'demo_authenticate' (the demo form's authentication step) */
  next_action: z.string().optional(),
  amount: z.string(),
  amount_cents: z.number(),
  message: z.string(),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/** The demo provider's authentication step (its stand-in for Stripe's 3-D Secure page). */
export const demoAuthenticateRequestSchema = z.object({
  client_secret: z.string().min(1).max(200),
  result: z.enum(['complete', 'fail']),
});
export type DemoAuthenticateRequest = z.infer<typeof demoAuthenticateRequestSchema>;
export const demoAuthenticateResponseSchema = z.object({ status: z.string() });

/** Stripe's webhook call once the event's signature is verified; a replayed event answers the same and changes nothing. */
export const stripeWebhookResponseSchema = z.object({ received: z.boolean() });
