import { defineModule } from '../../module';
import { createSessionsRepository } from './sessions.repository';
import type { SessionsService } from './sessions.service';
import { createSessionsService } from './sessions.service';

/** The public entry of platform/sessions: other modules import only what is exported here. */
export { clearSessionCookies, readSessionCookie, writeSessionCookies, writeXsrfCookie } from './session-cookies';
export { createSessionsRepository, type SessionRecord } from './sessions.repository';
export { createSessionsService, type SessionsService } from './sessions.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    sessions: SessionsService;
  }
}

export const sessionsModule = defineModule({
  name: 'sessions',
  services: ({ db, config }) => ({ sessions: createSessionsService(createSessionsRepository(db), config) }),
  jobs: [{ name: 'expired sessions', cadence: 'housekeeping', run: (services) => services.sessions.purgeExpired() }],
});
