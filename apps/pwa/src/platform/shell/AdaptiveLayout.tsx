import type { ReactNode } from 'react';
import { useSession } from '../session';
import { AppShell } from './AppShell';
import { PublicFrame } from './PublicFrame';

/** Pages anyone may open: inside the shell when signed in, else in the empty layout. */
export function AdaptiveLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) return <AppShell session={session}>{children}</AppShell>;
  return <PublicFrame>{children}</PublicFrame>;
}

/** The signed-in pages' frame; it renders nothing for the moment between logout and the login page. */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return null;
  return <AppShell session={session}>{children}</AppShell>;
}
