import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { PasscodePage } from './PasscodePage';
import { ResetPasswordPage } from './ResetPasswordPage';

export const forgotPasswordLazyRoute = createLazyRoute('/empty/forgot-password')({ component: ForgotPasswordRoute });

function ForgotPasswordRoute(): ReactElement {
  return <ForgotPasswordPage search={forgotPasswordLazyRoute.useSearch()} />;
}

export const resetPasswordLazyRoute = createLazyRoute('/empty/reset-password/$token')({ component: ResetPasswordRoute });

function ResetPasswordRoute(): ReactElement {
  const { token } = resetPasswordLazyRoute.useParams();
  return <ResetPasswordPage token={token} search={resetPasswordLazyRoute.useSearch()} />;
}

export const passcodeLazyRoute = createLazyRoute('/signed-in/passcode')({ component: PasscodePage });
