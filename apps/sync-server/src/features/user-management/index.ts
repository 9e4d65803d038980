import { defineModule } from '../../module';
import { createUserManagementRepository } from './user-management.repository';
import { userManagementRoutes } from './user-management.routes';
import type { UserManagementService } from './user-management.service';
import { createUserManagementService } from './user-management.service';

/** The public entry of features/user-management: other modules import only what is exported here. */
export { createUserManagementRepository } from './user-management.repository';
export { userManagementRoutes } from './user-management.routes';
export { createUserManagementService } from './user-management.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    userManagement: UserManagementService;
  }
}

export const userManagementModule = defineModule({
  name: 'user-management',
  services: ({ db, config, services: { users, sessions, audit, mail, notifications, availability }, services: all }) => ({
    userManagement: createUserManagementService({
      repo: createUserManagementRepository(db),
      users,
      sessions,
      audit,
      mail,
      notifications,
      availability,
      config,
      // Training sessions are created after this module: read at request time.
      trainingSessionsOf: (userId, offset, limit) => all.trainingSessionLists.ofPerson(userId, offset, limit),
    }),
  }),
  routes: userManagementRoutes,
});
