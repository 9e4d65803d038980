import { defineModule } from '../../module';
import { createPartnersRepository } from './partners.repository';
import { partnersRoutes } from './partners.routes';
import type { PartnersService } from './partners.service';
import { createPartnersService } from './partners.service';

/** The public entry of features/partners: other modules import only what is exported here. */
export { createPartnersRepository } from './partners.repository';
export { partnersRoutes } from './partners.routes';
export { createPartnersService, type PartnersService, toPartner } from './partners.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    partners: PartnersService;
  }
}

export const partnersModule = defineModule({
  name: 'partners',
  services: ({ db, config }) => ({ partners: createPartnersService(createPartnersRepository(db), config) }),
  routes: partnersRoutes,
});
