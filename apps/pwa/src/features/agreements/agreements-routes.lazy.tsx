import { parseId } from '@simvisit/schema';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { AgreementPage } from './AgreementPage';
import { AgreementsPage } from './AgreementsPage';

export const agreementsLazyRoute = createLazyRoute('/signed-in/agreements')({ component: AgreementsPage });

export const agreementLazyRoute = createLazyRoute('/signed-in/agreement/$agreement_id')({ component: AgreementRoute });

function AgreementRoute(): ReactElement {
  const { agreement_id } = agreementLazyRoute.useParams();
  const agreementId = parseId(agreement_id);
  if (agreementId === null) return <ErrorPage code="404" />;
  return <AgreementPage key={agreementId} agreementId={agreementId} />;
}
