import { appConfigSchema, slugFromHost } from '@simvisit/schema';
import { type AnyRoute, defineRoute } from '../../http/route';

/** What the PWA needs to know about this deployment before anyone signs in. */
export const configRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/config',
    tag: 'Config',
    summary: 'Deployment settings the app needs before sign-in',
    access: { type: 'public' },
    scope: 'none',
    response: appConfigSchema,
    handler: ({ c }) => {
      const { config } = c.var;
      return {
        product_name: config.productName,
        demo_mode: config.demoMode,
        main_site_url: config.mainSiteUrl,
        host_partner_slug: slugFromHost(c.req.header('host'), config.baseHosts),
      };
    },
  }),
];
