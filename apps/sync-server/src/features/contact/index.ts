import { defineModule } from '../../module';
import { contactRoutes } from './contact.routes';
import type { ContactService } from './contact.service';
import { createContactService } from './contact.service';

/** The public entry of features/contact: other modules import only what is exported here. */
export { contactRoutes } from './contact.routes';
export { createContactService } from './contact.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    contact: ContactService;
  }
}

export const contactModule = defineModule({
  name: 'contact',
  services: ({ config, services: { mail, partners, limits, audit } }) => ({
    contact: createContactService({ mail, partners, limits, audit, config }),
  }),
  routes: contactRoutes,
});
