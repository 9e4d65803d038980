import { type AuthUser, MOBILE_MESSAGES, smsNumber } from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, Spinner } from '@simvisit/ui';
import { lazy, Suspense, useId } from 'react';
import { useApiForm } from '../../lib/api-form';
import { useProductName } from '../../lib/app-config';
import { NEEDS_CONNECTION, useOnline } from '../../lib/use-online';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { useSessionUpdater } from '../../platform/session';
import { smsOptIn } from './mobile-verification-api';
import { smsOptInFormSchema } from './sms-opt-in-form';

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
  const { applyUser } = useSessionUpdater();
  const { form, error, onSubmit, submitting } = useApiForm({
    schema: smsOptInFormSchema,
    defaultValues: { mobile_number: initialNumber ?? '', sms_consent: false },
    input: (values) => ({
      enable_sms_notifications: true,
      mobile_number: smsNumber(values.mobile_number) ?? '',
      sms_consent: values.sms_consent,
    }),
    submit: async (body) => {
      const answer = await smsOptIn(body);
      applyUser(answer.user);
      notifySuccess(answer.message);
      onOptedIn?.(answer.user);
    },
    onError: (_failure, err) => notifyFailure(MOBILE_MESSAGES.failure, err),
  });
  const [number, consent] = form.watch(['mobile_number', 'sms_consent']);
  const online = useOnline();

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
              form.setValue('mobile_number', next);
              form.clearErrors(['mobile_number', 'sms_consent']);
            }}
            error={error('mobile_number') ?? error('sms_consent')}
            disabled={submitting}
          />
        </Suspense>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300"
            {...form.register('sms_consent')}
            disabled={submitting}
          />
          <span>
            I agree to receive SMS text messages from {productName} at this number about my visits. Message and data rates may apply. I can
            turn SMS notifications off at any time on my profile.
          </span>
        </label>
        {online ? null : (
          <Alert tone="warning" role="status" data-testid="sms-opt-in-offline">
            {NEEDS_CONNECTION.smsOptIn}
          </Alert>
        )}
        <div className="flex justify-end">
          <Button onClick={() => void onSubmit()} disabled={!consent || submitting || !online}>
            {submitting ? <Spinner className="size-4" /> : null}
            Opt-in
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
