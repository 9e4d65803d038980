import { registrationApi as api, REGISTRATION_MESSAGES } from '@simvisit/schema';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { type AnyRoute, implement } from '../../http/route';
import { writeSessionCookies } from '../../platform/sessions';

function meta(c: Context<AppEnv>) {
  return { ip: c.var.ip, host: c.req.header('host'), requestId: c.var.requestId };
}

/** A learner registering at a partner (contracts in packages/schema/src/api/registration.ts). */
export const registrationRoutes: AnyRoute[] = [
  implement(api.form, ({ c, query }) => c.var.services.registration.form(c.req.header('host'), query.partner_slug)),
  implement(api.register, async ({ c, body }) => ({ message: await c.var.services.registration.register(body, meta(c)) })),
  implement(api.confirmEmail, async ({ c, body }) => {
    const { services, config } = c.var;
    const done = await services.registration.confirm(body.token, meta(c));
    // Whoever signed in to the account before its address was proven is signed out (issue 21 item 13).
    await services.sessions.destroyAllForUser(done.userId);
    // Following the link proves the mailbox: the learner is signed in at the partner they registered with.
    const started = await services.sessions.rotateForUser(c.var.session, done.userId, done.partnerId, {
      ip: c.var.ip,
      userAgent: c.req.header('user-agent'),
    });
    writeSessionCookies(c, config, started.token, started.record.csrf_token);
    return { message: REGISTRATION_MESSAGES.confirmed, partner_slug: done.partnerSlug, passcode_required: done.passcodeRequired };
  }),
  implement(api.confirmationStatus, async ({ c }) => ({
    confirmation_pending: await c.var.services.registration.confirmationPending(c.var.user!),
  })),
  implement(api.resendConfirmation, async ({ c }) => ({ message: await c.var.services.registration.resend(c.var.user!, meta(c)) })),
];
