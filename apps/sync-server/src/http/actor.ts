import type { Context } from 'hono';
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
