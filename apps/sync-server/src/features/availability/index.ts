import { defineModule, syncCollection } from '../../module';
import { createAvailabilityRepository } from './availability.repository';
import { availabilityRoutes } from './availability.routes';
import type { AvailabilityService } from './availability.service';
import { createAvailabilityService } from './availability.service';
import { availabilityCollection } from './availability.sync';

/** The public entry of features/availability: other modules import only what is exported here. */
export { createAvailabilityRepository } from './availability.repository';
export { availabilityRoutes } from './availability.routes';
export { type AvailabilityService, createAvailabilityService } from './availability.service';
export { availabilityCollection } from './availability.sync';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    availability: AvailabilityService;
  }
}

export const availabilityModule = defineModule({
  name: 'availability',
  services: ({ db, services }) => ({ availability: createAvailabilityService(createAvailabilityRepository(db), services.sync) }),
  routes: availabilityRoutes,
  collections: [syncCollection(availabilityCollection)],
});
