import { defineModule } from '../../module';
import { createVisitJobsRepository } from './visit-jobs.repository';
import type { VisitJobs } from './visit-jobs.service';
import { createVisitJobs } from './visit-jobs.service';

/** The public entry of features/visit-jobs: other modules import only what is exported here. */
export { createVisitJobsRepository } from './visit-jobs.repository';
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
  services: ({ db, services: { visitEvents } }) => ({
    visitJobs: createVisitJobs({ repo: createVisitJobsRepository(db), visitEvents }),
  }),
  // The timed visit rules (decision 0029), in this order: a visit auto-cancel cancels gets no reminder.
  jobs: [
    { name: 'autoCanceled', cadence: 'rules', run: (services, now) => services.visitJobs.autoCancel(now) },
    { name: 'confirmationRequested', cadence: 'rules', run: (services, now) => services.visitJobs.requestConfirmations(now) },
    { name: 'reminded', cadence: 'rules', run: (services, now) => services.visitJobs.reminders(now) },
  ],
});
