import { userManagementApi as api, USER_MANAGEMENT_MESSAGES } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';
import { privateFileDownload } from '../../http/upload-response';

import { writeSessionCookies } from '../../platform/sessions';

/** User management (contracts in packages/schema/src/api/user-management.ts) and the auto-login landing. */
export const userManagementRoutes: AnyRoute[] = [
  implement(api.list, async ({ c, body }) => c.var.services.userManagement.list(await actorOf(c), body)),
  implement(api.detail, async ({ c, body }) => c.var.services.userManagement.detail(await actorOf(c), body.user_id)),
  implement(api.activity, async ({ c, body }) =>
    c.var.services.userManagement.activity(await actorOf(c), body.user_id, body.kind, body.page_start),
  ),
  implement(api.updateNotificationSettings, async ({ c, body }) => {
    await c.var.services.userManagement.notificationSettings(await actorOf(c), body.user_id, body);
    return { message: USER_MANAGEMENT_MESSAGES.notificationsUpdated };
  }),
  implement(api.updatePassword, async ({ c, body }) => {
    await c.var.services.userManagement.setPassword(await actorOf(c), body.user_id, body.password);
    return { message: USER_MANAGEMENT_MESSAGES.passwordUpdated };
  }),
  implement(api.updateRoles, async ({ c, body }) => {
    await c.var.services.userManagement.updateRoles(await actorOf(c), body);
    return { message: USER_MANAGEMENT_MESSAGES.rolesUpdated };
  }),
  implement(api.privateFile, async ({ c, params }) =>
    privateFileDownload(c, await c.var.services.userManagement.privateFile(await actorOf(c), params.user_id, params.kind), params.kind),
  ),
  // A link the browser follows, not a REST call: left out of the OpenAPI document as before.
  {
    ...implement(api.autoLogin, async ({ c }) => {
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
    }),
    internal: true,
  },
];
