import { defineContract } from '../api-contract';
import {
  checkForPaymentRequestSchema,
  checkForPaymentResponseSchema,
  confirmPaymentRequestSchema,
  demoAuthenticateRequestSchema,
  demoAuthenticateResponseSchema,
  paymentResponseSchema,
  stripeWebhookResponseSchema,
  submitPaymentRequestSchema,
} from '../payments';

/*
 * Payment calls of spec 001 §7 (paths not shown there; chosen in docs/decisions/0024-payments.md). The learner's
 * calls take the visit request form values; the service computes every amount and checks the scenario.
 */
const tag = 'Payments';
const signedIn = { type: 'authenticated' } as const;

export const paymentsApi = {
  checkForPayment: defineContract({
    method: 'POST',
    path: '/api/visit-request/check-for-payment',
    tag,
    summary: 'Fee, processing fee and total of the scenario (server-computed), the credit, and whether a card payment follows',
    access: signedIn,
    scope: 'object',
    body: checkForPaymentRequestSchema,
    response: checkForPaymentResponseSchema,
  }),
  submit: defineContract({
    method: 'POST',
    path: '/api/visit-request/payment',
    tag,
    summary: 'Pay the scenario total by card (PaymentIntent); idempotent per idempotency_key; 402 with the card message when refused',
    access: signedIn,
    scope: 'object',
    body: submitPaymentRequestSchema,
    response: paymentResponseSchema,
  }),
  confirm: defineContract({
    method: 'POST',
    path: '/api/visit-request/payment/confirm',
    tag,
    summary: "The caller's payment after its authentication step (3-D Secure), as the provider reports it",
    access: signedIn,
    scope: 'self',
    body: confirmPaymentRequestSchema,
    response: paymentResponseSchema,
  }),
  demoAuthenticate: defineContract({
    method: 'POST',
    path: '/api/payments/demo/authenticate',
    tag,
    summary: "Demo provider only: complete or fail a payment's authentication step (stands in for Stripe's 3-D Secure page)",
    access: { type: 'demo' },
    scope: 'object',
    body: demoAuthenticateRequestSchema,
    response: demoAuthenticateResponseSchema,
  }),
  stripeWebhook: defineContract({
    method: 'POST',
    path: '/api/payments/stripe/webhook',
    tag,
    summary: 'Stripe webhook events, verified by their Stripe-Signature over the raw body and processed once',
    access: { type: 'public' },
    scope: 'none',
    // Stripe sends no session or CSRF token: the signature check over the raw body stands in for both.
    stateChanging: false,
    json: false,
    response: stripeWebhookResponseSchema,
  }),
};
