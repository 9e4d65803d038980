import { ACCESS } from '../api-access';
import { defineContract } from '../api-contract';
import {
  financialOverviewRequestSchema,
  financialOverviewResponseSchema,
  financialReportQuerySchema,
  financialReportResponseSchema,
  paymentReportQuerySchema,
  paymentReportResponseSchema,
} from '../financial';

/*
 * The money views of issue 20 (docs/decisions/0078). The overview card is for anyone signed in: the service answers
 * a non-admin with their own figures only (AUTHZ-09) and forces partners other than 1 and 28 to the current one.
 * The reports and their spreadsheets need `financial_report.access` (AUTHZ-02); holders at partner 1 or 28 (and
 * super admins) reach every partner, holders elsewhere only their own. The exports answer an .xlsx file.
 */
const tag = 'Reports';
const reports = ACCESS.financialReports;

export const financialApi = {
  overview: defineContract({
    method: 'POST',
    path: '/api/financial/overview',
    tag,
    summary: "A month's earnings by category (spec 000 §3 Financial data): the caller's own, or everyone's in scope for admins",
    access: { type: 'authenticated' },
    scope: 'partner',
    stateChanging: false,
    body: financialOverviewRequestSchema,
    response: financialOverviewResponseSchema,
  }),
  report: defineContract({
    method: 'GET',
    path: '/api/reports/financial',
    tag,
    summary: 'One row per person with hours, rates and totals per category and per job number, and the grand totals',
    access: reports,
    scope: 'partner',
    query: financialReportQuerySchema,
    response: financialReportResponseSchema,
  }),
  reportExport: defineContract({
    method: 'GET',
    path: '/api/reports/financial/export',
    tag,
    summary: 'The financial report as financial_report_{month}_{year}.xlsx (formulas neutralised; the export is audited)',
    access: reports,
    scope: 'partner',
    query: financialReportQuerySchema,
  }),
  payment: defineContract({
    method: 'GET',
    path: '/api/reports/payment',
    tag,
    summary: 'What learners paid per job number (fees and processing fees less refunds) and the agreement payments of a month',
    access: reports,
    scope: 'partner',
    query: paymentReportQuerySchema,
    response: paymentReportResponseSchema,
  }),
  paymentExport: defineContract({
    method: 'GET',
    path: '/api/reports/payment/export',
    tag,
    summary: 'The payment report as payment_report_{month}_{year}.xlsx (the export is audited)',
    access: reports,
    scope: 'partner',
    query: paymentReportQuerySchema,
  }),
};
