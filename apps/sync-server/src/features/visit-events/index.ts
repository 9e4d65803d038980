import { defineModule } from '../../module';
import type { VisitEvents } from './visit-events';
import { createVisitEvents } from './visit-events';

/** The public entry of features/visit-events: other modules import only what is exported here. */
export { createVisitEvents, type VisitEvent, type VisitEvents, type VisitEventType } from './visit-events';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    visitEvents: VisitEvents;
  }
}

export const visitEventsModule = defineModule({ name: 'visit-events', services: () => ({ visitEvents: createVisitEvents() }) });
