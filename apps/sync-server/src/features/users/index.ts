import type { UsersService } from './users.service';

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
