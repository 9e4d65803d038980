import { defineModule } from '../../module';
import { createVisitJobsRepository } from './visit-jobs.repository';
import { visitJobsRoutes } from './visit-jobs.routes';
import type { VisitJobs } from './visit-jobs.service';
import { createVisitJobs } from './visit-jobs.service';

/** The public entry of features/visit-jobs: other modules import only what is exported here. */
export { createVisitJobsRepository } from './visit-jobs.repository';
export { visitJobsRoutes } from './visit-jobs.routes';
export { startVisitJobRunner } from './visit-jobs.runner';
export { createVisitJobs } from './visit-jobs.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    visitJobs: VisitJobs;
  }
}

export const visitJobsModule = defineModule({
  name: 'visit-jobs',
  services: ({ db, services }) => {
    const { visitEvents, visitMessages, visitRequests, applying, brandPasswords } = services;
    return {
      visitJobs: createVisitJobs({
        repo: createVisitJobsRepository(db),
        visitEvents,
        visitMessages,
        visitRequests,
        brandPasswords,
        // recruitment is created after this module: read at call time (module.ts)
        interviewRequests: { expireDue: (now) => services.interviewRequests.expireDue(now) },
        applicants: applying,
      }),
    };
  },
  routes: visitJobsRoutes,
});
