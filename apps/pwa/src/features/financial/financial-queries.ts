import {
  type ContractInput,
  type FinancialReportQuery,
  financialApi,
  financialReportFileName,
  type PaymentReportQuery,
  paymentReportFileName,
} from '@simvisit/schema';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiBlobCall, apiCall } from '../../lib/api';
import { queryKeyOf } from '../../lib/query-keys';

/*
 * The report calls of packages/schema/src/api/financial.ts as React Query hooks, and the exports as downloads.
 * The report always asks for its menus (get_menu_items): the partner, scenario and job number lists stay those
 * of the server's present, and the page needs no second call to fill them.
 */

type ReportInput = ContractInput<typeof financialApi.report>['query'];
type PaymentInput = ContractInput<typeof financialApi.payment>['query'];

/** The financial report of the applied filters, with its menus; the previous answer stays while the next loads. */
export function useFinancialReport(query: FinancialReportQuery) {
  const input = { query: { ...query, get_menu_items: 1 } as ReportInput };
  return useQuery({
    queryKey: queryKeyOf(financialApi.report, input),
    queryFn: () => apiCall(financialApi.report, input),
    placeholderData: keepPreviousData,
  });
}

/** The payment report of the applied filters. */
export function usePaymentReport(query: PaymentReportQuery) {
  const input = { query: query as PaymentInput };
  return useQuery({
    queryKey: queryKeyOf(financialApi.payment, input),
    queryFn: () => apiCall(financialApi.payment, input),
    placeholderData: keepPreviousData,
  });
}

/** Hands a file the server made to the browser as a download named `fileName`. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Export on the financial report: the server's spreadsheet of the same filters, as financial_report_{month}_{year}.xlsx. */
export function useFinancialReportExport() {
  return useMutation({
    mutationFn: async (query: FinancialReportQuery) => {
      const blob = await apiBlobCall(financialApi.reportExport, { query: query as ReportInput });
      saveFile(blob, financialReportFileName(Number(query.month), Number(query.year)));
    },
  });
}

/** Export on the payment report, as payment_report_{month}_{year}.xlsx. */
export function usePaymentReportExport() {
  return useMutation({
    mutationFn: async (query: PaymentReportQuery) => {
      const blob = await apiBlobCall(financialApi.paymentExport, { query: query as PaymentInput });
      saveFile(blob, paymentReportFileName(Number(query.month), Number(query.year)));
    },
  });
}
