import type { Services } from './app-services';
import { agreementsModule } from './features/agreements';
import { applicationsModule } from './features/applications';
import { applyingModule } from './features/applying';
import { authModule } from './features/auth';
import { availabilityModule } from './features/availability';
import { brandPasswordsModule } from './features/brand-passwords';
import { calendarFeedModule } from './features/calendar-feed';
import { clientAdminRequestsModule } from './features/client-admin-requests';
import { configModule } from './features/config';
import { contactModule } from './features/contact';
import { financialModule } from './features/financial';
import { institutionsModule } from './features/institutions';
import { landingPagesModule } from './features/landing-pages';
import { lookupsModule } from './features/lookups';
import { mobileVerificationModule } from './features/mobile-verification';
import { notificationsModule } from './features/notifications';
import { partnerCapacityModule } from './features/partner-capacity';
import { partnersModule } from './features/partners';
import { passcodeModule } from './features/passcode';
import { paymentsModule } from './features/payments';
import { playlistsModule } from './features/playlists';
import { preApprovedEmailsModule } from './features/pre-approved-emails';
import { profileModule } from './features/profile';
import { pushModule } from './features/push';
import { quotesModule } from './features/quotes';
import { recruitmentModule } from './features/recruitment';
import { registrationModule } from './features/registration';
import { registrationFieldsModule } from './features/registration-fields';
import { rubricsModule } from './features/rubrics';
import { scenarioFormsModule } from './features/scenario-forms';
import { scenariosModule } from './features/scenarios';
import { scoringAgreementModule } from './features/scoring-agreement';
import { sessionCounterModule } from './features/session-counter';
import { socialPostsModule } from './features/social-posts';
import { testSupportModule } from './features/test-support';
import { trainingPracticeModule } from './features/training-practice';
import { trainingSessionsModule } from './features/training-sessions';
import { userManagementModule } from './features/user-management';
import { usersModule } from './features/users';
import { visitDashboardModule } from './features/visit-dashboard';
import { visitEventsModule } from './features/visit-events';
import { visitJobsModule } from './features/visit-jobs';
import { visitMessagesModule } from './features/visit-messages';
import { visitRequestsModule } from './features/visit-requests';
import { visitScorecardsModule } from './features/visit-scorecards';
import { visitsModule } from './features/visits';
import { auditModule } from './platform/audit';
import { emailedLinksModule } from './platform/emailed-links';
import { filesModule } from './platform/files';
import { jobsModule } from './platform/jobs';
import { mailModule } from './platform/mail';
import { meetingsModule } from './platform/meetings';
import { outboxModule } from './platform/outbox';
import { rateLimitModule } from './platform/rate-limit';
import { sessionsModule } from './platform/sessions';
import { smsModule } from './platform/sms';
import { syncModule } from './sync/sync.module';

/**
 * Every server module, one line each: the only list a new feature joins. A module's services may use those of
 * the modules above it when it is created (later ones only inside functions run at call time); its routes are
 * mounted, and its timed jobs of a cadence run, in this order too.
 */
export const MODULES = [
  // platform
  auditModule,
  rateLimitModule,
  outboxModule,
  mailModule,
  emailedLinksModule,
  smsModule,
  sessionsModule,
  filesModule,
  meetingsModule,
  jobsModule,
  // features
  configModule,
  usersModule,
  partnersModule,
  pushModule,
  registrationFieldsModule,
  preApprovedEmailsModule,
  partnerCapacityModule,
  passcodeModule,
  brandPasswordsModule,
  authModule,
  applicationsModule,
  applyingModule,
  registrationModule,
  lookupsModule,
  contactModule,
  mobileVerificationModule,
  visitEventsModule,
  syncModule,
  availabilityModule,
  notificationsModule,
  profileModule,
  userManagementModule,
  rubricsModule,
  scenarioFormsModule,
  paymentsModule,
  // before visit requests: its GET api/request/:request_id would otherwise answer api/request/quote(s)
  quotesModule,
  agreementsModule,
  visitRequestsModule,
  scenariosModule,
  playlistsModule,
  visitMessagesModule,
  visitJobsModule,
  visitsModule,
  visitScorecardsModule,
  trainingPracticeModule,
  trainingSessionsModule,
  visitDashboardModule,
  sessionCounterModule,
  recruitmentModule,
  landingPagesModule,
  testSupportModule,
  calendarFeedModule,
  socialPostsModule,
  institutionsModule,
  clientAdminRequestsModule,
  scoringAgreementModule,
  financialModule,
] as const;

// The compiler proves the list is complete: every member of Services is created by some module.
type Provided = (typeof MODULES)[number] extends infer M
  ? M extends { services?: (...args: never[]) => infer S }
    ? keyof S
    : never
  : never;
type Missing = Exclude<keyof Services, Provided>;
const complete: [Missing] extends [never] ? true : { missing: Missing } = true;
void complete;
