import { createRoute, redirect } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { redirectSignedIn } from '../features/auth/guards';
import { LoginPage, type LoginSearch } from '../features/auth/LoginPage';
import { PasscodePage } from '../features/auth/PasscodePage';
import { ResetPasswordPage, type ResetPasswordSearch } from '../features/auth/ResetPasswordPage';
import { ensureSession } from '../features/auth/session';
import { partnerSearch, stringParam } from '../lib/search-params';
import { emptyLayoutRoute, signedInLayoutRoute } from './layouts';

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
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute(): ReactElement {
  return <ForgotPasswordPage search={forgotPasswordRoute.useSearch()} />;
}

export const resetPasswordRoute = createRoute({
  getParentRoute: () => emptyLayoutRoute,
  path: 'reset-password/$token',
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => ({
    partner_slug: stringParam(search.partner_slug),
    email: stringParam(search.email),
  }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute(): ReactElement {
  const { token } = resetPasswordRoute.useParams();
  return <ResetPasswordPage token={token} search={resetPasswordRoute.useSearch()} />;
}

export const passcodeRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'passcode',
  beforeLoad: async ({ context }) => {
    const session = await ensureSession(context.queryClient);
    if (session?.password_approved) throw redirect({ to: '/dashboard' });
  },
  component: PasscodePage,
});
