import { defineModule } from '../../module';
import { createVisitDashboardRepository } from './visit-dashboard.repository';
import { visitDashboardRoutes } from './visit-dashboard.routes';
import type { VisitDashboardService } from './visit-dashboard.service';
import { createVisitDashboardService } from './visit-dashboard.service';

/** The public entry of features/visit-dashboard: other modules import only what is exported here. */
export { createVisitDashboardRepository } from './visit-dashboard.repository';
export { visitDashboardRoutes } from './visit-dashboard.routes';
export { createVisitDashboardService } from './visit-dashboard.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    visitDashboard: VisitDashboardService;
  }
}

export const visitDashboardModule = defineModule({
  name: 'visit-dashboard',
  services: ({ db, services }) => ({
    visitDashboard: createVisitDashboardService({
      repo: createVisitDashboardRepository(db),
      users: services.users,
      trainingLists: services.trainingSessionLists,
    }),
  }),
  routes: visitDashboardRoutes,
});
