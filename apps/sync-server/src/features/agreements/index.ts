import { defineModule } from '../../module';
import { createAgreementsRepository } from './agreements.repository';
import { agreementsRoutes } from './agreements.routes';
import type { AgreementsService } from './agreements.service';
import { createAgreementsService } from './agreements.service';
import type { InvoicesService } from './invoices.service';
import { createInvoicesService } from './invoices.service';

/** The public entry of features/agreements (agreements and their invoices): other modules import only this. */
export { agreementsRoutes } from './agreements.routes';
export { type AgreementsService, createAgreementsService } from './agreements.service';
export { createInvoicesService, type InvoicesService } from './invoices.service';

// This module's part of the services every request carries (app-services.ts).
declare module '../../app-services' {
  interface Services {
    agreements: AgreementsService;
    invoices: InvoicesService;
  }
}

export const agreementsModule = defineModule({
  name: 'agreements',
  services: ({ db, config, services: { audit, mail, payments } }) => {
    const repo = createAgreementsRepository(db);
    const agreements = createAgreementsService({ repo, payments, audit, mail, config });
    return { agreements, invoices: createInvoicesService({ repo, agreements, audit, mail, config }) };
  },
  routes: agreementsRoutes,
});
