import { defineModule } from '../../module';
import { createPasscodeRepository } from './passcode.repository';
import type { PasscodeService } from './passcode.service';
import { createPasscodeService } from './passcode.service';

/** The public entry of features/passcode: other modules import only what is exported here. */
export { createPasscodeRepository } from './passcode.repository';
export { createPasscodeService, PASSCODE_CAPS, type PasscodeCap } from './passcode.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    passcode: PasscodeService;
  }
}

export const passcodeModule = defineModule({
  name: 'passcode',
  services: ({ db, services }) => ({
    passcode: createPasscodeService(
      createPasscodeRepository(db),
      services.limits,
      services.preApprovedEmails.isPreApproved,
      // looked up when a cap trips: brand-passwords, which knows the partner's client admins, is built after this module
      (partner, cap, max) => services.brandPasswords.tellGuessingCapped(partner, cap, max),
    ),
  }),
});
