import { type AuthUserResponse, authCheckResponseSchema, authUserResponseSchema } from '@simvisit/schema';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, errorMessage, isApiError } from '../../lib/api';
import { notify } from '../shell/notifications';

/** The signed-in session: GET api/auth/user, or null when nobody is signed in. */
export type Session = AuthUserResponse;

export const SESSION_KEY = ['session'] as const;

function notifyUserLoadFailed() {
  notify({ title: 'Access Denied', content: 'Failed to retrieve authenticated user', icon: 'warning', color: 'yellow' });
}

/**
 * GET api/auth/user. A 401/419 means signed out (null); with `logoutOnUnauthenticated` it also ends the
 * client session like any other call. Other failures show the spec's warning and count as signed out.
 */
export async function fetchAuthUser(logoutOnUnauthenticated = false): Promise<Session | null> {
  try {
    return await apiRequest('/api/auth/user', {
      schema: authUserResponseSchema,
      onUnauthenticated: logoutOnUnauthenticated ? 'logout' : 'ignore',
    });
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 419)) return null;
    notifyUserLoadFailed();
    return null;
  }
}

/** The session check of spec 000 §4: api/auth/check, then api/auth/user when authenticated. */
async function checkSession(): Promise<Session | null> {
  try {
    const { authenticated } = await apiRequest('/api/auth/check', {
      schema: authCheckResponseSchema,
      onUnauthenticated: 'ignore',
    });
    if (!authenticated) return null;
  } catch (error) {
    notify({ title: 'Authentication Failed', content: errorMessage(error), icon: 'error', color: 'red' });
    return null;
  }
  return fetchAuthUser();
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
