import {
  checkForPaymentRequestSchema,
  checkForPaymentResponseSchema,
  confirmPaymentRequestSchema,
  demoAuthenticateRequestSchema,
  paymentResponseSchema,
  submitPaymentRequestSchema,
} from '@simvisit/schema';
import { z } from 'zod';
import { actorOf } from '../../http/actor';
import { type AnyRoute, defineRoute } from '../../http/route';

/*
 * Payment calls of spec 001 §7 (paths not shown there; chosen in docs/decisions/0024-payments.md). The learner's
 * calls take the visit request form values; the service computes every amount and checks the scenario.
 */
const tag = 'Payments';
const signedIn = { type: 'authenticated' } as const;

export const paymentsRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api/visit-request/check-for-payment',
    tag,
    summary: 'Fee, processing fee and total of the scenario (server-computed), the credit, and whether a card payment follows',
    access: signedIn,
    scope: 'object',
    body: checkForPaymentRequestSchema,
    response: checkForPaymentResponseSchema,
    handler: async ({ c, body }) => c.var.services.payments.checkForPayment(await actorOf(c), body.scenario_id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/visit-request/payment',
    tag,
    summary: 'Pay the scenario total by card (PaymentIntent); idempotent per idempotency_key; 402 with the card message when refused',
    access: signedIn,
    scope: 'object',
    body: submitPaymentRequestSchema,
    response: paymentResponseSchema,
    handler: async ({ c, body }) => c.var.services.payments.submit(await actorOf(c), body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/visit-request/payment/confirm',
    tag,
    summary: "The caller's payment after its authentication step (3-D Secure), as the provider reports it",
    access: signedIn,
    scope: 'self',
    body: confirmPaymentRequestSchema,
    response: paymentResponseSchema,
    handler: async ({ c, body }) => c.var.services.payments.confirm(await actorOf(c), body.payment_id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/payments/demo/authenticate',
    tag,
    summary: "Demo provider only: complete or fail a payment's authentication step (stands in for Stripe's 3-D Secure page)",
    access: { type: 'demo' },
    scope: 'object',
    body: demoAuthenticateRequestSchema,
    response: z.object({ status: z.string() }),
    handler: ({ c, body }) => c.var.services.payments.demoAuthenticate(body.client_secret, body.result),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/payments/stripe/webhook',
    tag,
    summary: 'Stripe webhook events, verified by their Stripe-Signature over the raw body and processed once',
    access: { type: 'public' },
    scope: 'none',
    // Stripe sends no session or CSRF token: the signature check over the raw body stands in for both.
    stateChanging: false,
    json: false,
    response: z.object({ received: z.boolean() }),
    handler: async ({ c }) => c.var.services.payments.webhook(await c.req.text(), c.req.header('stripe-signature')),
  }),
];
