import type { AuthService } from './auth.service';

/** The public entry of features/auth: other modules import only what is exported here. */
export { createAuthRepository } from './auth.repository';
export { authRoutes } from './auth.routes';
export { createAuthService } from './auth.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    auth: AuthService;
  }
}
