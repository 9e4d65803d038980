import { defineModule } from '../../module';
import { createMeetingProvider } from '../../platform/meetings';
import { createVisitsRepository } from './visits.repository';
import { visitsRoutes } from './visits.routes';
import type { VisitsService } from './visits.service';
import { createVisitsService } from './visits.service';

/** The public entry of features/visits: other modules import only what is exported here. */
export { createVisitsRepository } from './visits.repository';
export { visitsRoutes } from './visits.routes';
export { createVisitsService } from './visits.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    visits: VisitsService;
  }
}

export const visitsModule = defineModule({
  name: 'visits',
  services: ({ db, config, services }) => ({
    visits: createVisitsService({
      repo: createVisitsRepository(db),
      permissionsOf: services.users.permissionsOf,
      audit: services.audit,
      objectAccess: services.objectAccess,
      visitEvents: services.visitEvents,
      meetings: createMeetingProvider(config),
      appUrl: config.appUrl,
      availableTimes: services.visitRequests.availableTimes,
    }),
  }),
  routes: visitsRoutes,
});
