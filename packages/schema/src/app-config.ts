import { z } from 'zod';

/** GET api/config: what the PWA needs to know about its deployment before anyone signs in. */
export const appConfigSchema = z.object({
  product_name: z.string(),
  demo_mode: z.boolean(),
  main_site_url: z.string(),
  /** The partner slug taken from the subdomain of the request (northfield.example → 'northfield'), else null. */
  host_partner_slug: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
