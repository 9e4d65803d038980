import { defineModule } from '../../module';
import { createPreApprovedEmailsRepository, type PreApprovedEmailsRepository } from './pre-approved-emails.repository';

/** The public entry of features/pre-approved-emails: a partner's pre-approved emails (spec 002 §2.17). */
export type { PreApprovedEmailsRepository } from './pre-approved-emails.repository';

export interface PreApprovedEmailsService {
  /** Whether the email is on the partner's list (registration skips the brand passcode for it). */
  isPreApproved(partnerId: number, email: string): Promise<boolean>;
}

declare module '../../app-services' {
  interface Services {
    preApprovedEmails: PreApprovedEmailsService;
  }
}

function createPreApprovedEmailsService(repo: PreApprovedEmailsRepository): PreApprovedEmailsService {
  return { isPreApproved: (partnerId, email) => repo.isPreApproved(partnerId, email) };
}

export const preApprovedEmailsModule = defineModule({
  name: 'pre-approved-emails',
  services: ({ db }) => ({ preApprovedEmails: createPreApprovedEmailsService(createPreApprovedEmailsRepository(db)) }),
});
