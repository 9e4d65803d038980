import { defineModule } from '../../module';
import { createMobileVerificationRepository } from './mobile-verification.repository';
import { mobileVerificationRoutes } from './mobile-verification.routes';
import type { MobileVerificationService } from './mobile-verification.service';
import { createMobileVerificationService } from './mobile-verification.service';

/** The public entry of features/mobile-verification: other modules import only what is exported here. */
export { createMobileVerificationRepository } from './mobile-verification.repository';
export { mobileVerificationRoutes } from './mobile-verification.routes';
export { createMobileVerificationService } from './mobile-verification.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    mobileVerification: MobileVerificationService;
  }
}

export const mobileVerificationModule = defineModule({
  name: 'mobile-verification',
  services: ({ db, config, services: { sms, limits, audit } }) => ({
    mobileVerification: createMobileVerificationService({
      repo: createMobileVerificationRepository(db),
      sms,
      limits,
      audit,
      config,
    }),
  }),
  routes: mobileVerificationRoutes,
});
