import {
  isMobileVerified,
  isSmsCapable,
  MOBILE_CODE_LENGTH,
  MOBILE_CODE_RESEND_SECONDS,
  MOBILE_MESSAGES,
  mobileUpdateRequestSchema,
  mobileVerifyRequestSchema,
  smsNumber,
} from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, Spinner, TextField } from '@simvisit/ui';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { AppLink } from '../../lib/app-link';
import { formatPhone } from '../../lib/phone-format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify, notifyFailure, notifySuccess } from '../../platform/notices';
import { useSessionUpdater, useSignedInSession } from '../../platform/session';
import { useSyncState } from '../../platform/sync';
import { sendMobileCode, updateMobileNumber, verifyMobileCode } from './mobile-verification-api';
import { SmsOptInPanel } from './SmsOptInPanel';
import { forgetSentCode, pendingCode, rememberSentCode } from './sent-code';

const PhoneField = lazy(() => import('../../lib/phone-field'));

export interface VerificationPageProps {
  /** The scenario to go back to (query sid): /scenarios/{sid}/overview?schedule=1 after verifying. */
  sid?: string;
}

type Phase = 'opt-in' | 'code' | 'edit';

/** Seconds left until another code may be requested, counting down once a second. */
function useCountdown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [until, now]);
  const start = useCallback((seconds: number) => {
    setNow(Date.now());
    setUntil(Date.now() + seconds * 1000);
  }, []);
  return [Math.max(0, Math.ceil((until - now) / 1000)), start];
}

/**
 * Mobile verification (spec 002 §2.4): a number verified within 90 days redirects with 'Mobile Number already
 * Verified'; otherwise a code is sent on entry — unless one sent to the same number is still good, so reopening
 * the page never texts again on its own (decision 0087) — the person types it and presses Submit Code, and can
 * switch to editing the number, which sends a new code. A 429 is a countdown from Retry-After, not a failure. Without a number that can receive texts the SMS opt-in panel
 * comes first. Afterwards the person goes to /scenarios/{sid}/overview?schedule=1, or to the dashboard.
 */
