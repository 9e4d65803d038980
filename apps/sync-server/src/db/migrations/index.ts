import type { Migration } from 'kysely/migration';
import * as platform from './20261121090000_platform';
import * as lookups from './20261121090100_lookups';
import * as sync from './20261121100000_sync';
import * as autoLogin from './20261121110000_auto_login';
import * as push from './20261121120000_push';
import * as rubrics from './20261121130000_rubrics';
import * as scenarios from './20261121140000_scenarios';
import * as scenarioForms from './20261121150000_scenario_forms';
import * as playlists from './20261121160000_playlists';
import * as payments from './20261121170000_payments';
import * as mobileVerification from './20261121175000_mobile_verification';
import * as visits from './20261121180000_visits';
import * as visitJobs from './20261121186000_visit_jobs';
import * as visitScorecards from './20261121193000_visit_scorecards';
import * as visitRequestSeats from './20261121195000_visit_request_seats';
import * as trainingSessions from './20261121200000_training_sessions';
import * as syncWritesPerWriter from './20261125100000_sync_writes_per_writer';
import * as applying from './20261127100000_applying';
import * as interviews from './20261127110000_interviews';
import * as trainingSessionPages from './20261127120000_training_session_pages';
import * as commitments from './20261127130000_commitments';
import * as preApprovedEmails from './20261127140000_pre_approved_emails';
import * as registration from './20261127141000_registration';
import * as articles from './20261127160000_articles';
import * as socialInstitutionsClients from './20261127170000_social_institutions_clients';
import * as brandPasswordRotation from './20261127180000_brand_password_rotation';
import * as emailedLinks from './20261128100000_emailed_links';
import * as quotesAgreementsInvoices from './20261128110000_quotes_agreements_invoices';
import * as agreementPayments from './20261128120000_agreement_payments';
import * as financial from './20261128130000_financial';
import * as seatHolds from './20261128140800_seat_holds';
import * as seatUsageDays from './20261128235000_seat_usage_days';
import * as visitListsAtScale from './20261129010000_visit_lists_at_scale';
import * as syncChangeAudience from './20261129020000_sync_change_audience';
import * as visitStatistics from './20261129025000_visit_statistics';
import * as financialFigures from './20261129030000_financial_figures';
import * as trainingSessionLists from './20261129200000_training_session_lists';

/**
 * Every migration by its timestamped name. Listed here (not discovered on disk) so that the same code runs
 * under tsx, vitest and a bundler. Add a new file, then add it here; names sort in the order they run.
 */
export const migrations: Record<string, Migration> = {
  '20261121090000_platform': platform,
  '20261121090100_lookups': lookups,
  '20261121100000_sync': sync,
  '20261121110000_auto_login': autoLogin,
  '20261121120000_push': push,
  '20261121130000_rubrics': rubrics,
  '20261121140000_scenarios': scenarios,
  '20261121150000_scenario_forms': scenarioForms,
  '20261121160000_playlists': playlists,
  '20261121170000_payments': payments,
  '20261121175000_mobile_verification': mobileVerification,
  '20261121180000_visits': visits,
  '20261121186000_visit_jobs': visitJobs,
  '20261121193000_visit_scorecards': visitScorecards,
  '20261121195000_visit_request_seats': visitRequestSeats,
  '20261121200000_training_sessions': trainingSessions,
  '20261125100000_sync_writes_per_writer': syncWritesPerWriter,
  '20261127100000_applying': applying,
  '20261127110000_interviews': interviews,
  '20261127120000_training_session_pages': trainingSessionPages,
  '20261127130000_commitments': commitments,
  '20261127140000_pre_approved_emails': preApprovedEmails,
  '20261127141000_registration': registration,
  '20261127160000_articles': articles,
  '20261127170000_social_institutions_clients': socialInstitutionsClients,
  '20261127180000_brand_password_rotation': brandPasswordRotation,
  '20261128100000_emailed_links': emailedLinks,
  '20261128110000_quotes_agreements_invoices': quotesAgreementsInvoices,
  '20261128120000_agreement_payments': agreementPayments,
  '20261128130000_financial': financial,
  '20261128140800_seat_holds': seatHolds,
  '20261128235000_seat_usage_days': seatUsageDays,
  '20261129010000_visit_lists_at_scale': visitListsAtScale,
  '20261129020000_sync_change_audience': syncChangeAudience,
  '20261129025000_visit_statistics': visitStatistics,
  '20261129030000_financial_figures': financialFigures,
  '20261129200000_training_session_lists': trainingSessionLists,
};
