import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuditEntry, AuditRepository } from './audit.repository';

/** The append-only audit trail (LOG-01). Never put passwords, codes or tokens in `details`. */
export function createAuditService(repo: AuditRepository) {
  return {
    record: (entry: AuditEntry) => repo.insert(entry),
    /** Records with the request's actor, partner, address and request id filled in. */
    fromRequest(c: Context<AppEnv>, entry: Omit<AuditEntry, 'ip' | 'request_id'>) {
      return repo.insert({
        actor_user_id: c.var.user?.id ?? null,
        partner_id: c.var.session?.partner_id ?? null,
        ip: c.var.ip,
        request_id: c.var.requestId,
        ...entry,
      });
    },
    list: (action?: string) => repo.list(action),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
