import { paymentsApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/*
 * Payment calls (contracts in packages/schema/src/api/payments.ts). The learner's calls take the visit request
 * form values; the service computes every amount and checks the scenario.
 */
export const paymentsRoutes: AnyRoute[] = [
  implement(api.checkForPayment, async ({ c, body }) => c.var.services.payments.checkForPayment(await actorOf(c), body.scenario_id)),
  implement(api.submit, async ({ c, body }) => c.var.services.payments.submit(await actorOf(c), body)),
  implement(api.confirm, async ({ c, body }) => c.var.services.payments.confirm(await actorOf(c), body.payment_id)),
  implement(api.demoAuthenticate, ({ c, body }) => c.var.services.payments.demoAuthenticate(body.client_secret, body.result)),
  // The raw body is read here: the signature is computed over the exact bytes Stripe sent.
  implement(api.stripeWebhook, async ({ c }) => c.var.services.payments.webhook(await c.req.text(), c.req.header('stripe-signature'))),
];
