import { defineModule } from '../../module';
import type { JobRunner } from './job-runner';
import { createJobRunner } from './job-runner';
import { jobsRoutes } from './jobs.routes';

/** The public entry of platform/jobs: other modules import only what is exported here. */
export { CADENCE_MS, createJobRunner, type JobRunner, startJobRunner } from './job-runner';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    jobs: JobRunner;
  }
}

/**
 * The one runner of the timed jobs every module declares (`jobs` in its defineModule, docs/decisions/0065).
 * The jobs read services only when they run, so this module may stand anywhere in modules.ts.
 */
export const jobsModule = defineModule({
  name: 'jobs',
  services: ({ services, modules }) => ({
    jobs: createJobRunner(
      modules.flatMap((module) => module.jobs ?? []),
      services,
    ),
  }),
  routes: jobsRoutes,
});
