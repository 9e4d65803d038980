import { defineModule } from '../../module';
import { createInstitutionsRepository } from './institutions.repository';
import { institutionsRoutes } from './institutions.routes';
import type { InstitutionsService } from './institutions.service';
import { createInstitutionsService } from './institutions.service';

/** The public entry of features/institutions: other modules import only what is exported here. */
export { institutionsRoutes } from './institutions.routes';
export { createInstitutionsService, type InstitutionsService } from './institutions.service';

// This module's part of the services every request carries (app-services.ts).
declare module '../../app-services' {
  interface Services {
    institutions: InstitutionsService;
  }
}

export const institutionsModule = defineModule({
  name: 'institutions',
  services: ({ db, services: { audit } }) => ({
    institutions: createInstitutionsService({ repo: createInstitutionsRepository(db), audit }),
  }),
  routes: institutionsRoutes,
});
