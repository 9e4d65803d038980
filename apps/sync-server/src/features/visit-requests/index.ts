import type { VisitRequestsService } from './visit-requests.service';

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
