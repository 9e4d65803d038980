import { defineModule } from '../../module';
import { loadScenarioFacts } from '../scenario-facts';
import { createVisitRequestsRepository } from './visit-requests.repository';
import { visitRequestsRoutes } from './visit-requests.routes';
import type { VisitRequestsService } from './visit-requests.service';
import { createVisitRequestsService } from './visit-requests.service';

/** The public entry of features/visit-requests: other modules import only what is exported here. */
export { createVisitRequestsRepository } from './visit-requests.repository';
export { visitRequestsRoutes } from './visit-requests.routes';
export { createVisitRequestsService } from './visit-requests.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    visitRequests: VisitRequestsService;
  }
}

export const visitRequestsModule = defineModule({
  name: 'visit-requests',
  services: ({ db, services: { payments, visitEvents, audit } }) => ({
    visitRequests: createVisitRequestsService({
      repo: createVisitRequestsRepository(db),
      payments,
      visitEvents,
      audit,
      scenarioFacts: (scenarioId, viewerId) => loadScenarioFacts(db, scenarioId, viewerId),
    }),
  }),
  routes: visitRequestsRoutes,
  // Pending visit requests whose every proposed date passed (decision 0029).
  jobs: [{ name: 'requestsExpired', cadence: 'rules', run: (services, now) => services.visitRequests.expireDue(now) }],
});
