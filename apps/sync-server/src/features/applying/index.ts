import { defineModule } from '../../module';
import { createApplyingRepository } from './applying.repository';
import { applyingRoutes } from './applying.routes';
import type { ApplyingService } from './applying.service';
import { createApplyingService } from './applying.service';

/** The public entry of features/applying: other modules import only what is exported here. */
export {
  applicantConfirmationMail,
  type ConfirmationReason,
  insertApplicantAccount,
  type NewApplicantAccount,
} from './applicant-account';
export { createApplyingRepository } from './applying.repository';
export { applyingRoutes } from './applying.routes';
export { type ApplyingService, createApplyingService } from './applying.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    applying: ApplyingService;
  }
}

export const applyingModule = defineModule({
  name: 'applying',
  services: ({ db, config, services: { users, partners, registrationFields, files, limits, emailedLinks, audit, mail } }) => ({
    applying: createApplyingService({
      repo: createApplyingRepository(db),
      users,
      partners,
      registrationFields,
      files,
      limits,
      links: emailedLinks,
      audit,
      mail,
      config,
    }),
  }),
  routes: applyingRoutes,
  jobs: [{ name: 'unconfirmedApplicantsRemoved', cadence: 'rules', run: (services, now) => services.applying.removeUnconfirmed(now) }],
});
