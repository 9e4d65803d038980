import { defineModule } from '../../module';
import { createClientAdminRequestsRepository } from './client-admin-requests.repository';
import { clientAdminRequestsRoutes } from './client-admin-requests.routes';
import type { ClientAdminRequestsService } from './client-admin-requests.service';
import { createClientAdminRequestsService } from './client-admin-requests.service';

/** The public entry of features/client-admin-requests: other modules import only what is exported here. */
export { clientAdminRequestsRoutes } from './client-admin-requests.routes';
export { type ClientAdminRequestsService, createClientAdminRequestsService } from './client-admin-requests.service';

// This module's part of the services every request carries (app-services.ts).
declare module '../../app-services' {
  interface Services {
    clientAdminRequests: ClientAdminRequestsService;
  }
}

export const clientAdminRequestsModule = defineModule({
  name: 'client-admin-requests',
  services: ({ db, services: { audit } }) => ({
    clientAdminRequests: createClientAdminRequestsService({ repo: createClientAdminRequestsRepository(db), audit }),
  }),
  routes: clientAdminRequestsRoutes,
});
