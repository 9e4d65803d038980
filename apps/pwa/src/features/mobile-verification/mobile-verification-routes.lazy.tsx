import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { VerificationPage } from './VerificationPage';

export const verificationLazyRoute = createLazyRoute('/signed-in/verification')({ component: VerificationRoute });

function VerificationRoute(): ReactElement {
  const { sid } = verificationLazyRoute.useSearch();
  return <VerificationPage sid={sid} />;
}
