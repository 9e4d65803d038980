import { Spinner } from '@simvisit/ui';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { agreementsRoutes } from './features/agreements';
import { applyingRoutes } from './features/applying';
import { authRoutes } from './features/auth';
import { brandPasswordsRoutes } from './features/brand-passwords';
import { clientAdminRequestsRoutes } from './features/client-admin-requests';
import { contactRoutes } from './features/contact';
import { dashboardRoutes } from './features/dashboard';
import { financialRoutes } from './features/financial';
import { institutionsRoutes } from './features/institutions';
import { invoicesRoutes } from './features/invoices';
import { landingPagesRoutes } from './features/landing-pages';
import { legalRoutes } from './features/legal';
import { mobileVerificationRoutes } from './features/mobile-verification';
import { outboxRoutes } from './features/outbox';
import { partnerCapacityRoutes } from './features/partner-capacity';
import { playlistsRoutes } from './features/playlists';
import { preApprovedEmailsRoutes } from './features/pre-approved-emails';
import { profileRoutes } from './features/profile';
import { quoteManagementRoutes, quoteRequestRoutes } from './features/quotes';
import { recruitmentRoutes } from './features/recruitment';
import { registrationRoutes } from './features/registration';
import { registrationFieldsRoutes } from './features/registration-fields';
import { rubricsRoutes } from './features/rubrics';
import { scenarioAuthoringRoutes } from './features/scenario-authoring';
import { scenariosRoutes } from './features/scenarios';
import { scoringAgreementRoutes } from './features/scoring-agreement';
import { socialPostsRoutes } from './features/social-posts';
import { trainingPracticeRoutes } from './features/training-practice';
import { trainingSessionsRoutes } from './features/training-sessions';
import { userManagementRoutes } from './features/user-management';
import { visitRequestsRoutes } from './features/visit-requests';
import { visitScorecardsRoutes } from './features/visit-scorecards';
import { visitsRoutes } from './features/visits';
import {
  emptyLayoutRoute,
  errorRoute,
  indexRoute,
  publicLayoutRoute,
  rootRoute,
  signedInEmptyLayoutRoute,
  signedInLayoutRoute,
} from './platform/shell';

/**
 * Every feature's routes, one line each (docs/decisions/0036): a feature hands over its routes grouped by the
 * layout they open in, and the shell's layouts take them in.
 */
const features = [
  agreementsRoutes,
  applyingRoutes,
  authRoutes,
  brandPasswordsRoutes,
  clientAdminRequestsRoutes,
  contactRoutes,
  dashboardRoutes,
  financialRoutes,
  institutionsRoutes,
  invoicesRoutes,
  landingPagesRoutes,
  legalRoutes,
  mobileVerificationRoutes,
  outboxRoutes,
  partnerCapacityRoutes,
  playlistsRoutes,
  preApprovedEmailsRoutes,
  profileRoutes,
  quoteRequestRoutes,
  quoteManagementRoutes,
  recruitmentRoutes,
  registrationRoutes,
  registrationFieldsRoutes,
  rubricsRoutes,
  scenarioAuthoringRoutes,
  scenariosRoutes,
  scoringAgreementRoutes,
  socialPostsRoutes,
  trainingPracticeRoutes,
  trainingSessionsRoutes,
  userManagementRoutes,
  visitRequestsRoutes,
  visitScorecardsRoutes,
  visitsRoutes,
] as const;

/** The layouts a feature's routes open in: empty (E in spec 000 §2.1), signed in, signed in without the shell, public. */
type Layout = 'empty' | 'signedIn' | 'signedInEmpty' | 'public';
type RoutesIn<Feature, L extends Layout> = Feature extends { readonly [key in L]: ReadonlyArray<infer Route> } ? Route : never;

/** The routes of every feature under one layout, typed as the union of those routes so links stay checked. */
function routesIn<L extends Layout>(layout: L): RoutesIn<(typeof features)[number], L>[] {
  return features.flatMap((feature) =>
    layout in feature ? (feature as unknown as Record<L, RoutesIn<(typeof features)[number], L>[]>)[layout] : [],
  );
}

const routeTree = rootRoute.addChildren([
  indexRoute,
  emptyLayoutRoute.addChildren(routesIn('empty')),
  signedInLayoutRoute.addChildren(routesIn('signedIn')),
  signedInEmptyLayoutRoute.addChildren(routesIn('signedInEmpty')),
  publicLayoutRoute.addChildren([errorRoute, ...routesIn('public')]),
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
