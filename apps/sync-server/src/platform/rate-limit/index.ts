import { defineModule } from '../../module';
import { createRateLimitRepository } from './rate-limit.repository';
import type { RateLimitService } from './rate-limit.service';
import { createRateLimitService } from './rate-limit.service';

/** The public entry of platform/rate-limit: other modules import only what is exported here. */
export { createRateLimitRepository } from './rate-limit.repository';
export { createRateLimitService, type Limit, type RateLimitService } from './rate-limit.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    limits: RateLimitService;
  }
}

export const rateLimitModule = defineModule({
  name: 'rate-limit',
  services: ({ db }) => ({ limits: createRateLimitService(createRateLimitRepository(db)) }),
  jobs: [{ name: 'old rate-limit hits', cadence: 'housekeeping', run: (services) => services.limits.purgeOld() }],
});
