import { createRoute, Outlet } from '@tanstack/react-router';
import {
  preloadDisplayZone,
  requireAccess,
  requirePasscode,
  requireSignedIn,
  SignedInProvider,
  sessionQuery,
  useSession,
} from '../session';
import { AdaptiveLayout, preloadAppShell, SignedInLayout } from './AdaptiveLayout';
import { EmptyLayout } from './EmptyLayout';
import { rootRoute } from './root';

/** Routes marked E in spec 000 §2.1: no header, sidebar or footer. */
export const emptyLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'empty',
  component: () => (
    <EmptyLayout>
      <Outlet />
    </EmptyLayout>
  ),
});

/** Signed-in pages behind the guards of spec 000 §4: session, passcode, the page's access. */
export const signedInLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location, matches }) => {
    const session = await requireSignedIn({ queryClient: context.queryClient, location });
    requirePasscode(session, location.pathname);
    requireAccess(session, matches);
  },
  // The frame's chunk loads beside the page's (loaders and route chunks load together), so the page draws with it,
  // and so does the zone list: times and the zone notice draw in the profile's zone at once (decision 0085).
  loader: async ({ context }) => {
    await Promise.all([preloadAppShell(), preloadDisplayZone(context.queryClient)]);
  },
  component: () => (
    <SignedInLayout>
      <Outlet />
    </SignedInLayout>
  ),
});

/** Contact, legal and error pages: anyone may open them, in the shell when signed in. */
export const publicLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  // Signed in, these pages open in the shell: its chunk loads beside the page's.
  loader: async ({ context }) => {
    if (context.queryClient.getQueryData(sessionQuery.queryKey))
      await Promise.all([preloadAppShell(), preloadDisplayZone(context.queryClient)]);
  },
  component: () => (
    <AdaptiveLayout>
      <Outlet />
    </AdaptiveLayout>
  ),
});

/**
 * Signed-in pages that open in their own window (the E pages under /scenarios of spec 000 §2.1: share, print):
 * the signed-in guards, without header, sidebar or footer.
 */
export const signedInEmptyLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in-empty',
  beforeLoad: async ({ context, location, matches }) => {
    const session = await requireSignedIn({ queryClient: context.queryClient, location });
    requirePasscode(session, location.pathname);
    requireAccess(session, matches);
  },
  component: SignedInEmptyLayout,
});

function SignedInEmptyLayout() {
  const session = useSession();
  // Nothing for the moment between a logout and the login page, as in the shell.
  if (!session) return null;
  return (
    <SignedInProvider session={session}>
      <EmptyLayout>
        <Outlet />
      </EmptyLayout>
    </SignedInProvider>
  );
}
