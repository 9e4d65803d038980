import { defineModule } from '../../module';
import { createSessionCounterRepository } from './session-counter.repository';
import { sessionCounterRoutes } from './session-counter.routes';
import { createSessionCounterService, type SessionCounterService } from './session-counter.service';

/** The public entry of features/session-counter: seat usage per partner (spec 000 §2.9). */
export type { SessionCounterService } from './session-counter.service';

declare module '../../app-services' {
  interface Services {
    sessionCounter: SessionCounterService;
  }
}

export const sessionCounterModule = defineModule({
  name: 'session-counter',
  services: ({ db, services }) => ({
    sessionCounter: createSessionCounterService({
      repo: createSessionCounterRepository(db),
      users: services.users,
      seatUsage: services.partnerCapacity.seatUsage,
    }),
  }),
  routes: sessionCounterRoutes,
  // Usage over time: the day's reading, kept current until the day ends (decision 0089).
  jobs: [{ name: 'seatUsageRecorded', cadence: 'housekeeping', run: (services, now) => services.sessionCounter.recordUsage(now) }],
});
