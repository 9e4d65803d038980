import { defineModule } from '../../module';
import { createPushRepository } from './push.repository';
import { pushRoutes } from './push.routes';
import type { PushService } from './push.service';
import { createPushService } from './push.service';

/** The public entry of features/push: other modules import only what is exported here. */
export { createPushRepository } from './push.repository';
export { pushRoutes } from './push.routes';
export { createPushService, type PushService } from './push.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    push: PushService;
  }
}

export const pushModule = defineModule({
  name: 'push',
  services: ({ db, config }) => ({ push: createPushService(createPushRepository(db), config) }),
  routes: pushRoutes,
});
