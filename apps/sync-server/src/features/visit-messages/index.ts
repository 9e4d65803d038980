import { defineModule } from '../../module';
import { smsInboundRoutes } from './sms-inbound.routes';
import type { SmsInbound } from './sms-inbound.service';
import { createSmsInbound } from './sms-inbound.service';
import { createVisitMessagesRepository } from './visit-messages.repository';
import type { VisitMessages } from './visit-messages.service';
import { createVisitMessages } from './visit-messages.service';

export { type InviteEntry, inviteText, parseMailbox } from './calendar-invites';
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

/** Timed visit rules' texts, emails with .ics invites and notifications, and the SMS replies (decision 0029). */
export const visitMessagesModule = defineModule({
  name: 'visit-messages',
  services: ({ db, config, services: { mail, sms, notifications, visitEvents } }) => ({
    visitMessages: createVisitMessages({ repo: createVisitMessagesRepository(db), mail, sms, notifications, config }),
    smsInbound: createSmsInbound({ db, config, visitEvents }),
  }),
  routes: smsInboundRoutes,
  // The messages of due visit events: after the rules of every run, and every ten seconds in between.
  jobs: [{ name: 'events', cadence: 'messages', run: (services, now) => services.visitMessages.processDue(now) }],
});
