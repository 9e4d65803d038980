import {
  authCheckResponseSchema,
  authUserResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  MSG,
  messageSchema,
  passcodeRequestSchema,
  resetPasswordRequestSchema,
  tokenResponseSchema,
} from '@simvisit/schema';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { unauthenticated } from '../../http/errors';
import { type AnyRoute, defineRoute } from '../../http/route';
import { clearSessionCookies, writeSessionCookies, writeXsrfCookie } from '../../platform/sessions';
import { toPartner } from '../partners';

function meta(c: Context<AppEnv>) {
  return { ip: c.var.ip, userAgent: c.req.header('user-agent'), host: c.req.header('host'), requestId: c.var.requestId };
}

export const authRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/sanctum/csrf-cookie',
    tag: 'Auth',
    summary: 'Set the XSRF-TOKEN cookie (starts a guest session when there is none)',
    access: { type: 'public' },
    scope: 'none',
    handler: async ({ c }) => {
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
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/login',
    tag: 'Auth',
    summary: 'Sign in with email and password at a partner',
    access: { type: 'public' },
    scope: 'none',
    body: loginRequestSchema,
    response: loginResponseSchema,
    handler: async ({ c, body }) => {
      const result = await c.var.services.auth.login(body, c.var.session, meta(c));
      writeSessionCookies(c, c.var.config, result.token, result.record.csrf_token);
      return { message: 'Authenticated.', partner: result.partner ? toPartner(result.partner) : null };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auth/user',
    tag: 'Auth',
    summary: 'The signed-in user with permissions, partners, notifications and registration fields',
    access: { type: 'authenticated' },
    scope: 'self',
    response: authUserResponseSchema,
    handler: async ({ c }) => {
      const { services } = c.var;
      const user = c.var.user!;
      const partnerId = c.var.session?.partner_id ?? null;
      const partner = partnerId === null ? null : ((await services.partners.byId(partnerId)) ?? null);
      const [self, availabilities, permissions, partners, notifications, fields, approved] = await Promise.all([
        services.users.selfView(user),
        services.availability.list(user.id),
        services.users.permissionsOf(user, partner?.id ?? null),
        services.partners.partnersOf(user),
        services.notifications.activeOf(user.id),
        services.registrationFields.activeFor(partner?.id ?? null),
        services.passcode.isApproved(user, partner),
      ]);
      return {
        user: { ...self, availabilities },
        permissions,
        partners: partners.map(toPartner),
        partner: partner ? toPartner(partner) : null,
        notifications,
        registation_fields: fields,
        password_approved: approved,
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auth/check',
    tag: 'Auth',
    summary: 'Whether the caller has a signed-in session',
    access: { type: 'public' },
    scope: 'none',
    response: authCheckResponseSchema,
    // spec 000 §8 treats a 401 from the auth check apart from other calls: without a session it answers 401.
    handler: ({ c }) => {
      if (c.var.user === null || c.var.viaToken) throw unauthenticated();
      return { authenticated: true };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/logout',
    tag: 'Auth',
    summary: 'Sign out (a GET in the spec, so it requires X-XSRF-TOKEN like any state change)',
    access: { type: 'authenticated' },
    scope: 'self',
    stateChanging: true,
    response: messageSchema,
    handler: async ({ c }) => {
      await c.var.services.auth.logout(c.var.session!, c.var.user, meta(c));
      clearSessionCookies(c, c.var.config);
      return { message: MSG.loggedOut };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auth/user/token',
    tag: 'Auth',
    summary: 'Issue a one-hour read-only bearer token for the signed-in user',
    access: { type: 'authenticated' },
    scope: 'self',
    stateChanging: true,
    response: tokenResponseSchema,
    handler: async ({ c }) => ({ token: await c.var.services.auth.issueToken(c.var.user!) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/forgot-password',
    tag: 'Auth',
    summary: 'Mail a password reset link (the answer never tells whether the email exists)',
    access: { type: 'public' },
    scope: 'none',
    body: forgotPasswordRequestSchema,
    response: messageSchema,
    handler: async ({ c, body }) => ({
      message: await c.var.services.auth.forgotPassword(body.email, body.partner_slug, meta(c)),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/reset-password',
    tag: 'Auth',
    summary: 'Set a new password with a mailed reset token',
    access: { type: 'public' },
    scope: 'none',
    body: resetPasswordRequestSchema,
    response: messageSchema,
    handler: async ({ c, body }) => ({ message: await c.var.services.auth.resetPassword(body, meta(c)) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/user/submit-passcode',
    tag: 'Auth',
    summary: "Submit the current partner's brand passcode",
    access: { type: 'authenticated' },
    scope: 'partner',
    body: passcodeRequestSchema,
    response: messageSchema,
    handler: async ({ c, body }) => {
      const { services } = c.var;
      const partnerId = c.var.session?.partner_id ?? null;
      const partner = partnerId === null ? null : await services.partners.byId(partnerId);
      return { message: await services.passcode.submit(c.var.user!, partner, body.passcode) };
    },
  }),
];
