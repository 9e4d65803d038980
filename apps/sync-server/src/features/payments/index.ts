import type { PaymentsService } from './payments.service';

/** The public entry of features/payments: other modules import only what is exported here. */
export { createPaymentProvider } from './payment-providers';
export { createPaymentsRepository } from './payments.repository';
export { paymentsRoutes } from './payments.routes';
export { createPaymentsService, type PaymentsService } from './payments.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    payments: PaymentsService;
  }
}
