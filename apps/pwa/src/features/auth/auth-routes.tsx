import { createRoute, redirect } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { partnerSearch, stringParam } from '../../lib/search-params';
import { ensureSession, redirectSignedIn } from '../../platform/session';
import { emptyLayoutRoute, signedInLayoutRoute } from '../../platform/shell';
import { LoginPage, type LoginSearch } from './LoginPage';
import type { ResetPasswordSearch } from './ResetPasswordPage';

/**
 * The login page stays in the main bundle (decision 0033): it is the first page of everyone signed out, and a lazy
 * chunk would only start loading after the root's config and session checks, one more round trip before it shows.
 */
export const loginRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    partner_slug: stringParam(search.partner_slug),
    redirect: stringParam(search.redirect),
  }),
  beforeLoad: ({ context }) => redirectSignedIn(context),
  component: LoginRoute,
});

function LoginRoute(): ReactElement {
  return <LoginPage search={loginRoute.useSearch()} />;
}

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'forgot-password',
  validateSearch: partnerSearch,
}).lazy(() => import('./auth-routes.lazy').then((d) => d.forgotPasswordLazyRoute));

export const resetPasswordRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'reset-password/$token',
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => ({
    partner_slug: stringParam(search.partner_slug),
    email: stringParam(search.email),
  }),
}).lazy(() => import('./auth-routes.lazy').then((d) => d.resetPasswordLazyRoute));

export const passcodeRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'passcode',
  beforeLoad: async ({ context }) => {
    const session = await ensureSession(context.queryClient);
    if (session?.password_approved) throw redirect({ to: '/dashboard' });
  },
}).lazy(() => import('./auth-routes.lazy').then((d) => d.passcodeLazyRoute));

export const authRoutes = { empty: [loginRoute, forgotPasswordRoute, resetPasswordRoute], signedIn: [passcodeRoute] };
