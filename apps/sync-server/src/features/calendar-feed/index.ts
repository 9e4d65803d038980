import { defineModule } from '../../module';
import { createCalendarFeedRepository } from './calendar-feed.repository';
import { calendarFeedRoutes } from './calendar-feed.routes';
import type { CalendarFeedService } from './calendar-feed.service';
import { createCalendarFeedService } from './calendar-feed.service';

/** The public entry of features/calendar-feed: other modules import only what is exported here. */
export { calendarFeedRoutes } from './calendar-feed.routes';
export { type CalendarFeedService, createCalendarFeedService } from './calendar-feed.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    calendarFeed: CalendarFeedService;
  }
}

export const calendarFeedModule = defineModule({
  name: 'calendar-feed',
  services: ({ db, config, services: { audit, limits } }) => ({
    calendarFeed: createCalendarFeedService({
      repo: createCalendarFeedRepository(db),
      audit,
      limits,
      appUrl: config.appUrl,
      product: config.productName,
    }),
  }),
  routes: calendarFeedRoutes,
});
