import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { FinancialReportPage } from './FinancialReportPage';
import { PaymentReportPage } from './PaymentReportPage';

export const financialReportLazyRoute = createLazyRoute('/signed-in/reports/financial')({ component: FinancialReportRoute });
export const paymentReportLazyRoute = createLazyRoute('/signed-in/reports/payment')({ component: PaymentReportRoute });

function FinancialReportRoute(): ReactElement {
  const navigate = financialReportLazyRoute.useNavigate();
  return <FinancialReportPage search={financialReportLazyRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}

function PaymentReportRoute(): ReactElement {
  const navigate = paymentReportLazyRoute.useNavigate();
  return <PaymentReportPage search={paymentReportLazyRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}