export function VerificationPage({ sid }: VerificationPageProps) {
  useDocumentTitle('Mobile Verification');
  const { user } = useSignedInSession();
  const { online } = useSyncState();
  const navigate = useNavigate();
  const { patchUser } = useSessionUpdater();
  const [phase, setPhase] = useState<Phase>(() => (isSmsCapable(user.mobile_number) ? 'code' : 'opt-in'));
  const [wait, startWait] = useCountdown();
  // The server refused another code for now (429): the countdown says when to try again.
  const [throttled, setThrottled] = useState(false);
  const entered = useRef(false);

  /** A 429 waits for its Retry-After; true when the error was one. */
  const waitIfThrottled = useCallback(
    (err: unknown): boolean => {
      if (!isApiError(err) || err.status !== 429) return false;
      startWait(err.retryAfter ?? Number(err.message.match(/\d+/)?.[0] ?? 60));
      setThrottled(true);
      return true;
    },
    [startWait],
  );

  const leave = useCallback(() => {
    if (sid) void navigate({ href: `/scenarios/${encodeURIComponent(sid)}/overview?schedule=1`, replace: true });
    else void navigate({ to: '/dashboard', replace: true });
  }, [navigate, sid]);

  const send = useMutation({
    mutationFn: sendMobileCode,
    onSuccess: (answer) => {
      const number = answer.mobile_number ?? user.mobile_number;
      if (number) rememberSentCode(user.id, number, answer.retry_after);
      setThrottled(false);
      startWait(answer.retry_after);
    },
    onError: (err) => {
      if (!waitIfThrottled(err)) return notifyFailure(MOBILE_MESSAGES.failure, err);
      // Refused because a code went out less than a minute ago (another tab or device): that code is the one to
      // type. The hourly caps wait longer and stand for no fresh code.
      const wait = isApiError(err) ? (err.retryAfter ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY;
      if (wait <= MOBILE_CODE_RESEND_SECONDS && user.mobile_number) rememberSentCode(user.id, user.mobile_number, wait);
    },
  });

  const verify = useMutation({
    mutationFn: (ver_code: string) => verifyMobileCode({ ver_code }),
    onSuccess: (answer) => {
      patchUser({ mobile_verified_at: answer.mobile_verified_at });
      forgetSentCode(user.id);
      notifySuccess(answer.message);
      leave();
    },
  });

  // The code: six digits by the shared rule; a refusal no field explains shows under the code too.
  const codeForm = useApiForm({
    schema: mobileVerifyRequestSchema,
    defaultValues: { ver_code: '' },
    submit: ({ ver_code }) => verify.mutateAsync(ver_code),
    onError: (_failure, err) => notifyFailure(MOBILE_MESSAGES.failure, err),
  });

  // A new number: one that cannot receive the product's texts is given to the rule as none: 'Invalid Number'.
  const numberForm = useApiForm({
    schema: mobileUpdateRequestSchema,
    defaultValues: { mobile_input: '' },
    input: ({ mobile_input }) => ({ mobile_input: smsNumber(mobile_input) ?? '' }),
    submit: async (body) => {
      const answer = await updateMobileNumber(body);
      if (answer.mobile_number) patchUser({ mobile_number: answer.mobile_number, mobile_verified_at: null });
      if (answer.mobile_number && answer.retry_after > 0) rememberSentCode(user.id, answer.mobile_number, answer.retry_after);
      notifySuccess(answer.message);
      setThrottled(false);
      startWait(answer.retry_after);
      codeForm.reset();
      setPhase('code');
    },
    onError: (_failure, err) => {
      if (!waitIfThrottled(err)) notifyFailure(MOBILE_MESSAGES.failure, err);
    },
  });
  const code = codeForm.form.watch('ver_code');
  const codeField = codeForm.field('ver_code');
  const newNumber = numberForm.form.watch('mobile_input');

  // On entry: already verified → away with the spec's notice; otherwise one code (not again on re-render).
  useEffect(() => {
    if (entered.current) return;
    entered.current = true;
    if (isMobileVerified(user.mobile_verified_at)) {
      notify({ title: MOBILE_MESSAGES.alreadyVerified, icon: 'success', color: 'green' });
      leave();
      return;
    }
    if (!isSmsCapable(user.mobile_number) || !online) return;
    // A code sent to this number is still good (the page was reopened): no new text, the resend wait goes on.
    const pending = pendingCode(user.id, user.mobile_number!);
    if (pending) startWait(Math.max(0, Math.ceil((pending.resendAt - Date.now()) / 1000)));
    else send.mutate();
  }, [user.id, user.mobile_verified_at, user.mobile_number, online, leave, send, startWait]);

  if (isMobileVerified(user.mobile_verified_at) && !verify.isSuccess) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-lg space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Mobile Verification</h1>
      {sid ? (
        <p className="text-sm">
          <AppLink
            to={`/scenarios/${encodeURIComponent(sid)}/overview`}
            className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
          >
            Back to scheduling (your chosen times are kept)
          </AppLink>
        </p>
      ) : null}
      {throttled && wait > 0 ? (
        <Alert tone="info" role="status" title="Please wait before requesting another code">
          Try again in {wait} s.
        </Alert>
      ) : null}
      {!online ? (
        <Alert tone="warning" title="You are offline">
          Verifying your mobile number needs the network. Please try again when you are back online.
        </Alert>
      ) : null}

      {phase === 'opt-in' ? (
        <SmsOptInPanel
          initialNumber={user.mobile_number}
          onOptedIn={() => {
            setPhase('code');
            send.mutate();
          }}
        />
      ) : null}

      {phase === 'code' ? (
        <Card>
          <CardHeader title="Enter your verification code" />
          <CardBody className="space-y-4">
            <p className="text-sm text-slate-700">
              {send.isPending ? 'Sending a code to ' : 'We sent a 6-digit code to '}
              <span className="font-medium text-slate-900">{user.mobile_number ? formatPhone(user.mobile_number) : ''}</span>. It expires in
              10 minutes.
            </p>
            <form className="space-y-4" onSubmit={codeForm.onSubmit}>
              <TextField
                {...codeField}
                label="Verification Code"
                onChange={(e) => {
                  // Digits only, at most six: what is typed is kept as the code.
                  e.target.value = e.target.value.replace(/\D/g, '').slice(0, MOBILE_CODE_LENGTH);
                  codeForm.form.clearErrors('ver_code');
                  return codeField.onChange(e);
                }}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={MOBILE_CODE_LENGTH}
                error={codeForm.error('ver_code') ?? codeForm.failure}
                disabled={codeForm.submitting}
              />
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex gap-3">
                  <Button type="button" variant="link" onClick={() => send.mutate()} disabled={!online || send.isPending || wait > 0}>
                    {wait > 0 ? `Resend code (${wait}s)` : 'Resend code'}
                  </Button>
                  <Button
                    type="button"
                    variant="link"
                    onClick={() => {
                      numberForm.reset({ mobile_input: user.mobile_number ?? '' });
                      setPhase('edit');
                    }}
                  >
                    Edit number
                  </Button>
                </div>
                <Button type="submit" disabled={!online || codeForm.submitting || code.length !== MOBILE_CODE_LENGTH}>
                  {codeForm.submitting ? <Spinner className="size-4" /> : null}
                  Submit Code
                </Button>
              </div>
            </form>
          </CardBody>
        </Card>
      ) : null}

      {phase === 'edit' ? (
        <Card>
          <CardHeader title="Edit your mobile number" />
          <CardBody>
            <form className="space-y-4" onSubmit={numberForm.onSubmit}>
              <Suspense fallback={<Spinner />}>
                <PhoneField
                  id="mobile_input"
                  label="Mobile Number"
                  value={newNumber}
                  onChange={(next) => {
                    numberForm.form.setValue('mobile_input', next);
                    numberForm.form.clearErrors('mobile_input');
                  }}
                  error={numberForm.error('mobile_input')}
                  disabled={numberForm.submitting}
                  autoFocus
                />
              </Suspense>
              <p className="text-sm text-slate-600">A new code is sent to the number you enter (United States, Canada or Mexico).</p>
              <div className="flex justify-end gap-3">
                <Button type="button" variant="secondary" onClick={() => setPhase(isSmsCapable(user.mobile_number) ? 'code' : 'opt-in')}>
                  Cancel
                </Button>
                <Button type="submit" disabled={!online || numberForm.submitting}>
                  {numberForm.submitting ? <Spinner className="size-4" /> : null}
                  Send Code
                </Button>
              </div>
            </form>
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}
