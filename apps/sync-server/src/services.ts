import type { Config } from './config';
import type { Database } from './db/database';
import { createApplicationsRepository } from './features/applications/applications.repository';
import { createApplicationsService } from './features/applications/applications.service';
import { createAuditRepository } from './features/audit/audit.repository';
import { createAuditService } from './features/audit/audit.service';
import { createAuthRepository } from './features/auth/auth.repository';
import { createAuthService } from './features/auth/auth.service';
import { createAvailabilityRepository } from './features/availability/availability.repository';
import { createAvailabilityService } from './features/availability/availability.service';
import { createFileStore } from './features/files/file-store';
import { createProfileRepository } from './features/profile/profile.repository';
import { createProfileService } from './features/profile/profile.service';
import { createUserManagementRepository } from './features/user-management/user-management.repository';
import { createUserManagementService } from './features/user-management/user-management.service';
import { createPushRepository } from './features/push/push.repository';
import { createPushService } from './features/push/push.service';
import { createRubricsRepository } from './features/rubrics/rubrics.repository';
import { createRubricsService } from './features/rubrics/rubrics.service';
import { createScenariosRepository } from './features/scenarios/scenarios.repository';
import { createScenariosService } from './features/scenarios/scenarios.service';
import { createScenarioFormsRepository } from './features/scenario-forms/scenario-forms.repository';
import { createScenarioFormsService } from './features/scenario-forms/scenario-forms.service';
import { createPlaylistsRepository } from './features/playlists/playlists.repository';
import { createPlaylistsService } from './features/playlists/playlists.service';
import { createVisitEvents } from './features/visit-events/visit-events';
import { createPaymentProvider } from './features/payments/payment-providers';
import { createPaymentsRepository } from './features/payments/payments.repository';
import { createPaymentsService } from './features/payments/payments.service';
import { loadScenarioFacts } from './features/scenarios/scenario-facts';
import { createContactService } from './features/contact/contact.service';
import { createLookupsRepository } from './features/lookups/lookups.repository';
import { createMailService } from './features/mail/mail.service';
import { createMobileVerificationRepository } from './features/mobile-verification/mobile-verification.repository';
import { createMobileVerificationService } from './features/mobile-verification/mobile-verification.service';
import { createSmsProvider } from './features/sms/sms-provider';
import { createOutboxRepository } from './features/mail/outbox.repository';
import { createNotificationsRepository } from './features/notifications/notifications.repository';
import { createNotificationsService } from './features/notifications/notifications.service';
import { createPartnersRepository } from './features/partners/partners.repository';
import { createPartnersService } from './features/partners/partners.service';
import { createPasscodeRepository } from './features/passcode/passcode.repository';
import { createPasscodeService } from './features/passcode/passcode.service';
import { createRateLimitRepository } from './features/rate-limit/rate-limit.repository';
import { createRateLimitService } from './features/rate-limit/rate-limit.service';
import { createRegistrationFieldsRepository } from './features/registration-fields/registration-fields.repository';
import { createRegistrationFieldsService } from './features/registration-fields/registration-fields.service';
import { createSessionsRepository } from './features/sessions/sessions.repository';
import { createSessionsService } from './features/sessions/sessions.service';
import { createUsersRepository } from './features/users/users.repository';
import { createUsersService } from './features/users/users.service';
import { createSyncRepository } from './sync/sync.repository';
import { createSyncService } from './sync/sync.service';

/** Wires every feature's repository into its service, once per process. */
export function createServices(db: Database, config: Config) {
  const audit = createAuditService(createAuditRepository(db));
  const limits = createRateLimitService(createRateLimitRepository(db));
  const mail = createMailService(createOutboxRepository(db), config);
  const sms = createSmsProvider(config, createOutboxRepository(db));
  const sessions = createSessionsService(createSessionsRepository(db), config);
  const users = createUsersService(createUsersRepository(db));
  const partners = createPartnersService(createPartnersRepository(db), config);
  const passcode = createPasscodeService(createPasscodeRepository(db), limits);
  const push = createPushService(createPushRepository(db), config);
  const notifications = createNotificationsService(createNotificationsRepository(db), push);
  const registrationFields = createRegistrationFieldsService(createRegistrationFieldsRepository(db));
  const auth = createAuthService({
    repo: createAuthRepository(db),
    users,
    partners,
    sessions,
    limits,
    audit,
    mail,
    config,
  });
  const lookupsRepo = createLookupsRepository(db);
  const sync = createSyncService(createSyncRepository(db));
  const files = createFileStore(config.uploadsDir);
  const availability = createAvailabilityService(createAvailabilityRepository(db), sync);
  const rubrics = createRubricsService({ repo: createRubricsRepository(db), audit });
  const payments = createPaymentsService({
    repo: createPaymentsRepository(db),
    provider: createPaymentProvider(db, config),
    audit,
    scenarioFacts: (scenarioId, viewerId) => loadScenarioFacts(db, scenarioId, viewerId),
  });
  const visitEvents = createVisitEvents();
  const scenarioForms = createScenarioFormsService({ repo: createScenarioFormsRepository(db), rubrics, audit });
  return {
    audit,
    limits,
    mail,
    sms,
    mobileVerification: createMobileVerificationService({
      repo: createMobileVerificationRepository(db),
      sms,
      limits,
      audit,
      config,
    }),
    sessions,
    users,
    partners,
    passcode,
    notifications,
    registrationFields,
    auth,
    applications: createApplicationsService(createApplicationsRepository(db), users),
    contact: createContactService({ mail, partners, limits, audit, config }),
    lookups: { list: lookupsRepo.list, one: lookupsRepo.one },
    sync,
    push,
    files,
    profile: createProfileService({ repo: createProfileRepository(db), audit, sessions, files }),
    availability,
    rubrics,
    scenarios: createScenariosService({ repo: createScenariosRepository(db), sync, audit, notifications, forms: scenarioForms, payments }),
    scenarioForms,
    payments,
    visitEvents,
    playlists: createPlaylistsService({
      repo: createPlaylistsRepository(db),
      scenarioFacts: (scenarioId, viewerId) => loadScenarioFacts(db, scenarioId, viewerId),
    }),
    userManagement: createUserManagementService({
      repo: createUserManagementRepository(db),
      users,
      sessions,
      audit,
      mail,
      notifications,
      availability,
      config,
    }),
  };
}
export type Services = ReturnType<typeof createServices>;
