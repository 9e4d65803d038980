import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { SyncActor } from './sync-collection';

/** The caller as the write rules see them: the session's user, partner and permissions there. */
export async function actorOf(c: Context<AppEnv>): Promise<SyncActor> {
  const user = c.var.user!;
  const partnerId = c.var.session?.partner_id ?? null;
  return { user, partnerId, permissions: await c.var.services.users.permissionsOf(user, partnerId) };
}
