import { defineModule } from '../../module';
import { createRegistrationRepository } from './registration.repository';
import { registrationRoutes } from './registration.routes';
import type { RegistrationService } from './registration.service';
import { createRegistrationService } from './registration.service';

/** The public entry of features/registration: a learner's own registration at a partner (decision 0051). */
export { registrationRoutes } from './registration.routes';
export type { RegistrationService } from './registration.service';

declare module '../../app-services' {
  interface Services {
    registration: RegistrationService;
  }
}

export const registrationModule = defineModule({
  name: 'registration',
  services: ({ db, config, services: { users, partners, registrationFields, passcode, limits, emailedLinks, audit, mail } }) => ({
    registration: createRegistrationService({
      repo: createRegistrationRepository(db),
      users,
      partners,
      registrationFields,
      passcodeApproved: passcode.isApproved,
      limits,
      links: emailedLinks,
      audit,
      mail,
      config,
    }),
  }),
  routes: registrationRoutes,
  jobs: [{ name: 'expiredRegistrationsRemoved', cadence: 'rules', run: (services, now) => services.registration.removeExpired(now) }],
});
