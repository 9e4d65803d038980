import { defineModule } from '../../module';
import { clock } from '../../platform/clock';
import { createPartnerCapacityRepository } from './partner-capacity.repository';
import { partnerCapacityRoutes } from './partner-capacity.routes';
import { createPartnerCapacityService, type PartnerCapacityService } from './partner-capacity.service';

/** The public entry of features/partner-capacity: seat totals and scheduling dates (spec 002 §2.9, §2.16). */
/** Its public read: `services.partnerCapacity.seatUsage(ids)`, the seat totals and used seats of partners. */
export type { PartnerCapacityService } from './partner-capacity.service';

declare module '../../app-services' {
  interface Services {
    partnerCapacity: PartnerCapacityService;
  }
}

export const partnerCapacityModule = defineModule({
  name: 'partner-capacity',
  services: ({ db, services }) => ({
    partnerCapacity: createPartnerCapacityService({
      repo: createPartnerCapacityRepository(db),
      audit: services.audit,
      now: () => clock.now(),
    }),
  }),
  routes: partnerCapacityRoutes,
});
