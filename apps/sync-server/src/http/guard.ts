import type { Context } from 'hono';
import { safeEqual } from '../lib/crypto';
import { requireAdmission } from './admission';
import type { AppEnv } from './app-env';
import { csrfMismatch, forbidden, notFound, unauthenticated } from './errors';
import { originAllowed } from './origins';
import { type AnyRoute, isStateChanging } from './route';

/**
 * The per-route gate, in Sanctum's order: CSRF first (419), then authentication (401), then the partner's
 * admission (403: email confirmed, brand passcode given), then the permission at the current partner (403).
 * Object and partner checks happen in the services.
 */
export async function guard(c: Context<AppEnv>, def: AnyRoute): Promise<void> {
  const { config, services } = c.var;
  if (def.access.type === 'demo' && !config.demoMode) throw notFound();
  if (def.access.type === 'test' && !config.testMode) throw notFound();

  if (isStateChanging(def) && !c.var.viaToken) {
    const origin = c.req.header('origin');
    if (origin !== undefined && !originAllowed(origin, config)) throw forbidden('Cross-origin request refused.');
    const token = c.req.header('x-xsrf-token');
    const session = c.var.session;
    if (!token || !session || !safeEqual(token, session.csrf_token)) throw csrfMismatch();
  }
  if (isStateChanging(def) && c.var.viaToken) throw forbidden('Tokens may only read.');

  const user = c.var.user;
  switch (def.access.type) {
    case 'public':
    case 'demo':
    case 'test':
      return;
    case 'authenticated':
      if (!user) throw unauthenticated();
      await requireAdmission(c, def, user);
      return;
    case 'super_admin':
      if (!user) throw unauthenticated();
      await requireAdmission(c, def, user);
      if (!user.super_admin) throw forbidden();
      return;
    case 'permission': {
      if (!user) throw unauthenticated();
      await requireAdmission(c, def, user);
      const permissions = await services.users.permissionsOf(user, c.var.session?.partner_id ?? null);
      if (!permissions.includes(def.access.permission)) throw forbidden();
      return;
    }
  }
}
