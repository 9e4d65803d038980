import type { SmsInbound } from './sms-inbound.service';
import type { VisitMessages } from './visit-messages.service';

/** The public entry of features/visit-messages: other modules import only what is exported here. */
export { smsInboundRoutes } from './sms-inbound.routes';
export { createSmsInbound } from './sms-inbound.service';
export { createVisitMessagesRepository } from './visit-messages.repository';
export { createVisitMessages, type VisitMessages } from './visit-messages.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    visitMessages: VisitMessages;
    smsInbound: SmsInbound;
  }
}
