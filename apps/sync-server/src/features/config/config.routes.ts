import { configApi as api, slugFromHost } from '@simvisit/schema';
import { type AnyRoute, implement } from '../../http/route';

/** What the PWA needs to know about this deployment before anyone signs in. */
export const configRoutes: AnyRoute[] = [
  implement(api.show, ({ c }) => {
    const { config } = c.var;
    return {
      product_name: config.productName,
      demo_mode: config.demoMode,
      main_site_url: config.mainSiteUrl,
      host_partner_slug: slugFromHost(c.req.header('host'), config.baseHosts),
      // The card form loads Stripe.js only with both keys (payments.service answers the publishable one).
      stripe_payments: config.stripeSecretKey !== null && config.stripePublishableKey !== null,
    };
  }),
];
