import { authApi } from '@simvisit/schema';
import { z } from 'zod/mini';
import { apiCall, isConnectionError } from '../../lib/api';
import { readCached, removeCached, writeCached } from '../../lib/offline-cache';

const LOGOUT_PENDING = 'logout-pending';

/**
 * GET api/logout. When it cannot reach the server the session cookie is still valid there, so the logout is
 * remembered and sent before the next session check (settleOfflineLogout), never leaving a way back in.
 */
export async function logoutOnServer(): Promise<void> {
  try {
    // GET as documented, but it changes state: the contract says so, and the call carries the CSRF header (DESIGN.md §4).
    await apiCall(authApi.logout, undefined, { onUnauthenticated: 'ignore' });
    removeCached(LOGOUT_PENDING);
  } catch (error) {
    if (isConnectionError(error)) writeCached(LOGOUT_PENDING, true);
    else removeCached(LOGOUT_PENDING);
  }
}

/** A logout made offline and still owed to the server is sent now. True when one was owed. */
export async function settleOfflineLogout(): Promise<boolean> {
  if (!readCached(LOGOUT_PENDING, z.boolean())) return false;
  await logoutOnServer();
  return true;
}

/** A new sign-in replaced the old session on the server: nothing is owed any more. */
export function forgetOfflineLogout(): void {
  removeCached(LOGOUT_PENDING);
}
