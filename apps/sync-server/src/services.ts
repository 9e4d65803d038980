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
import { createContactService } from './features/contact/contact.service';
import { createFileStore } from './features/files/file-store';
import { createLookupsRepository } from './features/lookups/lookups.repository';
import { createMailService } from './features/mail/mail.service';
import { createOutboxRepository } from './features/mail/outbox.repository';
import { createMeetingProvider } from './features/meetings/meeting-provider';
import { createMobileVerificationRepository } from './features/mobile-verification/mobile-verification.repository';
import { createMobileVerificationService } from './features/mobile-verification/mobile-verification.service';
import { createNotificationsRepository } from './features/notifications/notifications.repository';
import { createNotificationsService } from './features/notifications/notifications.service';
import { createPartnersRepository } from './features/partners/partners.repository';
import { createPartnersService } from './features/partners/partners.service';
import { createPasscodeRepository } from './features/passcode/passcode.repository';
import { createPasscodeService } from './features/passcode/passcode.service';
import { createPaymentProvider } from './features/payments/payment-providers';
import { createPaymentsRepository } from './features/payments/payments.repository';
import { createPaymentsService } from './features/payments/payments.service';
import { createPlaylistsRepository } from './features/playlists/playlists.repository';
import { createPlaylistsService } from './features/playlists/playlists.service';
import { createProfileRepository } from './features/profile/profile.repository';
import { createProfileService } from './features/profile/profile.service';
import { createPushRepository } from './features/push/push.repository';
import { createPushService } from './features/push/push.service';
import { createRateLimitRepository } from './features/rate-limit/rate-limit.repository';
import { createRateLimitService } from './features/rate-limit/rate-limit.service';
import { createRegistrationFieldsRepository } from './features/registration-fields/registration-fields.repository';
import { createRegistrationFieldsService } from './features/registration-fields/registration-fields.service';
import { createRubricsRepository } from './features/rubrics/rubrics.repository';
import { createRubricsService } from './features/rubrics/rubrics.service';
import { createScenarioFormsRepository } from './features/scenario-forms/scenario-forms.repository';
import { createScenarioFormsService } from './features/scenario-forms/scenario-forms.service';
import { loadScenarioFacts } from './features/scenarios/scenario-facts';
import { createScenariosRepository } from './features/scenarios/scenarios.repository';
import { createScenariosService } from './features/scenarios/scenarios.service';
import { createSessionsRepository } from './features/sessions/sessions.repository';
import { createSessionsService } from './features/sessions/sessions.service';
import { createSmsProvider } from './features/sms/sms-provider';
import { createTrainingPracticeService } from './features/training-practice/training-practice.service';
import { createUserManagementRepository } from './features/user-management/user-management.repository';
import { createUserManagementService } from './features/user-management/user-management.service';
import { createUsersRepository } from './features/users/users.repository';
import { createUsersService } from './features/users/users.service';
import { createVisitDashboardRepository } from './features/visit-dashboard/visit-dashboard.repository';
import { createVisitDashboardService } from './features/visit-dashboard/visit-dashboard.service';
import { createVisitEvents } from './features/visit-events/visit-events';
import { createVisitJobsRepository } from './features/visit-jobs/visit-jobs.repository';
import { createVisitJobs } from './features/visit-jobs/visit-jobs.service';
import { createSmsInbound } from './features/visit-messages/sms-inbound.service';
import { createVisitMessagesRepository } from './features/visit-messages/visit-messages.repository';
import { createVisitMessages } from './features/visit-messages/visit-messages.service';
import { createVisitRequestsRepository } from './features/visit-requests/visit-requests.repository';
import { createVisitRequestsService } from './features/visit-requests/visit-requests.service';
import { scorecardAssignmentsListener } from './features/visit-scorecards/visit-scorecards.assignments';
import { createVisitScorecardsService } from './features/visit-scorecards/visit-scorecards.service';
import { createVisitsRepository } from './features/visits/visits.repository';
import { createVisitsService } from './features/visits/visits.service';
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
  // Visit events come first: the sync engine hands them to collection hooks (visit scorecards) in the write's transaction.
  const visitEvents = createVisitEvents();
  const sync = createSyncService(createSyncRepository(db), { visitEvents });
  // Scorecard documents follow every change of a visit, in the change's transaction (decision 0030).
  scorecardAssignmentsListener(visitEvents);
  const files = createFileStore(config.uploadsDir);
  const availability = createAvailabilityService(createAvailabilityRepository(db), sync);
  const rubrics = createRubricsService({ repo: createRubricsRepository(db), audit });
  const payments = createPaymentsService({
    repo: createPaymentsRepository(db),
    provider: createPaymentProvider(db, config),
    audit,
    scenarioFacts: (scenarioId, viewerId) => loadScenarioFacts(db, scenarioId, viewerId),
  });
  const visitRequests = createVisitRequestsService({
    repo: createVisitRequestsRepository(db),
    payments,
    visitEvents,
    audit,
    scenarioFacts: (scenarioId, viewerId) => loadScenarioFacts(db, scenarioId, viewerId),
  });
  const scenarioForms = createScenarioFormsService({ repo: createScenarioFormsRepository(db), rubrics, audit });
  // Timed visit rules and the visit event processor (texts, emails with .ics invites, notifications): decision 0029.
  const visitMessages = createVisitMessages({ repo: createVisitMessagesRepository(db), mail, sms, notifications, config });
  const visitJobs = createVisitJobs({ repo: createVisitJobsRepository(db), visitEvents, visitMessages, visitRequests });
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
    scenarios: createScenariosService({
      repo: createScenariosRepository(db),
      sync,
      audit,
      notifications,
      forms: scenarioForms,
      payments,
      visitRequests,
    }),
    scenarioForms,
    payments,
    visitEvents,
    visitRequests,
    visitMessages,
    visitJobs,
    smsInbound: createSmsInbound({ db, config, visitEvents }),
    visits: createVisitsService({
      repo: createVisitsRepository(db),
      permissionsOf: users.permissionsOf,
      audit,
      visitEvents,
      meetings: createMeetingProvider(config),
      appUrl: config.appUrl,
      availableTimes: visitRequests.availableTimes,
    }),
    visitDashboard: createVisitDashboardService({ repo: createVisitDashboardRepository(db), users }),
    playlists: createPlaylistsService({
      repo: createPlaylistsRepository(db),
      scenarioFacts: (scenarioId, viewerId) => loadScenarioFacts(db, scenarioId, viewerId),
      progress: visitRequests.progressOf,
    }),
    visitScorecards: createVisitScorecardsService({ db, audit, visitEvents }),
    trainingPractice: createTrainingPracticeService({ db, audit }),
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
