import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ApplyPage } from './ApplyPage';
import { ConfirmEmailPage } from './ConfirmEmailPage';

export const applyLazyRoute = createLazyRoute('/empty/apply')({ component: ApplyRoute });

function ApplyRoute(): ReactElement {
  return <ApplyPage search={applyLazyRoute.useSearch()} />;
}

export const confirmEmailLazyRoute = createLazyRoute('/empty/confirm-email/$token')({ component: ConfirmEmailRoute });

function ConfirmEmailRoute(): ReactElement {
  const { token } = confirmEmailLazyRoute.useParams();
  return <ConfirmEmailPage token={token} search={confirmEmailLazyRoute.useSearch()} />;
}
