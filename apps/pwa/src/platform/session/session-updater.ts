import type { AuthUser } from '@simvisit/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refreshSession, type Session, sessionQuery, setSession } from './session';

/**
 * Keeps the signed-in session (top bar, the pages, the copy saved for offline use) in step with a save:
 * `applyUser` takes the user the server answered with, `patchUser` changes part of it, `refresh` reloads
 * api/auth/user. The profile and the mobile verification pages both change the signed-in user.
 */
export function useSessionUpdater() {
  const queryClient = useQueryClient();
  const apply = useCallback(
    (change: (session: Session) => Session) => {
      const current = queryClient.getQueryData(sessionQuery.queryKey);
      if (current) setSession(queryClient, change(current));
    },
    [queryClient],
  );
  return {
    applyUser: useCallback((user: AuthUser) => apply((s) => ({ ...s, user })), [apply]),
    patchUser: useCallback((patch: Partial<AuthUser>) => apply((s) => ({ ...s, user: { ...s.user, ...patch } })), [apply]),
    refresh: useCallback(() => refreshSession(queryClient), [queryClient]),
  };
}
