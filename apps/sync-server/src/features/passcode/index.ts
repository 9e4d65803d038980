import type { PasscodeService } from './passcode.service';

/** The public entry of features/passcode: other modules import only what is exported here. */
export { createPasscodeRepository } from './passcode.repository';
export { createPasscodeService } from './passcode.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    passcode: PasscodeService;
  }
}
