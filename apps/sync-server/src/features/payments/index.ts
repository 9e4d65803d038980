import { defineModule } from '../../module';
import { loadScenarioFacts } from '../scenario-facts';
import { createPaymentProvider } from './payment-providers';
import { createPaymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import type { PaymentsService } from './payments.service';
import { createPaymentsService } from './payments.service';

/** The public entry of features/payments: other modules import only what is exported here. */
export { createPaymentProvider } from './payment-providers';
export { createPaymentsRepository } from './payments.repository';
export { paymentsRoutes } from './payments.routes';
export { createPaymentsService, type PaymentsService, type QuotePaymentInput } from './payments.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    payments: PaymentsService;
  }
}

export const paymentsModule = defineModule({
  name: 'payments',
  services: ({ db, config, services }) => ({
    payments: createPaymentsService({
      repo: createPaymentsRepository(db),
      provider: createPaymentProvider(db, config),
      audit: services.audit,
      scenarioFacts: (scenarioId, viewerId) => loadScenarioFacts(db, scenarioId, viewerId),
      // read at call time: the agreements module is listed after this one (it uses payments)
      quotePaid: (quoteId, trx) => services.agreements.finalizeIn(trx, quoteId),
    }),
  }),
  routes: paymentsRoutes,
});
