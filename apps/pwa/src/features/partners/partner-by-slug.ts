import { DEFAULT_PARTNER_SLUG, type PartnerSingleResponse, partnersApi } from '@simvisit/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';

/** The slug the server answers for a partner it does not know. */
export const UNKNOWN_PARTNER_SLUG = 'error';

export function partnerBySlugQuery(slug: string) {
  return queryOptions({
    queryKey: ['partner-by-slug', slug],
    queryFn: () => apiCall(partnersApi.single, { body: { partner_slug: slug } }, { onUnauthenticated: 'ignore' }),
    staleTime: 5 * 60_000,
  });
}

/** The branding of a login page's partner; undefined while loading. */
export function usePartnerBySlug(slug: string): { partner: PartnerSingleResponse | undefined; isUnknown: boolean } {
  const { data } = useQuery(partnerBySlugQuery(slug));
  return { partner: data, isUnknown: data?.slug === UNKNOWN_PARTNER_SLUG };
}

/**
 * The forgot and reset pages fall back to the default partner when the slug is unknown (spec 000 §2.4, §8).
 * `slug` is the partner the page acts for.
 */
export function usePartnerOrDefault(slug: string): { partner: PartnerSingleResponse | undefined; slug: string } {
  const requested = usePartnerBySlug(slug);
  const fallback = useQuery({ ...partnerBySlugQuery(DEFAULT_PARTNER_SLUG), enabled: requested.isUnknown });
  if (requested.isUnknown) return { partner: fallback.data, slug: DEFAULT_PARTNER_SLUG };
  return { partner: requested.partner, slug };
}
