import { type Agreement, landingPagePath } from '@simvisit/schema';
import { Alert, Button, buttonClassName, Card, CardBody, CardHeader, TextField } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { localMoment } from './AgreementSummary';

export interface FinalizedAgreementProps {
  agreement: Agreement;
  /** the new partner's brand passcode: only to the requester or a super admin */
  password: string | null;
}

/**
 * A paid agreement (spec 002 §2.19, issue 19 item 4): the organisation is now a partner. The page gives its
 * brand passcode (to keep: the passcode is what people signing in at the partner are asked for), the way to
 * its landing page configuration (management.partner with partner_id, which the server opens to the partner's
 * client admin from any host: docs/decisions/0056) and its branded sign-in address.
 */
export function FinalizedAgreement({ agreement, password }: FinalizedAgreementProps) {
  const paidAt = localMoment(agreement.payment_made_at);
  const signIn = `${window.location.origin}/login?partner_slug=${encodeURIComponent(agreement.slug)}`;
  return (
    <>
      <Alert tone="success" title="Your partner is ready" role="status">
        {agreement.title} is set up{paidAt ? `: payment received ${paidAt}` : ''}. You are its client admin.
      </Alert>
      {password ? <Passcode password={password} /> : null}
      <Card>
        <CardHeader title="Next steps" />
        <CardBody className="space-y-3 text-sm">
          <p className="text-slate-600">
            Add your logo, banner colour and welcome message to the landing page your learners see, then share your sign-in address.
          </p>
          {agreement.partner_id ? (
            <Link
              to="/management/partner/$partner_id"
              params={{ partner_id: String(agreement.partner_id) }}
              className={buttonClassName('primary', 'md')}
            >
              Configure your landing page
            </Link>
          ) : null}
          <dl className="space-y-2">
            <div>
              <dt className="font-medium text-slate-700">Sign-in address</dt>
              <dd className="break-all text-slate-900">{signIn}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-700">Public landing page</dt>
              <dd>
                <a href={landingPagePath(agreement.slug)} target="_blank" rel="noopener" className="text-brand-700 hover:underline">
                  {`${window.location.origin}${landingPagePath(agreement.slug)}`}
                </a>
              </dd>
            </div>
          </dl>
        </CardBody>
      </Card>
    </>
  );
}

/** The passcode, once, with a copy button and the advice to keep it. */
function Passcode({ password }: { password: string }) {
  const [copied, setCopied] = useState(false);
  const canCopy = typeof navigator !== 'undefined' && Boolean(navigator.clipboard);
  return (
    <Card>
      <CardHeader title="Brand passcode" />
      <CardBody className="space-y-3 text-sm">
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            id="brand-passcode"
            label="Passcode"
            value={password}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            inputClassName="font-mono text-base"
            className="min-w-64"
          />
          {canCopy ? (
            <Button
              variant="secondary"
              onClick={() => void navigator.clipboard.writeText(password).then(() => setCopied(true))}
              aria-live="polite"
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          ) : null}
        </div>
        <Alert tone="warning" title="Keep this passcode somewhere safe">
          People signing in at your partner are asked for it. Write it down or store it in a password manager now.
        </Alert>
      </CardBody>
    </Card>
  );
}
