import { createContext, type ReactNode, useContext } from 'react';
import type { Session } from './session';

const SignedInContext = createContext<Session | null>(null);

/**
 * Hands the session down to pages inside the signed-in shell. The shell stops rendering as soon as the
 * session ends, so pages below it never see null.
 */
export function SignedInProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SignedInContext.Provider value={session}>{children}</SignedInContext.Provider>;
}

export function useSignedInSession(): Session {
  const session = useContext(SignedInContext);
  if (!session) throw new Error('useSignedInSession is used outside the signed-in shell.');
  return session;
}

/** The session when the page is shown inside the signed-in shell, else null (public pages). */
export function useOptionalSignedInSession(): Session | null {
  return useContext(SignedInContext);
}
