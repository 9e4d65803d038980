import {
  APPLYING_MESSAGES,
  applyingApi as api,
  applyRequestSchema,
  fieldErrors,
  firstMessage,
  forbiddenTextErrors,
  MSG,
} from '@simvisit/schema';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { HttpError, unprocessable } from '../../http/errors';
import { fileBytes, readMultipart } from '../../http/multipart';
import { type AnyRoute, implement } from '../../http/route';
import { writeSessionCookies } from '../../platform/sessions';

function meta(c: Context<AppEnv>) {
  return { ip: c.var.ip, host: c.req.header('host'), requestId: c.var.requestId };
}

/**
 * The application's multipart body: `application` holds the fields as JSON, checked with the shared schema and
 * the one text rule like any JSON body; `resume` and `headshot` are the files (their checks are the service's).
 */
async function readApplication(c: Context<AppEnv>) {
  const form = await readMultipart(c);
  let raw: unknown = {};
  if (typeof form.application === 'string') {
    try {
      raw = JSON.parse(form.application);
    } catch {
      throw new HttpError(400, MSG.invalidJson);
    }
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) raw = {};
  const forbidden = forbiddenTextErrors(raw);
  if (forbidden) throw unprocessable(firstMessage(forbidden), forbidden);
  const parsed = applyRequestSchema.safeParse(raw);
  const resume = await fileBytes(form.resume);
  const headshot = await fileBytes(form.headshot);
  if (!parsed.success) {
    // Missing files are named with the fields, so the form shows every message of one submit at once.
    const errors = fieldErrors(parsed.error.issues);
    if (!resume) errors.resume = [APPLYING_MESSAGES.resumeRequired];
    if (!headshot) errors.headshot = [APPLYING_MESSAGES.headshotRequired];
    throw unprocessable(firstMessage(errors), errors);
  }
  return { input: parsed.data, files: { resume, headshot } };
}

/** Applying for a role (contracts in packages/schema/src/api/applying.ts). */
export const applyingRoutes: AnyRoute[] = [
  implement(api.form, ({ c, query }) => c.var.services.applying.form(c.req.header('host'), query.partner_slug)),
  implement(api.apply, async ({ c }) => {
    await c.var.services.applying.countAttempt(meta(c));
    const { input, files } = await readApplication(c);
    return { message: await c.var.services.applying.apply(input, files, meta(c)) };
  }),
  implement(api.confirmEmail, async ({ c, body }) => {
    const { services, config } = c.var;
    const done = await services.applying.confirm(body.token, meta(c));
    // Whoever signed in to the account before its address was proven is signed out (issue 21 item 13).
    await services.sessions.destroyAllForUser(done.userId);
    // Following the link proves the mailbox: the applicant is signed in at the partner they applied to.
    const started = await services.sessions.rotateForUser(c.var.session, done.userId, done.partnerId, {
      ip: c.var.ip,
      userAgent: c.req.header('user-agent'),
    });
    writeSessionCookies(c, config, started.token, started.record.csrf_token);
    return { message: done.applicationIds.length > 0 ? APPLYING_MESSAGES.confirmed : APPLYING_MESSAGES.emailConfirmed };
  }),
  implement(api.resendConfirmation, async ({ c }) => ({ message: await c.var.services.applying.resend(c.var.user!, meta(c)) })),
];
