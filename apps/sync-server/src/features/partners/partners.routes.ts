import { partnersApi as api, MSG } from '@simvisit/schema';
import { auditRequestOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';
import { toPartner } from './partners.service';

/** Partner branding and switching (contracts in packages/schema/src/api/partners.ts). */
export const partnersRoutes: AnyRoute[] = [
  implement(api.single, ({ c, body }) => {
    const slug = c.var.services.partners.requestSlug(c.req.header('host'), body.partner_slug);
    return c.var.services.partners.single(slug);
  }),
  implement(api.switch, async ({ c, body }) => {
    const { services } = c.var;
    const user = c.var.user!;
    try {
      const target = await services.partners.switchTarget(user, body.partner_id);
      const from = c.var.session!.partner_id;
      await services.sessions.setPartner(c.var.session!.id, target.id);
      await services.audit.fromRequest(auditRequestOf(c), {
        action: 'partner.switch',
        partner_id: target.id,
        target_type: 'partner',
        target_id: target.id,
        details: { from },
      });
      // The redirect is a fixed same-origin path, never built from input (AUTHZ-10).
      return { message: MSG.partnerSwitched, redirect: '/dashboard', partner: toPartner(target) };
    } catch (err) {
      await services.audit.fromRequest(auditRequestOf(c), {
        action: 'partner.switch_denied',
        target_type: 'partner',
        target_id: body.partner_id,
      });
      throw err;
    }
  }),
  implement(api.list, async ({ c }) =>
    (await c.var.services.partners.partnersOf(c.var.user!)).map((p) => ({
      id: p.id,
      long_name: p.long_name,
      short_name: p.short_name,
      slug: p.slug,
      seats: p.seats,
      used_seats: p.used_seats,
      held_seats: p.held_seats,
    })),
  ),
];
