import type { Services } from './app-services';
import type { Config } from './config';
import type { Database } from './db/database';
import { createApplicationsRepository, createApplicationsService } from './features/applications';
import { createAuthRepository, createAuthService } from './features/auth';
import { createAvailabilityRepository, createAvailabilityService } from './features/availability';
import { createContactService } from './features/contact';
import { createLookupsRepository } from './features/lookups';
import { createMobileVerificationRepository, createMobileVerificationService } from './features/mobile-verification';
import { createNotificationsRepository, createNotificationsService } from './features/notifications';
import { createPartnersRepository, createPartnersService } from './features/partners';
import { createPasscodeRepository, createPasscodeService } from './features/passcode';
import { createPaymentProvider, createPaymentsRepository, createPaymentsService } from './features/payments';
import { createPlaylistsRepository, createPlaylistsService } from './features/playlists';
import { createProfileRepository, createProfileService } from './features/profile';
import { createPushRepository, createPushService } from './features/push';
import { createRegistrationFieldsRepository, createRegistrationFieldsService } from './features/registration-fields';
import { createRubricsRepository, createRubricsService } from './features/rubrics';
import { createScenarioFormsRepository, createScenarioFormsService } from './features/scenario-forms';
import { createScenariosRepository, createScenariosService, loadScenarioFacts } from './features/scenarios';
import { createTrainingPracticeService } from './features/training-practice';
import { createUserManagementRepository, createUserManagementService } from './features/user-management';
import { createObjectAccess, createUsersRepository, createUsersService } from './features/users';
import { createVisitDashboardRepository, createVisitDashboardService } from './features/visit-dashboard';
import { createVisitEvents } from './features/visit-events';
import { createVisitJobs, createVisitJobsRepository } from './features/visit-jobs';
import { createSmsInbound, createVisitMessages, createVisitMessagesRepository } from './features/visit-messages';
import { createVisitRequestsRepository, createVisitRequestsService } from './features/visit-requests';
import { createVisitScorecardsService, scorecardAssignmentsListener } from './features/visit-scorecards';
import { createVisitsRepository, createVisitsService } from './features/visits';
import { createAuditRepository, createAuditService } from './platform/audit';
import { createFileStore } from './platform/files';
import { createMailService } from './platform/mail';
import { createMeetingProvider } from './platform/meetings';
import { createOutboxRepository } from './platform/outbox';
import { createRateLimitRepository, createRateLimitService } from './platform/rate-limit';
import { createSessionsRepository, createSessionsService } from './platform/sessions';
import { createSmsProvider } from './platform/sms';
import { createSyncRepository } from './sync/sync.repository';
import { createSyncService } from './sync/sync.service';

/** Wires every feature's repository into its service, once per process. */
export function createServices(db: Database, config: Config): Services {
  const audit = createAuditService(createAuditRepository(db));
  const objectAccess = createObjectAccess(db, audit);
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
  const scenarioForms = createScenarioFormsService({ repo: createScenarioFormsRepository(db, loadScenarioFacts), rubrics, audit });
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
      objectAccess,
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
    visitScorecards: createVisitScorecardsService({ db, audit, objectAccess, visitEvents }),
    trainingPractice: createTrainingPracticeService({ db, audit, objectAccess }),
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
