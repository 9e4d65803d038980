import { type AuthUserResponse, authApi, authUserResponseSchema, deviceTimeZone, isTimeZone } from '@simvisit/schema';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, errorMessage, isApiError, isConnectionError } from '../../lib/api';
import { lastUserId, readCached, rememberLastUser, removeCached, userKeys, writeCached } from '../../lib/offline-cache';
import { notify } from '../notices';
import { forgetOfflineLogout, settleOfflineLogout } from './server-logout';

/** The signed-in session: GET api/auth/user, or null when nobody is signed in. */
export type Session = AuthUserResponse;

export const SESSION_KEY = ['session'] as const;

function notifyUserLoadFailed() {
  notify({ title: 'Access Denied', content: 'Failed to retrieve authenticated user', icon: 'warning', color: 'yellow' });
}

// Whether the session shown was read from the device because the server was unreachable (DESIGN.md §6).
let sessionFromDevice = false;

/** Keeps the last api/auth/user answer on the device, so a reload without a network still opens the app. */
function rememberSession(session: Session): void {
  writeCached(userKeys.session(session.user.id), session);
  rememberLastUser(session.user.id);
}

/** The last signed-in user's saved answer, used only when the server cannot be reached. */
function sessionOnDevice(): Session | null {
  const userId = lastUserId();
  const session = userId ? readCached(userKeys.session(userId), authUserResponseSchema) : null;
  sessionFromDevice = session !== null;
  return session;
}

/** Forgets the saved answer: the server said the session ended, or the person logged out. */
export function forgetSessionOnDevice(userId: number | null = lastUserId()): void {
  if (userId) removeCached(userKeys.session(userId));
  sessionFromDevice = false;
}

/**
 * Loads the runtime's time-zone data while api/auth/user is on its way. The first formatter given a zone costs about
 * 20 ms on a phone (ICU reading its zone tables) and every signed-in page shows zoned times as soon as the answer
 * is in: paid now, in a task of its own while the page waits for the network, it no longer lengthens that first
 * render. Once is enough: every zone after the first is cheap.
 */
let zoneDataWarmed = false;
function warmTimeZoneData(): void {
  if (zoneDataWarmed) return;
  zoneDataWarmed = true;
  setTimeout(() => isTimeZone(deviceTimeZone()), 0);
}

/**
 * GET api/auth/user. A 401/419 means signed out (null); with `logoutOnUnauthenticated` it also ends the
 * client session like any other call. No connection: the answer saved on the device when the caller allows
 * it (the start-up check; never right after a sign-in). Other failures show the spec's warning and count as
 * signed out.
 */
export async function fetchAuthUser(logoutOnUnauthenticated = false, deviceCopyWhenOffline = false): Promise<Session | null> {
  try {
    const answer = apiCall(authApi.user, undefined, { onUnauthenticated: logoutOnUnauthenticated ? 'logout' : 'ignore' });
    warmTimeZoneData();
    const session = await answer;
    sessionFromDevice = false;
    rememberSession(session);
    return session;
  } catch (error) {
    if (isConnectionError(error) && deviceCopyWhenOffline) return sessionOnDevice();
    if (isApiError(error) && (error.status === 401 || error.status === 419)) {
      forgetSessionOnDevice();
      return null;
    }
    notifyUserLoadFailed();
    return null;
  }
}

/** GET api/auth/check: a 401 means nobody is signed in (spec 000 §8 keeps it apart from other 401s). */
async function serverSaysAuthenticated(): Promise<boolean> {
  try {
    return (await apiCall(authApi.check, undefined, { onUnauthenticated: 'ignore' })).authenticated;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return false;
    throw error;
  }
}

/**
 * The session check of spec 000 §4: api/auth/check, then api/auth/user when authenticated. Without a
 * connection the last signed-in user's saved answer stands in, so their local data stays reachable; a real
 * "not authenticated" still signs out.
 */
export async function checkSession(): Promise<Session | null> {
  // Logged out while offline: the server hears of it first, and nobody is signed in.
  if (await settleOfflineLogout()) return null;
  try {
    if (!(await serverSaysAuthenticated())) {
      forgetSessionOnDevice();
      return null;
    }
  } catch (error) {
    if (isConnectionError(error)) return sessionOnDevice();
    notify({ title: 'Authentication Failed', content: errorMessage(error), icon: 'error', color: 'red' });
    return null;
  }
  return fetchAuthUser(false, true);
}

export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: checkSession,
  // The session changes only through login, logout, passcode and partner switch, which update it themselves.
  staleTime: Number.POSITIVE_INFINITY,
});

/** The cached session, checked once if nothing is known yet. */
export function ensureSession(queryClient: QueryClient): Promise<Session | null> {
  return queryClient.ensureQueryData(sessionQuery);
}

/** Checks with the server again when the cache says signed out (another tab may have signed in). */
export async function recheckSession(queryClient: QueryClient): Promise<Session | null> {
  const cached = queryClient.getQueryData(sessionQuery.queryKey);
  if (cached) return cached;
  return queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
}

export function setSession(queryClient: QueryClient, session: Session | null): void {
  if (session) {
    rememberSession(session);
    forgetOfflineLogout();
  }
  queryClient.setQueryData(sessionQuery.queryKey, session);
}

/** Reloads api/auth/user after a change (passcode accepted); a 401 logs out. */
export async function refreshSession(queryClient: QueryClient): Promise<Session | null> {
  const session = await fetchAuthUser(true);
  setSession(queryClient, session);
  return session;
}

export function useSession(): Session | null {
  return useQuery(sessionQuery).data ?? null;
}

/**
 * The session came from the device (offline start) and the network is back: ask the server again. A real
 * "not authenticated" ends the client session; another failure keeps the saved one for now.
 */
export async function revalidateDeviceSession(queryClient: QueryClient): Promise<'signed-out' | 'valid' | 'unknown'> {
  if (!sessionFromDevice) return 'valid';
  let authenticated: boolean;
  try {
    authenticated = await serverSaysAuthenticated();
  } catch {
    return 'unknown';
  }
  if (!authenticated) {
    forgetSessionOnDevice();
    return 'signed-out';
  }
  const session = await fetchAuthUser();
  if (!session || sessionFromDevice) return 'unknown';
  setSession(queryClient, session);
  return 'valid';
}
