import { describe, expect, it } from 'vitest';
import {
  ACCESS,
  agreementsApi,
  brandPasswordsApi,
  clientAdminRequestsApi,
  financialApi,
  institutionsApi,
  invoicesApi,
  landingPagesApi,
  partnerCapacityApi,
  preApprovedEmailsApi,
  quotesApi,
  recruitmentApi,
  registrationFieldsApi,
  scoringAgreementApi,
  socialPostsApi,
  userManagementApi,
} from '../src';

/*
 * Pages name their access from ACCESS (a module without schemas) instead of the contract map, so the first page's
 * JavaScript holds no feature's schemas (decision 0085). Each page must still stand on the access of the call it
 * makes: here each page's rule (as its route in apps/pwa names it) is the same object as its call's.
 */
const PAGES = [
  ['/agreements', agreementsApi.list.access, ACCESS.signedIn],
  ['/agreement/$agreement_id', agreementsApi.show.access, ACCESS.signedIn],
  ['invoices', invoicesApi.list.access, ACCESS.superAdmin],
  ['invoice', invoicesApi.show.access, ACCESS.superAdmin],
  ['brand passwords', brandPasswordsApi.list.access, ACCESS.superAdmin],
  ['client admin requests', clientAdminRequestsApi.list.access, ACCESS.superAdmin],
  ['client admin request', clientAdminRequestsApi.detail.access, ACCESS.superAdmin],
  ['quote requests', quotesApi.list.access, ACCESS.superAdmin],
  ['quote request', quotesApi.detail.access, ACCESS.superAdmin],
  ['scoring agreement report', scoringAgreementApi.report.access, ACCESS.scenarioAdmin],
  ['financial report', financialApi.report.access, ACCESS.financialReports],
  ['payment report', financialApi.payment.access, ACCESS.financialReports],
  ['articles', landingPagesApi.articles.access, ACCESS.superAdmin],
  ['welcome messages', landingPagesApi.welcomeMessages.access, ACCESS.superAdmin],
  ['scheduling dates', partnerCapacityApi.dates.access, ACCESS.superAdmin],
  ['seats', partnerCapacityApi.updateSeats.access, ACCESS.superAdmin],
  ['pending applicants', recruitmentApi.pending.access, ACCESS.applicantView],
  ['pending applicant', recruitmentApi.pendingUser.access, ACCESS.applicantView],
  ['user management', userManagementApi.list.access, ACCESS.userViewList],
  ['user detail', userManagementApi.detail.access, ACCESS.userViewList],
  ['institutions', institutionsApi.list.access, ACCESS.superAdmin],
  ['pre-approved emails', preApprovedEmailsApi.import.access, ACCESS.superAdmin],
  ['registration fields', registrationFieldsApi.list.access, ACCESS.superAdmin],
  ['social media posts', socialPostsApi.list.access, ACCESS.superAdmin],
] as const;

describe('page access (decision 0085)', () => {
  it.each(PAGES)('%s stands on the access of its call', (_page, call, page) => {
    expect(call).toBe(page);
  });
});
