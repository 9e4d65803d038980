import { MSG, REGISTRATION_MESSAGES } from '@simvisit/schema';
import type { Context } from 'hono';
import type { UserRow } from '../db/types';
import type { AppEnv } from './app-env';
import { forbidden } from './errors';
import type { AnyRoute } from './route';

/**
 * The partner's admission, enforced once for every signed-in call (issue 21 item 1, docs/decisions/0079): an
 * account whose registration still waits for its emailed link, or whose current partner asks for a brand passcode
 * not yet given, is refused with the message that says which, whatever it calls. The PWA's router only shows the
 * way (spec 000 §4); the server is what holds. Super admins manage both and are never held; a pre-approved email
 * skips the passcode (passcode service) but still proves its mailbox. The calls an account needs to get out of
 * the state declare `beforeAdmission` on their contract; public calls never reach here.
 */
export async function requireAdmission(c: Context<AppEnv>, def: AnyRoute, user: UserRow): Promise<void> {
  if (def.beforeAdmission || user.super_admin) return;
  const { services } = c.var;
  if (await services.registration.confirmationPending(user)) throw forbidden(REGISTRATION_MESSAGES.confirmNotice);
  const partnerId = c.var.session?.partner_id ?? null;
  if (partnerId === null) return;
  const partner = await services.partners.byId(partnerId);
  if (!(await services.passcode.isApproved(user, partner))) throw forbidden(MSG.passcodeRequired);
}
