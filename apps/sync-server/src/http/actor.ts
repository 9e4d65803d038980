import type { AuthUser } from '@simvisit/schema';
import type { Context } from 'hono';
import type { UserRow } from '../db/types';
import type { Actor } from '../platform/actor';
import type { AuditRequest } from '../platform/audit';
import type { AppEnv } from './app-env';

/** The caller as the write rules see them: the session's user, partner and permissions there. */
export async function actorOf(c: Context<AppEnv>): Promise<Actor> {
  const user = c.var.user!;
  const partnerId = c.var.session?.partner_id ?? null;
  return { user, partnerId, permissions: await c.var.services.users.permissionsOf(user, partnerId) };
}

/** The request as the audit log records it: who, at which partner, from where. */
export function auditRequestOf(c: Context<AppEnv>): AuditRequest {
  return { userId: c.var.user?.id ?? null, partnerId: c.var.session?.partner_id ?? null, ip: c.var.ip, requestId: c.var.requestId };
}

/**
 * The signed-in user as they see themself: the `user` of GET api/auth/user and of the answers that change it
 * (profile fields, SMS opt-in), so the PWA can put it in the session whole. The users feature's view with the
 * availability feature's windows.
 */
export async function selfUserOf(c: Context<AppEnv>, user: UserRow): Promise<AuthUser> {
  const { services } = c.var;
  const [self, availabilities] = await Promise.all([services.users.selfView(user), services.availability.list(user.id)]);
  return { ...self, availabilities };
}
