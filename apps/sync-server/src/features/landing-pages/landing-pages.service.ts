import { randomUUID } from 'node:crypto';
import {
  isPublished,
  type LandingPartner,
  LANDING_MESSAGES as M,
  type PublicLandingResponse,
  SLUG_PATTERN,
  seatsTaken,
  takesRegistrations,
  type WelcomePartner,
} from '@simvisit/schema';
import type { PartnerRow } from '../../db/types';
import { fieldError, notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import type { FileStore } from '../../platform/files';
import { sanitizeRichText } from '../../platform/rich-text';
import type { ObjectAccess } from '../users';
import { toArticle, todayUtc } from './articles.service';
import type { LandingPagesRepository } from './landing-pages.repository';
import { logoImage } from './landing-uploads';

export function toLandingPartner(p: PartnerRow): LandingPartner {
  return {
    id: p.id,
    short_name: p.short_name,
    long_name: p.long_name,
    slug: p.slug,
    is_sim: p.is_sim,
    image: p.image,
    colour: p.colour,
    welcome_header: p.welcome_header,
    welcome_message: p.welcome_message,
  };
}

const toWelcomePartner = (p: PartnerRow): WelcomePartner => ({
  id: p.id,
  short_name: p.short_name,
  long_name: p.long_name,
  slug: p.slug,
  is_sim: p.is_sim,
  welcome_header: p.welcome_header,
  welcome_message: p.welcome_message,
});

interface Deps {
  repo: LandingPagesRepository;
  audit: AuditService;
  files: FileStore;
  objectAccess: ObjectAccess;
}

type PartnerChange = Partial<Pick<PartnerRow, 'colour' | 'image' | 'welcome_header' | 'welcome_message'>>;

/**
 * Welcome messages (super admins), the landing page configuration (super admins, and a sim partner's client
 * admins for that partner: docs/decisions/0056) and the public landing page.
 */
export function createLandingPagesService(d: Deps) {
  /** The partner a caller may configure, or the audited refusal: 404 at another partner, 403 at the same (AUTHZ-14). */
  async function configurable(actor: Actor, partnerId: number, attempted: string): Promise<PartnerRow> {
    const partner = await d.repo.partner(partnerId);
    if (!partner) throw notFound(M.partnerNotFound);
    if (actor.user.super_admin) return partner;
    const mine = await d.repo.simPartnersAdministeredBy(actor.user.id);
    if (mine.some((p) => p.id === partnerId)) return partner;
    return d.objectAccess.refuse(actor, { partnerId, type: 'landing_page', id: partnerId, attempted });
  }

  async function change(actor: Actor, partner: PartnerRow, values: PartnerChange, action: string, details: Record<string, unknown>) {
    const updated = await d.repo.updatePartner(partner.id, values);
    if (!updated) throw notFound(M.partnerNotFound);
    await d.audit.record({
      action,
      actor_user_id: actor.user.id,
      partner_id: partner.id,
      target_type: 'partner',
      target_id: partner.id,
      details,
    });
    return toLandingPartner(updated);
  }

  /** A header is plain text of at most 255 characters, only for sim partners (spec 002 §2.12). */
  function header(partner: PartnerRow, value: string): string | null {
    if (!partner.is_sim) throw fieldError('welcome_header', M.welcomeHeaderSimOnly);
    return value === '' ? null : value;
  }
  const message = (value: string) => {
    const clean = sanitizeRichText(value);
    return clean === '' ? null : clean;
  };

  return {
    configurable,

    async welcomeMessages(): Promise<WelcomePartner[]> {
      return (await d.repo.partners()).map(toWelcomePartner);
    },

    /** What was sent changes; the answer's words say which (spec 002 §8 'Partner welcome header or message updated'). */
    async updateWelcome(actor: Actor, body: { partner_id: number; welcome_header?: string; welcome_message?: string }) {
      const partner = await d.repo.partner(body.partner_id);
      if (!partner) throw fieldError('partner_id', M.partnerRequired);
      const values: PartnerChange = {};
      if (body.welcome_header !== undefined) values.welcome_header = header(partner, body.welcome_header);
      if (body.welcome_message !== undefined) values.welcome_message = message(body.welcome_message);
      const updated = await change(actor, partner, values, 'partner.welcome_updated', { fields: Object.keys(values) });
      const words = body.welcome_message !== undefined ? M.welcomeMessageUpdated : M.welcomeHeaderUpdated;
      return { message: words, partner: toWelcomePartner({ ...partner, ...values }), landing: updated };
    },

    async landingPages(actor: Actor) {
      const partners = actor.user.super_admin ? await d.repo.partners() : await d.repo.simPartnersAdministeredBy(actor.user.id);
      return partners.map((p) => ({ id: p.id, short_name: p.short_name, slug: p.slug }));
    },

    async partnerForConfiguration(actor: Actor, partnerId: number): Promise<LandingPartner> {
      return toLandingPartner(await configurable(actor, partnerId, 'landing_page.view'));
    },

    async setBannerColor(actor: Actor, partnerId: number, colour: string) {
      const partner = await configurable(actor, partnerId, 'landing_page.banner_color');
      return change(actor, partner, { colour }, 'landing_page.banner_color_set', { from: partner.colour, to: colour });
    },

    async clearBannerColor(actor: Actor, partnerId: number) {
      const partner = await configurable(actor, partnerId, 'landing_page.banner_color_clear');
      return change(actor, partner, { colour: null }, 'landing_page.banner_color_cleared', { from: partner.colour });
    },

    /** The caller's right is checked by the route before the upload is read; the picture here. */
    async setLogo(actor: Actor, partner: PartnerRow, data: Buffer | null) {
      const png = await logoImage(data);
      const name = `${randomUUID()}.png`;
      await d.files.put(`partner-logos/${name}`, png.data);
      const image = `/api/files/partner-logos/${name}`;
      return change(actor, partner, { image }, 'landing_page.logo_uploaded', { from: partner.image, to: image, bytes: png.data.length });
    },

    async setWelcomeHeader(actor: Actor, partnerId: number, value: string) {
      const partner = await configurable(actor, partnerId, 'landing_page.welcome_header');
      return change(actor, partner, { welcome_header: header(partner, value) }, 'landing_page.welcome_header_updated', {});
    },

    async setWelcomeMessage(actor: Actor, partnerId: number, value: string) {
      const partner = await configurable(actor, partnerId, 'landing_page.welcome_message');
      return change(actor, partner, { welcome_message: message(value) }, 'landing_page.welcome_message_updated', {});
    },

    /** The public page: an unknown slug is not found; only articles published by today show. */
    async landing(slug: string): Promise<PublicLandingResponse> {
      const wanted = slug.trim().toLowerCase();
      const partner = SLUG_PATTERN.test(wanted) ? await d.repo.partnerBySlug(wanted) : undefined;
      if (!partner) throw notFound(M.partnerNotFound);
      const today = todayUtc();
      const articles = (await d.repo.publishedArticles(partner.id, today))
        .map(toArticle)
        .filter((a) => isPublished(a.published_on, today))
        .map(({ partner_id: _p, partner_name: _n, author_id: _a, ...rest }) => rest);
      const { id: _id, ...branding } = toLandingPartner(partner);
      // The same test the registration call makes, so Register never leads to 'does not take registrations'.
      const open = takesRegistrations(partner.id);
      return { partner: branding, articles, registration_open: open, registration_full: open && seatsTaken(partner) };
    },

    partnerLogo: (name: string) => d.files.get(`partner-logos/${name}`),
  };
}
export type LandingPagesService = ReturnType<typeof createLandingPagesService>;
