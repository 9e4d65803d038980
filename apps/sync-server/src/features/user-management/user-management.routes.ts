import {
  adminPasswordRequestSchema,
  messageSchema,
  notificationSettingsRequestSchema,
  USER_MANAGEMENT_MESSAGES,
  updateRolesRequestSchema,
  userActivityRequestSchema,
  userActivityResponseSchema,
  userDetailRequestSchema,
  userDetailResponseSchema,
  userListRequestSchema,
  userListResponseSchema,
} from '@simvisit/schema';
import { z } from 'zod';
import { actorOf } from '../../http/actor';
import { notFound } from '../../http/errors';
import { type AnyRoute, defineRoute } from '../../http/route';
import { writeSessionCookies } from '../../platform/sessions';

export const userManagementRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api/user/management',
    tag: 'User management',
    summary: 'Users the caller administers, filtered by role (0 all, 99 super admins) and email, 20 a page',
    access: { type: 'permission', permission: 'user.view_list' },
    scope: 'partner',
    body: userListRequestSchema,
    response: userListResponseSchema,
    handler: async ({ c, body }) => c.var.services.userManagement.list(await actorOf(c), body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/user/manage',
    tag: 'User management',
    summary: 'One user the caller administers, with partners (auto-login links), roles and activity',
    access: { type: 'permission', permission: 'user.view_list' },
    scope: 'object',
    body: userDetailRequestSchema,
    response: userDetailResponseSchema,
    handler: async ({ c, body }) => c.var.services.userManagement.detail(await actorOf(c), body.user_id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/user/activity',
    tag: 'User management',
    summary: "A page of a user's visits, training sessions or interviews (10 a page)",
    access: { type: 'permission', permission: 'user.view_list' },
    scope: 'object',
    body: userActivityRequestSchema,
    response: userActivityResponseSchema,
    handler: async ({ c, body }) => c.var.services.userManagement.activity(await actorOf(c), body.user_id, body.kind, body.page_start),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/user/update-notification-settings',
    tag: 'User management',
    summary: "Change another user's email, SMS and auto-login settings",
    access: { type: 'permission', permission: 'user.edit' },
    scope: 'object',
    body: notificationSettingsRequestSchema,
    response: messageSchema,
    handler: async ({ c, body }) => {
      await c.var.services.userManagement.notificationSettings(await actorOf(c), body.user_id, body);
      return { message: USER_MANAGEMENT_MESSAGES.notificationsUpdated };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/user/update-password',
    tag: 'User management',
    summary: "Set another user's password (8 characters, matching confirmation)",
    access: { type: 'permission', permission: 'user.edit' },
    scope: 'object',
    body: adminPasswordRequestSchema,
    response: messageSchema,
    handler: async ({ c, body }) => {
      await c.var.services.userManagement.setPassword(await actorOf(c), body.user_id, body.password);
      return { message: USER_MANAGEMENT_MESSAGES.passwordUpdated };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/user/update-roles',
    tag: 'User management',
    summary: "Change another user's roles, pay rates and client-admin partners",
    access: { type: 'permission', permission: 'user_role.edit' },
    scope: 'object',
    body: updateRolesRequestSchema,
    response: messageSchema,
    handler: async ({ c, body }) => {
      await c.var.services.userManagement.updateRoles(await actorOf(c), body);
      return { message: USER_MANAGEMENT_MESSAGES.rolesUpdated };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/user/:user_id/:kind',
    tag: 'User management',
    summary: "Download a user's resume or headshot (the user, or an admin of theirs)",
    access: { type: 'authenticated' },
    scope: 'object',
    params: z.object({ user_id: z.coerce.number().int().positive(), kind: z.enum(['resume', 'headshot']) }),
    handler: async ({ c, params }) => {
      const key = await c.var.services.userManagement.privateFile(await actorOf(c), params.user_id, params.kind);
      const data = await c.var.services.files.get(key);
      if (!data) throw notFound();
      const pdf = key.endsWith('.pdf');
      return c.body(new Uint8Array(data), 200, {
        'content-type': pdf ? 'application/pdf' : key.endsWith('.png') ? 'image/png' : 'image/jpeg',
        'content-disposition': `attachment; filename="${params.kind}${pdf ? '.pdf' : key.endsWith('.png') ? '.png' : '.jpg'}"`,
        'content-security-policy': "sandbox; default-src 'none'",
        'cache-control': 'private, no-store',
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/auto-login/:token',
    tag: 'Auth',
    summary: 'Follow a single-use auto-login link (signs in, then redirects to the dashboard)',
    access: { type: 'public' },
    scope: 'none',
    internal: true,
    handler: async ({ c }) => {
      const { services, config } = c.var;
      const found = await services.userManagement.consumeAutoLogin(c.req.param('token') ?? '');
      if (!found) return c.redirect('/login?expired=1', 302);
      const started = await services.sessions.rotateForUser(c.var.session, found.user.id, found.partnerId, {
        ip: c.var.ip,
        userAgent: c.req.header('user-agent'),
      });
      writeSessionCookies(c, config, started.token, started.record.csrf_token);
      await services.audit.record({
        action: 'auth.auto_login',
        actor_user_id: found.user.id,
        partner_id: found.partnerId,
        ip: c.var.ip,
        request_id: c.var.requestId,
      });
      // Redirect at once so the token leaves the address bar and history.
      return c.redirect('/dashboard', 302);
    },
  }),
];
