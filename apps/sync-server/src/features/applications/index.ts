import { defineModule } from '../../module';
import { createApplicationsRepository } from './applications.repository';
import { applicationsRoutes } from './applications.routes';
import type { ApplicationsService } from './applications.service';
import { createApplicationsService } from './applications.service';

/** The public entry of features/applications: other modules import only what is exported here. */
export { createApplicationsRepository } from './applications.repository';
export { applicationsRoutes } from './applications.routes';
export { createApplicationsService } from './applications.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    applications: ApplicationsService;
  }
}

export const applicationsModule = defineModule({
  name: 'applications',
  services: ({ db, services }) => ({ applications: createApplicationsService(createApplicationsRepository(db), services.users) }),
  routes: applicationsRoutes,
});
