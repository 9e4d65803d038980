import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/types';

export interface AuditEntry {
  action: string;
  actor_user_id?: number | null;
  partner_id?: number | null;
  target_type?: string | null;
  target_id?: string | number | null;
  ip?: string | null;
  request_id?: string | null;
  details?: Record<string, unknown> | null;
}

/** Writes an audit entry through the database or an open transaction (so it commits with the change). */
export async function insertAuditEntry(ex: Kysely<DB> | Transaction<DB>, e: AuditEntry): Promise<void> {
  await ex
    .insertInto('audit_log')
    .values({
      action: e.action,
      actor_user_id: e.actor_user_id ?? null,
      partner_id: e.partner_id ?? null,
      target_type: e.target_type ?? null,
      target_id: e.target_id === undefined || e.target_id === null ? null : String(e.target_id),
      ip: e.ip ?? null,
      request_id: e.request_id ?? null,
      details: e.details ? JSON.stringify(e.details) : null,
    })
    .execute();
}

export function createAuditRepository(db: Database) {
  return {
    insert: (e: AuditEntry) => insertAuditEntry(db, e),
    list: (action?: string) => {
      let q = db.selectFrom('audit_log').selectAll().orderBy('id', 'asc');
      if (action) q = q.where('action', '=', action);
      return q.execute();
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
