import { type CheckForPaymentResponse, type PaymentResponse, paymentsApi, type SubmitPaymentRequest } from '@simvisit/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';

/**
 * The payment calls (docs/decisions/0024-payments.md; contracts in packages/schema/src/api/payments.ts).
 * Amounts always come from the server.
 */

/** The visit request form values go as they are; the server reads scenario_id only. */
export function checkForPayment(formValues: { scenario_id: number } & Record<string, unknown>): Promise<CheckForPaymentResponse> {
  return apiCall(paymentsApi.checkForPayment, { body: formValues });
}

/**
 * The scenario's price for the signed-in learner before any date is chosen (the scheduling page shows it):
 * check-for-payment reads the scenario only, so the same call answers before and after the dates.
 */
export function paymentQuoteQuery(scenarioId: number) {
  return queryOptions({
    queryKey: ['payments', 'quote', scenarioId] as const,
    queryFn: () => checkForPayment({ scenario_id: scenarioId }),
    retry: false,
  });
}

export function submitPayment(body: SubmitPaymentRequest & Record<string, unknown>): Promise<PaymentResponse> {
  return apiCall(paymentsApi.submit, { body });
}

export function confirmPayment(paymentId: number): Promise<PaymentResponse> {
  return apiCall(paymentsApi.confirm, { body: { payment_id: paymentId } });
}

/** The demo provider's authentication step (its stand-in for the 3-D Secure page). */
export function demoAuthenticate(clientSecret: string, result: 'complete' | 'fail') {
  return apiCall(paymentsApi.demoAuthenticate, { body: { client_secret: clientSecret, result } });
}

/** One key per attempt: a double click or a retry reuses it; a new attempt after a refusal gets a new one. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
