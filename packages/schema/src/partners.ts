import { z } from 'zod/mini';
import { idSchema } from './ids';

/** A partner as any signed-in member may see it (never its passcode). */
export const partnerSchema = z.object({
  id: z.number().check(z.int()),
  slug: z.string(),
  short_name: z.string(),
  long_name: z.string(),
  image: z.nullable(z.string()),
  is_sim: z.boolean(),
  enable_password: z.boolean(),
  colour: z.nullable(z.string()),
});
export type Partner = z.infer<typeof partnerSchema>;

/** Slugs are DNS labels: used in subdomains, so nothing else may pass. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$/;
export const slugSchema = z.string().check(z.trim()).check(z.toLowerCase()).check(z.regex(SLUG_PATTERN));

export const partnerSingleRequestSchema = z.object({ partner_slug: z.nullish(z.string().check(z.maxLength(100))) });
export const partnerSingleResponseSchema = z.object({
  slug: z.string(),
  image: z.nullable(z.string()),
  is_sim: z.boolean(),
  short_name: z.nullable(z.string()),
  long_name: z.nullable(z.string()),
  enable_password: z.boolean(),
  /** the banner colour (6 hex digits, null transparent): it brands the login page too (decision 0056) */
  colour: z.optional(z.nullable(z.string())),
});
export type PartnerSingleResponse = z.infer<typeof partnerSingleResponseSchema>;

export const partnerSwitchRequestSchema = z.object({
  partner_id: idSchema('The id must be a number.'),
});
export const partnerSwitchResponseSchema = z.object({
  message: z.string(),
  redirect: z.string(),
  partner: partnerSchema,
});

export const partnerListItemSchema = z.object({
  id: z.number().check(z.int()),
  long_name: z.string(),
  short_name: z.string(),
  slug: z.string(),
  seats: z.number().check(z.int()),
  used_seats: z.number().check(z.int()),
  /** seats held by registrations waiting for their emailed link (Seat Management shows them, decision 0080) */
  held_seats: z.number().check(z.int()),
});
export const partnerListResponseSchema = z.array(partnerListItemSchema);

/** Resolve the partner slug of a request: subdomain, else partner_slug, else sp (DESIGN.md §2). */
export function slugFromHost(host: string | null | undefined, baseHosts: readonly string[]): string | null {
  if (!host) return null;
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  for (const base of baseHosts) {
    const b = base.toLowerCase();
    if (hostname.endsWith(`.${b}`)) {
      const sub = hostname.slice(0, -(b.length + 1));
      if (SLUG_PATTERN.test(sub) && sub !== 'www') return sub;
    }
  }
  return null;
}
