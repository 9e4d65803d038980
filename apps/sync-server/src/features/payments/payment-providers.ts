import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { createDemoProvider } from './demo-provider';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';

/**
 * Stripe when a secret key is configured; otherwise the demo provider while demo mode is on (a fresh clone works
 * without network); otherwise none, and the payment calls answer 503 instead of accepting test cards.
 */
export function createPaymentProvider(db: Database, config: Config): PaymentProvider | null {
  if (config.stripeSecretKey) {
    return createStripeProvider({
      secretKey: config.stripeSecretKey,
      publishableKey: config.stripePublishableKey,
      webhookSecret: config.stripeWebhookSecret,
      apiBase: config.stripeApiBase,
    });
  }
  return config.demoMode ? createDemoProvider(db) : null;
}
