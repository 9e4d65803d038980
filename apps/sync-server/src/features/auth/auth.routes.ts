import { authApi as api, MSG } from '@simvisit/schema';
import type { Context } from 'hono';
import { selfUserOf } from '../../http/actor';
import type { AppEnv } from '../../http/app-env';
import { unauthenticated } from '../../http/errors';
import { type AnyRoute, implement } from '../../http/route';
import { clearSessionCookies, writeSessionCookies, writeXsrfCookie } from '../../platform/sessions';
import { toPartner } from '../partners';

function meta(c: Context<AppEnv>) {
  return { ip: c.var.ip, userAgent: c.req.header('user-agent'), host: c.req.header('host'), requestId: c.var.requestId };
}

/** Sign-in, session and password calls (contracts in packages/schema/src/api/auth.ts). */
export const authRoutes: AnyRoute[] = [
  implement(api.csrfCookie, async ({ c }) => {
    const { config, services } = c.var;
    let session = c.var.session;
    if (!session) {
      const created = await services.sessions.createGuest(meta(c));
      session = created.record;
      writeSessionCookies(c, config, created.token, session.csrf_token);
    } else {
      writeXsrfCookie(c, config, session.csrf_token);
    }
    return c.body(null, 204);
  }),
  implement(api.login, async ({ c, body }) => {
    const result = await c.var.services.auth.login(body, c.var.session, meta(c));
    writeSessionCookies(c, c.var.config, result.token, result.record.csrf_token);
    return { message: 'Authenticated.', partner: result.partner ? toPartner(result.partner) : null };
  }),
  implement(api.user, async ({ c }) => {
    const { services } = c.var;
    const user = c.var.user!;
    const sessionPartnerId = c.var.session?.partner_id ?? null;
    // Independent reads together (issue 23 item 3): the partner is read beside the rest, which needs only its id.
    const partnerRead = sessionPartnerId === null ? Promise.resolve(null) : services.partners.byId(sessionPartnerId).then((p) => p ?? null);
    const [partner, self, atPartner, partners, notifications, fieldsAtPartner, approved] = await Promise.all([
      partnerRead,
      selfUserOf(c, user),
      services.users.permissionsOf(user, sessionPartnerId),
      services.partners.partnersOf(user),
      services.notifications.activeOf(user.id),
      services.registrationFields.activeFor(sessionPartnerId),
      partnerRead.then((p) => services.passcode.isApproved(user, p)),
    ]);
    // A session's partner that no longer exists counts as none (read again only in that rare case).
    const gone = sessionPartnerId !== null && partner === null;
    const [permissions, fields] = gone
      ? await Promise.all([services.users.permissionsOf(user, null), services.registrationFields.activeFor(null)])
      : [atPartner, fieldsAtPartner];
    return {
      user: self,
      permissions,
      partners: partners.map(toPartner),
      partner: partner ? toPartner(partner) : null,
      notifications,
      registation_fields: fields,
      password_approved: approved,
    };
  }),
  // spec 000 §8 treats a 401 from the auth check apart from other calls: without a session it answers 401.
  implement(api.check, ({ c }) => {
    if (c.var.user === null || c.var.viaToken) throw unauthenticated();
    return { authenticated: true };
  }),
  implement(api.logout, async ({ c }) => {
    await c.var.services.auth.logout(c.var.session!, c.var.user, meta(c));
    clearSessionCookies(c, c.var.config);
    return { message: MSG.loggedOut };
  }),
  implement(api.issueToken, async ({ c }) => ({ token: await c.var.services.auth.issueToken(c.var.user!) })),
  implement(api.forgotPassword, async ({ c, body }) => ({
    message: await c.var.services.auth.forgotPassword(body.email, body.partner_slug, meta(c)),
  })),
  implement(api.resetPassword, async ({ c, body }) => ({ message: await c.var.services.auth.resetPassword(body, meta(c)) })),
  implement(api.submitPasscode, async ({ c, body }) => {
    const { services } = c.var;
    const partnerId = c.var.session?.partner_id ?? null;
    const partner = partnerId === null ? null : await services.partners.byId(partnerId);
    return { message: await services.passcode.submit(c.var.user!, partner, body.passcode, c.var.ip) };
  }),
];
