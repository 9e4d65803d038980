import { DEFAULT_PARTNER_SLUG, MSG, type Partner, type PartnerSingleResponse, SLUG_PATTERN, slugFromHost } from '@simvisit/schema';
import type { Config } from '../../config';
import type { PartnerRow, UserRow } from '../../db/types';
import { forbidden } from '../../http/errors';
import type { PartnersRepository } from './partners.repository';

export function toPartner(row: PartnerRow): Partner {
  return {
    id: row.id,
    slug: row.slug,
    short_name: row.short_name,
    long_name: row.long_name,
    image: row.image,
    is_sim: row.is_sim,
    enable_password: row.enable_password,
    colour: row.colour,
  };
}

export function createPartnersService(repo: PartnersRepository, config: Config) {
  /** Partners a user may work at: all for super admins, else those where they hold a role. */
  async function partnersOf(user: UserRow): Promise<PartnerRow[]> {
    return user.super_admin ? repo.all() : repo.ofUser(user.id);
  }

  return {
    byId: (id: number) => repo.byId(id),
    bySlug: (slug: string) => repo.bySlug(slug),
    partnersOf,
    /** The slug a request names: its subdomain, else the explicit parameter, else sp (DESIGN.md §2). */
    requestSlug(host: string | undefined, explicit: string | null | undefined): string {
      const fromHost = slugFromHost(host, config.baseHosts);
      if (fromHost) return fromHost;
      const given = explicit?.trim().toLowerCase();
      return given ? given : DEFAULT_PARTNER_SLUG;
    },
    /** POST api/partner/single: the branding of a slug, or slug 'error' when unknown. */
    async single(slug: string): Promise<PartnerSingleResponse> {
      const row = SLUG_PATTERN.test(slug) ? await repo.bySlug(slug) : undefined;
      if (!row) {
        return { slug: 'error', image: null, is_sim: false, short_name: null, long_name: null, enable_password: false, colour: null };
      }
      return {
        slug: row.slug,
        image: row.image,
        is_sim: row.is_sim,
        short_name: row.short_name,
        long_name: row.long_name,
        enable_password: row.enable_password,
        colour: row.colour,
      };
    },
    /**
     * The partner a login lands on: the requested one when the user may work there, else their first partner,
     * else none (the PWA then sends them to the main site).
     */
    async partnerForLogin(user: UserRow, slug: string): Promise<PartnerRow | null> {
      const mine = await partnersOf(user);
      return mine.find((p) => p.slug === slug) ?? mine[0] ?? null;
    },
    /** Only a partner of the user (AUTHZ-10). */
    async switchTarget(user: UserRow, partnerId: number): Promise<PartnerRow> {
      const target = (await partnersOf(user)).find((p) => p.id === partnerId);
      if (!target) throw forbidden(MSG.partnerNotYours);
      return target;
    },
  };
}
export type PartnersService = ReturnType<typeof createPartnersService>;
