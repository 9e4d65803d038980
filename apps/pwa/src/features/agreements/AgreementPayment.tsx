import {
  type AgreementResponse,
  type agreementsApi,
  type ContractResponse,
  AGREEMENT_MESSAGES as M,
  PAYMENT_MESSAGES,
  toCents,
} from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader } from '@simvisit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { type CardDetails, CardPaymentForm } from '../payments';
import { agreementCalls, keepAgreement } from './agreements-api';
import { PdfDocument } from './PdfDocument';

export type AgreementPaymentResponse = ContractResponse<typeof agreementsApi.payment>;

export interface AgreementPaymentProps {
  data: AgreementResponse;
  /** the card payment succeeded: its answer (the new partner, the passcode) */
  onPaid: (payment: AgreementPaymentResponse) => void;
}

/**
 * A signed agreement not yet paid (spec 002 §2.19, §4): pay the server's total by card through the payments
 * feature's card form (Stripe Elements, or the demo card fields without keys), or ask for an invoice instead.
 * Once an invoice is requested the page says so and offers the invoice; a super admin marks it as paid.
 */
export function AgreementPayment({ data, onPaid }: AgreementPaymentProps) {
  const { agreement, payment } = data;
  if (agreement.invoice_requested) return <InvoiceRequested invoiceId={agreement.invoice_id} />;

  const pay = (card: CardDetails) => agreementCalls.pay({ agreement_id: agreement.id, ...card });
  return (
    <>
      <Card>
        <CardHeader title="Pay by card" />
        <CardBody>
          {payment.provider ? (
            <CardPaymentForm<AgreementPaymentResponse>
              quote={{
                fee_cents: toCents(agreement.payment_amount),
                processing_fee_cents: toCents(agreement.processing_fee),
                total_cents: agreement.total_amount_cents,
                provider: payment.provider,
                publishable_key: payment.publishable_key,
              }}
              feeLabel="Amount"
              messages={{ submitted: M.paymentSubmitted, submitError: M.paymentError, fallback: M.paymentFallback }}
              submit={pay}
              // After 3-D Secure the same payment is asked for again (same idempotency key): the server answers
              // its state as the provider now reports it, and finalizes it when it succeeded.
              confirm={(_payment, card) => pay(card)}
              onPaid={onPaid}
            />
          ) : (
            <Alert tone="warning" title={PAYMENT_MESSAGES.unavailable}>
              You can request an invoice instead.
            </Alert>
          )}
        </CardBody>
      </Card>
      <RequestInvoice agreementId={agreement.id} />
    </>
  );
}

/** 'Request Invoice' (spec 002 §7, §8): the server makes a numbered invoice and mails it to the billing contact. */
function RequestInvoice({ agreementId }: { agreementId: number }) {
  const queryClient = useQueryClient();
  const request = useMutation({
    mutationFn: () => agreementCalls.requestInvoice(agreementId),
    onSuccess: (answer) => {
      keepAgreement(queryClient, answer);
      notifySuccess(M.invoiceRequested);
    },
    onError: (error) => notifyFailure(M.invoiceRequestError, error),
  });
  const busy = request.isPending;
  const failure = request.error ? errorMessage(request.error) : null;

  return (
    <Card>
      <CardHeader title="Pay by invoice" />
      <CardBody className="space-y-3 text-sm">
        <p className="text-slate-600">
          Prefer to pay by invoice? We send a numbered invoice to your billing contact; your partner is set up once the payment is received.
        </p>
        {failure ? (
          <Alert tone="danger" title={M.invoiceRequestError} role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button variant="secondary" onClick={() => request.mutate()} disabled={busy} aria-busy={busy}>
          {busy ? 'Requesting…' : 'Request Invoice'}
        </Button>
      </CardBody>
    </Card>
  );
}

/** After 'Request Invoice': what happens next, and the invoice itself. */
function InvoiceRequested({ invoiceId }: { invoiceId: number | null }) {
  const [shown, setShown] = useState(false);
  return (
    <Card>
      <CardHeader title="Invoice" />
      <CardBody className="space-y-3 text-sm">
        <Alert tone="success" title={M.invoiceRequested} role="status">
          An invoice was requested for this agreement and sent to your billing contact. Your partner is set up as soon as the payment is
          received.
        </Alert>
        {invoiceId ? (
          <>
            <Button variant="secondary" aria-expanded={shown} aria-controls="agreement-invoice" onClick={() => setShown(!shown)}>
              {shown ? 'Hide Invoice' : 'View Invoice'}
            </Button>
            <div id="agreement-invoice">
              {shown ? (
                <PdfDocument load={() => agreementCalls.invoicePdf(invoiceId)} title="invoice" filename={`invoice-${invoiceId}.pdf`} />
              ) : null}
            </div>
          </>
        ) : null}
      </CardBody>
    </Card>
  );
}
