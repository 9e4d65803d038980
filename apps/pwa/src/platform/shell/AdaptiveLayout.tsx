import { Spinner } from '@simvisit/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSession } from '../session';
import { PublicFrame } from './PublicFrame';

/**
 * The signed-in frame (top bar, menus, notifications, sidebar, dialogs, sync state) is its own chunk: /login and
 * /register never draw it, so their first JavaScript leaves it out (decision 0085). The signed-in routes start
 * loading it in their guard (`preloadAppShell`), beside the page's own chunk, so it costs no extra round trip.
 */
let appShellModule: Promise<typeof import('./AppShell')> | null = null;
export function preloadAppShell(): Promise<typeof import('./AppShell')> {
  appShellModule ??= import('./AppShell');
  return appShellModule;
}
const AppShell = lazy(() => preloadAppShell().then((m) => ({ default: m.AppShell })));

function ShellPending() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </div>
  );
}

/** Pages anyone may open: inside the shell when signed in, else in the empty layout. */
export function AdaptiveLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) {
    return (
      <Suspense fallback={<ShellPending />}>
        <AppShell session={session}>{children}</AppShell>
      </Suspense>
    );
  }
  return <PublicFrame>{children}</PublicFrame>;
}

/** The signed-in pages' frame; it renders nothing for the moment between logout and the login page. */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return null;
  return (
    <Suspense fallback={<ShellPending />}>
      <AppShell session={session}>{children}</AppShell>
    </Suspense>
  );
}
