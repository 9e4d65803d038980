import {
  type CheckForPaymentResponse,
  checkForPaymentResponseSchema,
  type PaymentResponse,
  paymentResponseSchema,
  type SubmitPaymentRequest,
} from '@simvisit/schema';
import { z } from 'zod';
import { apiRequest } from '../../lib/api';

/** The payment calls (docs/decisions/0024-payments.md). Amounts always come from the server. */

export function checkForPayment(formValues: { scenario_id: number } & Record<string, unknown>): Promise<CheckForPaymentResponse> {
  return apiRequest('/api/visit-request/check-for-payment', { method: 'POST', body: formValues, schema: checkForPaymentResponseSchema });
}

export function submitPayment(body: SubmitPaymentRequest & Record<string, unknown>): Promise<PaymentResponse> {
  return apiRequest('/api/visit-request/payment', { method: 'POST', body, schema: paymentResponseSchema });
}

export function confirmPayment(paymentId: number): Promise<PaymentResponse> {
  return apiRequest('/api/visit-request/payment/confirm', {
    method: 'POST',
    body: { payment_id: paymentId },
    schema: paymentResponseSchema,
  });
}

/** The demo provider's authentication step (its stand-in for the 3-D Secure page). */
export function demoAuthenticate(clientSecret: string, result: 'complete' | 'fail') {
  return apiRequest('/api/payments/demo/authenticate', {
    method: 'POST',
    body: { client_secret: clientSecret, result },
    schema: z.object({ status: z.string() }),
  });
}

/** One key per attempt: a double click or a retry reuses it; a new attempt after a refusal gets a new one. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
