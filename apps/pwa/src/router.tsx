import { Spinner } from '@simvisit/ui';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import {
  contactRoute,
  dashboardRoute,
  errorRoute,
  indexRoute,
  outboxRoute,
  privacyPolicyRoute,
  profileRoute,
  termsOfServiceRoute,
} from './routes/app-routes';
import { forgotPasswordRoute, loginRoute, passcodeRoute, resetPasswordRoute } from './routes/auth-routes';
import { emptyLayoutRoute, publicLayoutRoute, signedInEmptyLayoutRoute, signedInLayoutRoute } from './routes/layouts';
import { managementRoutes } from './routes/management-routes';
import { mobileVerificationRoutes } from './routes/mobile-verification-routes';
import { playlistsRoutes } from './routes/playlists-routes';
import { rootRoute } from './routes/root';
import { rubricRoutes } from './routes/rubric-routes';
import { scenarioShowRoute } from './routes/scenario-authoring-routes';
import { scenarioPopupRoutes, scenarioRoutes, scenarioZoomMessageRoute } from './routes/scenario-routes';
import { trainingPracticeRoutes } from './routes/training-practice-routes';
import { visitRequestRoutes } from './routes/visit-request-routes';
import { visitRoutes } from './routes/visit-routes';
import { visitScorecardRoutes } from './routes/visit-scorecard-routes';

const routeTree = rootRoute.addChildren([
  indexRoute,
  emptyLayoutRoute.addChildren([loginRoute, forgotPasswordRoute, resetPasswordRoute, outboxRoute, scenarioZoomMessageRoute]),
  signedInLayoutRoute.addChildren([
    dashboardRoute,
    profileRoute,
    passcodeRoute,
    ...managementRoutes,
    ...scenarioRoutes,
    ...rubricRoutes,
    ...playlistsRoutes,
    ...mobileVerificationRoutes,
    ...visitRequestRoutes,
    ...visitRoutes,
    ...visitScorecardRoutes,
    ...trainingPracticeRoutes,
    scenarioShowRoute,
  ]),
  signedInEmptyLayoutRoute.addChildren([...scenarioPopupRoutes]),
  publicLayoutRoute.addChildren([contactRoute, privacyPolicyRoute, termsOfServiceRoute, errorRoute]),
]);

function PendingPage() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </div>
  );
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Search values stay plain strings (?partner_slug=sp, ?email=a@b.test), as the server writes them in links.
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
    defaultPendingComponent: PendingPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
