import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { appConfigQuery } from '../../lib/app-config';
import { ErrorPage, RouteErrorPage } from '../errors';
import { Toaster } from '../notices';
import { ensureSession } from '../session';
import { AdaptiveLayout } from './AdaptiveLayout';
import { DemoModeBanner } from './DemoModeBanner';
import { UpdatePrompt } from './UpdatePrompt';

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
  // Every page needs the deployment's config and whether someone is signed in (for its layout). The two are asked
  // at once: one round trip less before the first page draws on a slow phone network (decision 0085).
  beforeLoad: async ({ context }) => {
    await Promise.all([context.queryClient.ensureQueryData(appConfigQuery), ensureSession(context.queryClient)]);
  },
  component: Root,
  errorComponent: ({ error }) => <RouteErrorPage error={error} />,
  notFoundComponent: () => (
    <AdaptiveLayout>
      <ErrorPage code="404" />
    </AdaptiveLayout>
  ),
});
