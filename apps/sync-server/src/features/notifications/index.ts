import { defineModule, syncCollection } from '../../module';
import { createNotificationsRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
import type { NotificationsService } from './notifications.service';
import { createNotificationsService } from './notifications.service';
import { notificationsCollection } from './notifications.sync';

/** The public entry of features/notifications: other modules import only what is exported here. */
export { createNotificationsRepository, type NewNotification } from './notifications.repository';
export { notificationsRoutes } from './notifications.routes';
export { createNotificationsService, type NotificationsService } from './notifications.service';
export { notificationsCollection } from './notifications.sync';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    notifications: NotificationsService;
  }
}

export const notificationsModule = defineModule({
  name: 'notifications',
  services: ({ db, services }) => ({
    notifications: createNotificationsService(createNotificationsRepository(db), services.push),
  }),
  routes: notificationsRoutes,
  collections: [syncCollection(notificationsCollection)],
});
