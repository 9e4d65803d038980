import type { RequestMeta } from '../actor';
import type { AuditEntry, AuditRepository } from './audit.repository';

/** Who made a request and where it came from, as the audit log keeps it. */
export interface AuditRequest extends RequestMeta {
  userId: number | null;
  partnerId: number | null;
}

/** The append-only audit trail (LOG-01). Never put passwords, codes or tokens in `details`. */
export function createAuditService(repo: AuditRepository) {
  return {
    record: (entry: AuditEntry) => repo.insert(entry),
    /** Records with the request's actor, partner, address and request id filled in. */
    fromRequest(request: AuditRequest, entry: Omit<AuditEntry, 'ip' | 'request_id'>) {
      return repo.insert({
        actor_user_id: request.userId,
        partner_id: request.partnerId,
        ip: request.ip,
        request_id: request.requestId,
        ...entry,
      });
    },
    list: (action?: string) => repo.list(action),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
