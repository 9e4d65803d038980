import { defineModule } from '../../module';
import { createRegistrationFieldsRepository } from './registration-fields.repository';
import { registrationFieldsRoutes } from './registration-fields.routes';
import type { RegistrationFieldsService } from './registration-fields.service';
import { createRegistrationFieldsService } from './registration-fields.service';

/** The public entry of features/registration-fields: other modules import only what is exported here. */
export { createRegistrationFieldsRepository } from './registration-fields.repository';
export { registrationFieldsRoutes } from './registration-fields.routes';
export {
  checkCustomValues,
  createRegistrationFieldsService,
  type GivenCustomValues,
  type RegistrationFieldsService,
} from './registration-fields.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    registrationFields: RegistrationFieldsService;
  }
}

export const registrationFieldsModule = defineModule({
  name: 'registration-fields',
  services: ({ db, services }) => ({
    registrationFields: createRegistrationFieldsService({ repo: createRegistrationFieldsRepository(db), audit: services.audit }),
  }),
  routes: registrationFieldsRoutes,
});
