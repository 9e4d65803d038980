import { brandPasswordsApi as api } from '@simvisit/schema';
import { auditRequestOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** Manage Passwords (contracts in packages/schema/src/api/brand-passwords.ts); super admins only, at the gate. */
export const brandPasswordsRoutes: AnyRoute[] = [
  implement(api.list, ({ c }) => c.var.services.brandPasswords.list()),
  implement(api.save, ({ c, body }) => c.var.services.brandPasswords.save(auditRequestOf(c), body)),
];
