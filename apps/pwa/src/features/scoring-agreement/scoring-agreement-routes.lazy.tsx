import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ScoringAgreementPage } from './ScoringAgreementPage';

export const scoringAgreementLazyRoute = createLazyRoute('/signed-in/reports/scoring')({ component: ScoringAgreementRoute });

function ScoringAgreementRoute(): ReactElement {
  const navigate = scoringAgreementLazyRoute.useNavigate();
  return <ScoringAgreementPage search={scoringAgreementLazyRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}
