import { defineModule } from '../../module';
import { createAuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import type { AuthService } from './auth.service';
import { createAuthService } from './auth.service';

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

export const authModule = defineModule({
  name: 'auth',
  services: ({ db, config, services: { users, partners, sessions, limits, emailedLinks, audit, mail } }) => ({
    auth: createAuthService({
      repo: createAuthRepository(db),
      users,
      partners,
      sessions,
      limits,
      links: emailedLinks,
      audit,
      mail,
      config,
    }),
  }),
  routes: authRoutes,
});
