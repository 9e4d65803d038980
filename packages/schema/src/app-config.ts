import { z } from 'zod/mini';

/** GET api/config: what the PWA needs to know about its deployment before anyone signs in. */
export const appConfigSchema = z.object({
  product_name: z.string(),
  demo_mode: z.boolean(),
  main_site_url: z.string(),
  /** The partner slug taken from the subdomain of the request (northfield.example → 'northfield'), else null. */
  host_partner_slug: z.nullable(z.string()),
  /**
   * Whether card payments go through Stripe (keys configured): only then does the card form load Stripe.js, the
   * one third-party script, and Cookie Settings says so (decision 0090). Absent in a copy saved before it existed.
   */
  stripe_payments: z._default(z.boolean(), false),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** What Cookie Settings and the Cookie Policy say about third parties: true to whether Stripe.js can load. */
export function thirdPartyScriptWords(stripePayments: boolean): string {
  return stripePayments
    ? 'We do not use advertising, analytics or tracking cookies. The only script we load from a third party is Stripe.js ' +
        '(js.stripe.com), and only on the card payment form, so that your card details go to Stripe and never to us; Stripe ' +
        'may set its own cookies there to prevent fraud.'
    : 'We do not use advertising, analytics or tracking cookies, and we do not load scripts from third parties.';
}
