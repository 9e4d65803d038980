import { defineModule } from '../../module';
import { createFinancialRepository } from './financial.repository';
import { financialRoutes } from './financial.routes';
import { createFinancialService, type FinancialService } from './financial.service';
import { createFinancialReadsRepository } from './financial-reads.repository';
import { createFinancialSlicesRepository } from './financial-slices.repository';

/** The public entry of features/financial: the financial overview, report and its file (decision 0078). */
export type { FinancialService } from './financial.service';

declare module '../../app-services' {
  interface Services {
    financial: FinancialService;
  }
}

export const financialModule = defineModule({
  name: 'financial',
  services: ({ db, services }) => ({
    financial: createFinancialService({
      repo: createFinancialRepository(db),
      slices: createFinancialSlicesRepository(db),
      reads: createFinancialReadsRepository(db),
      users: services.users,
      audit: services.audit,
    }),
  }),
  routes: financialRoutes,
});
