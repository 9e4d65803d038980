import {
  mobileCodeResponseSchema,
  mobileUpdateRequestSchema,
  mobileVerifyRequestSchema,
  mobileVerifyResponseSchema,
  smsOptInRequestSchema,
  smsOptInResponseSchema,
} from '@simvisit/schema';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { type AnyRoute, defineRoute } from '../../http/route';
import type { CallMeta } from './mobile-verification.service';

const meta = (c: Context<AppEnv>): CallMeta => ({ ip: c.var.ip, requestId: c.var.requestId, partnerId: c.var.session?.partner_id ?? null });

/** Mobile verification (spec 002 §2.4, §7) and the SMS opt-in (spec 001 §5, §7): always the caller's own number. */
export const mobileVerificationRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api/mobile/update',
    tag: 'Mobile verification',
    summary: 'Change the caller’s mobile number (US, CA, MX) and text it a new code',
    access: { type: 'authenticated' },
    scope: 'self',
    body: mobileUpdateRequestSchema,
    response: mobileCodeResponseSchema,
    handler: ({ c, body }) => c.var.services.mobileVerification.update(c.var.user!, body.mobile_input, meta(c)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/mobile/code',
    tag: 'Mobile verification',
    summary: 'Text a new 6-digit code to the caller’s mobile number (cooldown and caps apply)',
    access: { type: 'authenticated' },
    scope: 'self',
    response: mobileCodeResponseSchema,
    handler: ({ c }) => c.var.services.mobileVerification.code(c.var.user!, meta(c)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/mobile/verify',
    tag: 'Mobile verification',
    summary: 'Check the code (at most 5 tries per code); success marks the number verified for 90 days',
    access: { type: 'authenticated' },
    scope: 'self',
    body: mobileVerifyRequestSchema,
    response: mobileVerifyResponseSchema,
    handler: ({ c, body }) => c.var.services.mobileVerification.verify(c.var.user!, body.ver_code, meta(c)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/user/sms-opt-in',
    tag: 'Mobile verification',
    summary: 'smsOptIn: turn SMS notifications on (needs sms_consent and a US/CA/MX number) or off',
    access: { type: 'authenticated' },
    scope: 'self',
    body: smsOptInRequestSchema,
    response: smsOptInResponseSchema,
    handler: async ({ c, body }) => {
      const { services } = c.var;
      const message = await services.mobileVerification.optIn(c.var.user!, body, meta(c));
      const fresh = (await services.users.byId(c.var.user!.id))!;
      return { message, user: await services.users.selfView(fresh) };
    },
  }),
];
