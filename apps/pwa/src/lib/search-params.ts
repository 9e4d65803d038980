/** Search-parameter readers for route validateSearch: a non-empty string, else absent. */
export function stringParam(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export interface PartnerSearch {
  partner_slug?: string;
}

export function partnerSearch(search: Record<string, unknown>): PartnerSearch {
  return { partner_slug: stringParam(search.partner_slug) };
}
