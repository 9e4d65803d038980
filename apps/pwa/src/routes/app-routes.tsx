import { createRoute, redirect } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ContactPage } from '../features/contact/ContactPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { ErrorPage } from '../features/errors/ErrorPage';
import { PrivacyPolicyPage } from '../features/legal/PrivacyPolicyPage';
import { TermsOfServicePage } from '../features/legal/TermsOfServicePage';
import { OutboxPage } from '../features/outbox/OutboxPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { emptyLayoutRoute, publicLayoutRoute, signedInLayoutRoute } from './layouts';
import { rootRoute } from './root';

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard' });
  },
});

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'dashboard',
  component: DashboardPage,
});

/** Every signed-in user has a profile; its Availability card needs user.availability (spec 000 §2.13). */
export const profileRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'profile',
  component: ProfilePage,
});

export const contactRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'contactus',
  component: ContactPage,
});

export const privacyPolicyRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'privacy-policy',
  component: PrivacyPolicyPage,
});

export const termsOfServiceRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'terms-of-service',
  component: TermsOfServicePage,
});

export const errorRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'error/$code',
  component: ErrorRoute,
});

function ErrorRoute(): ReactElement {
  const { code } = errorRoute.useParams();
  return <ErrorPage code={code} />;
}

/** Demo mode only; reachable signed out so the forgot-password journey can be followed. */
export const outboxRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'outbox',
  component: OutboxPage,
});
