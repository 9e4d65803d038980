import { defineModule } from '../../module';
import { createScoringAgreementRepository } from './scoring-agreement.repository';
import { scoringAgreementRoutes } from './scoring-agreement.routes';
import type { ScoringAgreementService } from './scoring-agreement.service';
import { createScoringAgreementService } from './scoring-agreement.service';

/** The public entry of features/scoring-agreement: other modules import only what is exported here. */
export { scoringAgreementRoutes } from './scoring-agreement.routes';
export type { ScoringAgreementService } from './scoring-agreement.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    scoringAgreement: ScoringAgreementService;
  }
}

export const scoringAgreementModule = defineModule({
  name: 'scoring-agreement',
  services: ({ db }) => ({
    scoringAgreement: createScoringAgreementService({ repo: createScoringAgreementRepository(db) }),
  }),
  routes: scoringAgreementRoutes,
});
