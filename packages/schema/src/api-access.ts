import type { Permission } from './permissions';

/**
 * Who may call a REST route or use a replicated collection (default deny: every route declares one).
 * Object and partner checks beyond this happen in the server's services.
 */
export type Access =
  | { type: 'public' }
  | { type: 'authenticated' }
  | { type: 'permission'; permission: Permission }
  | { type: 'super_admin' }
  /** only while demo mode is on; not served at all otherwise */
  | { type: 'demo' }
  /** only while test mode is on (the test clock and test data, decision 0039); not served at all otherwise */
  | { type: 'test' };

/**
 * The access rules pages stand on as well as calls. A page's route names the access of the call the page makes
 * (its guard shows the 403 page to anyone else); taken from the contract map (`quotesApi.list.access`), it pulled
 * every schema of that feature, and the phone number library, into the first page's JavaScript (decision 0085).
 * The contracts take these same constants, and test/page-access.test.ts holds each page to its call.
 */
export const ACCESS = {
  signedIn: { type: 'authenticated' },
  superAdmin: { type: 'super_admin' },
  financialReports: { type: 'permission', permission: 'financial_report.access' },
  applicantView: { type: 'permission', permission: 'applicant.view' },
  userViewList: { type: 'permission', permission: 'user.view_list' },
  scenarioAdmin: { type: 'permission', permission: 'scenario.admin' },
} as const satisfies Record<string, Access>;

/** What the handler checks beyond the access rule, for the reader and the OpenAPI document. */
export type Scope = 'none' | 'self' | 'partner' | 'object';
