import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ensureSession } from '../features/auth/session';
import { ErrorPage } from '../features/errors/ErrorPage';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { UpdatePrompt } from '../features/pwa/UpdatePrompt';
import { AdaptiveLayout } from '../features/shell/AdaptiveLayout';
import { DemoModeBanner } from '../features/shell/DemoModeBanner';
import { Toaster } from '../features/shell/Toaster';
import { appConfigQuery } from '../lib/app-config';

export interface RouterContext {
  queryClient: QueryClient;
}

function Root() {
  return (
    <>
      <DemoModeBanner />
      <Outlet />
      <Toaster />
      <UpdatePrompt />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // Every page needs the deployment's config and whether someone is signed in (for its layout).
  beforeLoad: async ({ context }) => {
    await context.queryClient.ensureQueryData(appConfigQuery);
    await ensureSession(context.queryClient);
  },
  component: Root,
  errorComponent: ({ error }) => <RouteErrorPage error={error} />,
  notFoundComponent: () => (
    <AdaptiveLayout>
      <ErrorPage code="404" />
    </AdaptiveLayout>
  ),
});
