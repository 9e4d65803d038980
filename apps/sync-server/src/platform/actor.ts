import type { UserRow } from '../db/types';

/**
 * The caller as the rules see them: the session's user, the partner they work at and their permissions there.
 * A leaf module on purpose (issue 10): services, sync collections and the audit log take an Actor and know
 * nothing of HTTP or of the sync engine; `actorOf` in http/ builds one from a request.
 */
export interface Actor {
  user: UserRow;
  partnerId: number | null;
  permissions: readonly string[];
}

/** Where a change came from, for the audit log (never a password, code or token). */
export interface RequestMeta {
  ip: string;
  requestId: string;
}
