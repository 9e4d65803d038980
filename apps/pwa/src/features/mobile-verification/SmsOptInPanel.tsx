import { type AuthUser, MOBILE_MESSAGES, smsNumber } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, Spinner } from '@simvisit/ui';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { isApiError } from '../../lib/api';
import { useProductName } from '../../lib/app-config';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { useSessionUpdater } from '../profile';
import { smsOptIn } from './mobile-verification-api';

const PhoneField = lazy(() => import('../../lib/phone-field'));

export interface SmsOptInPanelProps {
  /** The number to start from (the user's number on file), E.164 or null. */
  initialNumber: string | null;
  /** Called with the user the server answered with, once SMS notifications are on. */
  onOptedIn?: (user: AuthUser) => void;
  title?: string;
}

/**
 * The SMS opt-in panel of the visit request flow (spec 001 §4 'SMS gate', §5 'SMS opt-in'): an international
 * mobile number (US, CA, MX preferred) and a consent box that must be checked before Opt-in is enabled; a number
 * that cannot receive the product's texts shows 'Invalid Number'. The server checks both again (SMS-03).
 */
export function SmsOptInPanel({ initialNumber, onOptedIn, title = 'SMS Notifications' }: SmsOptInPanelProps) {
  const productName = useProductName();
  const id = useId();
  const [number, setNumber] = useState(initialNumber ?? '');
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { applyUser } = useSessionUpdater();

  const optIn = useMutation({
    mutationFn: (mobile: string) => smsOptIn({ enable_sms_notifications: true, mobile_number: mobile, sms_consent: true }),
    onSuccess: (answer) => {
      applyUser(answer.user);
      notifySuccess(answer.message);
      onOptedIn?.(answer.user);
    },
    onError: (err) => {
      const field = isApiError(err) ? (err.fieldError('mobile_number') ?? err.fieldError('sms_consent')) : null;
      if (field) setError(field);
      notifyFailure(MOBILE_MESSAGES.failure, err);
    },
  });

  const submit = () => {
    const e164 = smsNumber(number);
    if (!e164) {
      setError(MOBILE_MESSAGES.invalidNumber);
      return;
    }
    setError(null);
    optIn.mutate(e164);
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader title={<span id={`${id}-title`}>{title}</span>} />
      <CardBody className="space-y-4">
        <p className="text-sm text-slate-700">
          {productName} sends text messages about your visits: confirmations, reminders and changes. Enter a mobile number in the United
          States, Canada or Mexico; we will text it a code to verify it.
        </p>
        <Suspense fallback={<Spinner />}>
          <PhoneField
            id={`${id}-mobile`}
            label="Mobile Number"
            value={number}
            onChange={(next) => {
              setNumber(next);
              setError(null);
            }}
            error={error}
            disabled={optIn.isPending}
          />
        </Suspense>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            disabled={optIn.isPending}
          />
          <span>
            I agree to receive SMS text messages from {productName} at this number about my visits. Message and data rates may apply. I can
            turn SMS notifications off at any time on my profile.
          </span>
        </label>
        <div className="flex justify-end">
          <Button onClick={submit} disabled={!consent || optIn.isPending}>
            {optIn.isPending ? <Spinner className="size-4" /> : null}
            Opt-in
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
