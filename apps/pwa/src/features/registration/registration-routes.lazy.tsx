import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ConfirmEmailPage } from '../applying';
import { RegisterPage } from './RegisterPage';
import { confirmRegistration } from './registration-api';

export const registerLazyRoute = createLazyRoute('/empty/register')({ component: RegisterRoute });

function RegisterRoute(): ReactElement {
  return <RegisterPage search={registerLazyRoute.useSearch()} />;
}

export const registerConfirmLazyRoute = createLazyRoute('/empty/register/confirm/$token')({ component: RegisterConfirmRoute });

function RegisterConfirmRoute(): ReactElement {
  const { token } = registerConfirmLazyRoute.useParams();
  return <ConfirmEmailPage token={token} search={registerConfirmLazyRoute.useSearch()} confirm={confirmRegistration} />;
}
