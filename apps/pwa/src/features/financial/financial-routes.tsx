import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search-params';
import { signedInLayoutRoute } from '../../platform/shell';
import type { FinancialReportSearch } from './FinancialReportPage';
import type { PaymentReportSearch } from './PaymentReportPage';

const textParam = (value: unknown) => (typeof value === 'number' ? String(value) : stringParam(value));

/** /reports/financial (route financial.report): holders of financial_report.access and super admins, else the 403 page. */
export const financialReportRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'reports/financial',
  staticData: { access: ACCESS.financialReports },
  validateSearch: (search: Record<string, unknown>): FinancialReportSearch => ({
    month: textParam(search.month),
    year: textParam(search.year),
    partner: textParam(search.partner),
    is_sim: textParam(search.is_sim),
    scenario: textParam(search.scenario),
    job_number: textParam(search.job_number),
    cursor: textParam(search.cursor),
  }),
}).lazy(() => import('./financial-routes.lazy').then((d) => d.financialReportLazyRoute));

/** /reports/payment (route payment.report): the same people. */
export const paymentReportRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'reports/payment',
  staticData: { access: ACCESS.financialReports },
  validateSearch: (search: Record<string, unknown>): PaymentReportSearch => ({
    month: textParam(search.month),
    year: textParam(search.year),
    job_number: textParam(search.job_number),
  }),
}).lazy(() => import('./financial-routes.lazy').then((d) => d.paymentReportLazyRoute));

export const financialRoutes = { signedIn: [financialReportRoute, paymentReportRoute] };
