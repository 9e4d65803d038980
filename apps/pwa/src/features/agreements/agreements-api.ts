import {
  type AgreementPaymentRequest,
  type AgreementResponse,
  agreementsApi,
  invoicesApi,
  type SignAgreementRequest,
} from '@simvisit/schema';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiBlobCall, apiCall, isApiError } from '../../lib/api';
import { queryKeyOf } from '../../lib/query-keys';

/**
 * The agreement calls (issue 19 item 4; contracts in packages/schema/src/api/agreements.ts). Every amount comes
 * from the server; the PWA only shows it.
 */
export const agreementKeys = {
  list: () => queryKeyOf(agreementsApi.list),
  one: (id: number) => queryKeyOf(agreementsApi.show, { query: { agreement_id: id } }),
};

/** A refusal (403, 404) is final: not retried. */
const retryUnlessRefused = (count: number, error: Error) => !(isApiError(error) && error.status < 500) && count < 2;

/** GET api/agreements: the caller's agreements (every one for a super admin). */
export function useAgreements() {
  return useQuery({ queryKey: agreementKeys.list(), queryFn: () => apiCall(agreementsApi.list), retry: retryUnlessRefused });
}

/** GET api/agreement {agreement_id}: the agreement by state, its scenarios, the states list, the passcode once finalized. */
export function useAgreement(id: number) {
  return useQuery({
    queryKey: agreementKeys.one(id),
    queryFn: () => apiCall(agreementsApi.show, { query: { agreement_id: id } }),
    retry: retryUnlessRefused,
  });
}

/** Keeps an answer that carries the whole agreement (sign, request invoice) as the page's, and the list fresh. */
export function keepAgreement(queryClient: QueryClient, answer: AgreementResponse): void {
  queryClient.setQueryData(agreementKeys.one(answer.agreement.id), answer);
  void queryClient.invalidateQueries({ queryKey: agreementKeys.list() });
}

export const agreementCalls = {
  sign: (body: SignAgreementRequest) => apiCall(agreementsApi.sign, { body }),
  pay: (body: AgreementPaymentRequest) => apiCall(agreementsApi.payment, { body }),
  requestInvoice: (agreementId: number) => apiCall(agreementsApi.requestInvoice, { body: { agreement_id: agreementId } }),
  /** The agreement as the server made it (the signed copy once signed). */
  agreementPdf: (agreementId: number) => apiBlobCall(agreementsApi.pdf, { query: { agreement_id: agreementId } }),
  /** The numbered invoice of an invoice request. */
  invoicePdf: (invoiceId: number) => apiBlobCall(invoicesApi.pdf, { query: { invoice_id: invoiceId } }),
};
