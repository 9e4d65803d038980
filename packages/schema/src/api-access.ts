import type { Permission } from './permissions';

/**
 * Who may call a REST route or use a replicated collection (default deny: every route declares one).
 * Object and partner checks beyond this happen in the server's services.
 */
export type Access =
  | { type: 'public' }
  | { type: 'authenticated' }
  | { type: 'permission'; permission: Permission }
  | { type: 'super_admin' }
  /** only while demo mode is on; not served at all otherwise */
  | { type: 'demo' }
  /** only while test mode is on (the test clock and test data, decision 0039); not served at all otherwise */
  | { type: 'test' };

/** What the handler checks beyond the access rule, for the reader and the OpenAPI document. */
export type Scope = 'none' | 'self' | 'partner' | 'object';
