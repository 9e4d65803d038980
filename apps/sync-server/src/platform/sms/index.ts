import { defineModule } from '../../module';
import { createOutboxRepository } from '../outbox';
import type { SmsProvider } from './sms-provider';
import { createSmsProvider } from './sms-provider';

/** The public entry of platform/sms: other modules import only what is exported here. */
export { createSmsProvider, type SmsProvider } from './sms-provider';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    sms: SmsProvider;
  }
}

export const smsModule = defineModule({
  name: 'sms',
  services: ({ db, config }) => ({ sms: createSmsProvider(config, createOutboxRepository(db)) }),
});
