import { defineModule } from '../../module';
import { createObjectAccess, type ObjectAccess } from './object-access';
import { createUsersRepository } from './users.repository';
import type { UsersService } from './users.service';
import { createUsersService } from './users.service';

/** The public entry of features/users: other modules import only what is exported here. */
export { approvedRolesAt, isClientAdminOf, timeZoneOf } from './user-facts';
export { createUsersRepository } from './users.repository';
export { createUsersService, type UsersService } from './users.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    users: UsersService;
  }
}

export { createObjectAccess, type ObjectAccess, type RefusedObject } from './object-access';

export const usersModule = defineModule({
  name: 'users',
  services: ({ db, services }) => ({
    users: createUsersService(createUsersRepository(db)),
    objectAccess: createObjectAccess(db, services.audit),
  }),
});

declare module '../../app-services' {
  interface Services {
    /** the audited "403 same partner, 404 otherwise" check of one object (visits, scorecards, practice) */
    objectAccess: ObjectAccess;
  }
}
