import { defineModule } from '../../module';
import { createPreApprovedEmailsRepository } from './pre-approved-emails.repository';
import { preApprovedEmailsRoutes } from './pre-approved-emails.routes';
import { createPreApprovedEmailsService, type PreApprovedEmailsService } from './pre-approved-emails.service';

/** The public entry of features/pre-approved-emails: a partner's pre-approved emails (spec 002 §2.17). */
export type { PreApprovedEmailsRepository } from './pre-approved-emails.repository';
export type { PreApprovedEmailsService } from './pre-approved-emails.service';

declare module '../../app-services' {
  interface Services {
    preApprovedEmails: PreApprovedEmailsService;
  }
}

export const preApprovedEmailsModule = defineModule({
  name: 'pre-approved-emails',
  services: ({ db, services }) => ({
    preApprovedEmails: createPreApprovedEmailsService({ repo: createPreApprovedEmailsRepository(db), audit: services.audit }),
  }),
  routes: preApprovedEmailsRoutes,
});
