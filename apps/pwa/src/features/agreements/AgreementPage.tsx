import { type Agreement, type AgreementResponse, AGREEMENT_MESSAGES as M } from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, Spinner } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../platform/errors';
import { AgreementPayment, type AgreementPaymentResponse } from './AgreementPayment';
import { AgreementSummary, localMoment } from './AgreementSummary';
import { agreementCalls, agreementKeys, useAgreement } from './agreements-api';
import { FinalizedAgreement } from './FinalizedAgreement';
import { PdfDocument } from './PdfDocument';
import { SignAgreementForm } from './SignAgreementForm';

/** The agreement page (PartnerAgreement, agreement_id): loads the agreement and shows it by its state. */
export function AgreementPage({ agreementId }: { agreementId: number }) {
  const query = useAgreement(agreementId);
  useDocumentTitle(query.data ? `Agreement: ${query.data.agreement.title}` : 'Agreement');

  // A failed refetch keeps the agreement already shown (a payment step under way must not vanish).
  if (query.data) return <AgreementView data={query.data} />;
  if (query.isError) {
    if (isApiError(query.error) && [403, 404].includes(query.error.status)) return <ErrorPage code={String(query.error.status)} />;
    return (
      <Alert tone="danger" title="The agreement could not be loaded." titleAs="h1" role="alert">
        {query.error.message}
      </Alert>
    );
  }
  return <Spinner label="Loading the agreement" />;
}

/**
 * One agreement by state (spec 002 §2.19, §4): rejected, the notice; unsigned, the terms (the server's PDF) and
 * the signing form; signed and unpaid, card payment or an invoice request; finalized, the summary with the
 * passcode and the way to the new partner's landing page. A signed agreement is re-read with View Receipt.
 */
export function AgreementView({ data }: { data: AgreementResponse }) {
  const { agreement } = data;
  const queryClient = useQueryClient();
  // The passcode as the payment answered it, in case the page's next read comes before the finalization does.
  const [paidPassword, setPaidPassword] = useState<string | null>(null);

  function paid(payment: AgreementPaymentResponse) {
    if (payment.password) setPaidPassword(payment.password);
    void queryClient.invalidateQueries({ queryKey: agreementKeys.one(agreement.id) });
    void queryClient.invalidateQueries({ queryKey: agreementKeys.list() });
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{agreement.title}</h1>
        {agreement.company_name ? <p className="text-sm text-slate-600">{agreement.company_name}</p> : null}
      </header>

      {agreement.state === 'rejected' ? (
        <Alert tone="warning" title={M.rejected} role="status">
          No payment is due. If you have questions about this decision, please contact support.
        </Alert>
      ) : null}

      {agreement.state === 'unsigned' ? (
        <>
          <AgreementSummary data={data} />
          <Card>
            <CardHeader title="Agreement terms" />
            <CardBody>
              <PdfDocument
                key="unsigned"
                load={() => agreementCalls.agreementPdf(agreement.id)}
                title="agreement"
                filename={`agreement-${agreement.slug}.pdf`}
              />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Sign the agreement" />
            <CardBody>
              <SignAgreementForm agreementId={agreement.id} states={data.states} />
            </CardBody>
          </Card>
        </>
      ) : null}

      {agreement.state === 'signed' ? (
        <>
          <AgreementSummary data={data} />
          <Receipt agreement={agreement} />
          <AgreementPayment data={data} onPaid={paid} />
        </>
      ) : null}

      {agreement.state === 'finalized' ? (
        <>
          <FinalizedAgreement agreement={agreement} password={data.password ?? paidPassword} />
          <AgreementSummary data={data} />
          <Receipt agreement={agreement} />
        </>
      ) : null}
    </div>
  );
}

/** Who signed and when, and 'View Receipt' toggling the signed agreement (the server's signed copy). */
function Receipt({ agreement }: { agreement: Agreement }) {
  const [shown, setShown] = useState(false);
  const signedAt = localMoment(agreement.agreement_signed_at);
  return (
    <Card>
      <CardHeader
        title="Signed agreement"
        actions={
          <Button variant="secondary" size="sm" aria-expanded={shown} aria-controls="agreement-receipt" onClick={() => setShown(!shown)}>
            {shown ? 'Hide Receipt' : 'View Receipt'}
          </Button>
        }
      />
      <CardBody className="space-y-3 text-sm">
        <p className="text-slate-700">
          Signed{agreement.signer_name ? ` by ${agreement.signer_name}` : ''}
          {signedAt ? ` on ${signedAt}` : ''}.
        </p>
        <div id="agreement-receipt">
          {shown ? (
            <PdfDocument
              key={agreement.agreement_signed_at ?? 'signed'}
              load={() => agreementCalls.agreementPdf(agreement.id)}
              title="signed agreement"
              filename={`agreement-${agreement.slug}-signed.pdf`}
            />
          ) : null}
        </div>
      </CardBody>
    </Card>
  );
}
