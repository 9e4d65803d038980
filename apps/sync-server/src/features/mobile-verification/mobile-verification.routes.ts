import { mobileVerificationApi as api } from '@simvisit/schema';
import type { Context } from 'hono';
import { selfUserOf } from '../../http/actor';
import type { AppEnv } from '../../http/app-env';
import { type AnyRoute, implement } from '../../http/route';
import type { CallMeta } from './mobile-verification.service';

const meta = (c: Context<AppEnv>): CallMeta => ({ ip: c.var.ip, requestId: c.var.requestId, partnerId: c.var.session?.partner_id ?? null });

/** Mobile verification and the SMS opt-in (contracts in packages/schema/src/api/mobile-verification.ts). */
export const mobileVerificationRoutes: AnyRoute[] = [
  implement(api.update, ({ c, body }) => c.var.services.mobileVerification.update(c.var.user!, body.mobile_input, meta(c))),
  implement(api.sendCode, ({ c }) => c.var.services.mobileVerification.code(c.var.user!, meta(c))),
  implement(api.verify, ({ c, body }) => c.var.services.mobileVerification.verify(c.var.user!, body.ver_code, meta(c))),
  implement(api.smsOptIn, async ({ c, body }) => {
    const { services } = c.var;
    const message = await services.mobileVerification.optIn(c.var.user!, body, meta(c));
    const fresh = (await services.users.byId(c.var.user!.id))!;
    return { message, user: await selfUserOf(c, fresh) };
  }),
];
