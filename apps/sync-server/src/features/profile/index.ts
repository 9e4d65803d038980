import { defineModule } from '../../module';
import { createProfileRepository } from './profile.repository';
import { profileRoutes } from './profile.routes';
import type { ProfileService } from './profile.service';
import { createProfileService } from './profile.service';

/** The public entry of features/profile: other modules import only what is exported here. */
export { createProfileRepository } from './profile.repository';
export { profileRoutes } from './profile.routes';
export { createProfileService } from './profile.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    profile: ProfileService;
  }
}

export const profileModule = defineModule({
  name: 'profile',
  services: ({ db, services: { audit, sessions, files } }) => ({
    profile: createProfileService({ repo: createProfileRepository(db), audit, sessions, files }),
  }),
  routes: profileRoutes,
});
