import { defineModule } from '../../module';
import { createOutboxRepository } from '../outbox';
import type { MailService } from './mail.service';
import { createMailService } from './mail.service';

/** The public entry of platform/mail: other modules import only what is exported here. */
export { createMailService, type MailMessage, type MailService } from './mail.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    mail: MailService;
  }
}

export const mailModule = defineModule({
  name: 'mail',
  services: ({ db, config }) => ({ mail: createMailService(createOutboxRepository(db), config) }),
});
