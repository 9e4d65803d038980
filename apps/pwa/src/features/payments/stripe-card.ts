// The pure entry adds Stripe's script only when loadStripe runs; the main entry adds it as soon as it is imported.
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/**
 * Stripe Elements for a configured publishable key: Stripe.js is loaded from js.stripe.com only when this runs,
 * the card is tokenized in Stripe's iframe (no card number reaches our API, PAY-09) and 3-D Secure is completed
 * with handleNextAction. Not reachable without Stripe keys (demo mode uses the demo card fields instead).
 */
export interface StripeCard {
  mount(element: HTMLElement): void;
  /** A PaymentMethod id for the card, or Stripe's message */
  tokenize(nameOnCard: string): Promise<{ payment_method: string } | { error: string }>;
  /** Runs the authentication step; Stripe's message when it failed */
  authenticate(clientSecret: string): Promise<{ error?: string }>;
  destroy(): void;
}

const stripeByKey = new Map<string, Promise<Stripe | null>>();

export async function createStripeCard(publishableKey: string): Promise<StripeCard> {
  if (!stripeByKey.has(publishableKey)) stripeByKey.set(publishableKey, loadStripe(publishableKey));
  const stripe = await stripeByKey.get(publishableKey)!;
  if (!stripe) throw new Error('Stripe could not be loaded.');
  const elements = stripe.elements();
  const card: StripeCardElement = elements.create('card', { hidePostalCode: true });
  return {
    mount: (element) => card.mount(element),
    async tokenize(nameOnCard) {
      const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: nameOnCard } });
      if (result.error || !result.paymentMethod) return { error: result.error?.message ?? 'Your card could not be read.' };
      return { payment_method: result.paymentMethod.id };
    },
    async authenticate(clientSecret) {
      const result = await stripe.handleNextAction({ clientSecret });
      return result.error ? { error: result.error.message ?? 'Authentication failed.' } : {};
    },
    destroy: () => card.destroy(),
  };
}
