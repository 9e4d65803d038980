import { isMobileVerified, isSmsCapable, MOBILE_CODE_LENGTH, MOBILE_MESSAGES, smsNumber } from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, Spinner, TextField } from '@simvisit/ui';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify, notifyFailure, notifySuccess } from '../../platform/notices';
import { useSignedInSession } from '../../platform/session';
import { useSyncState } from '../../platform/sync';
import { formatPhone, useSessionUpdater } from '../profile';
import { sendMobileCode, updateMobileNumber, verifyMobileCode } from './mobile-verification-api';
import { SmsOptInPanel } from './SmsOptInPanel';

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
 * Verified'; otherwise a code is sent on entry, the person types it and presses Submit Code, and can switch to
 * editing the number, which sends a new code. Without a number that can receive texts the SMS opt-in panel
 * comes first. Afterwards the person goes to /scenarios/{sid}/overview?schedule=1, or to the dashboard.
 */
export function VerificationPage({ sid }: VerificationPageProps) {
  useDocumentTitle('Mobile Verification');
  const { user } = useSignedInSession();
  const { online } = useSyncState();
  const navigate = useNavigate();
  const { patchUser } = useSessionUpdater();
  const [phase, setPhase] = useState<Phase>(() => (isSmsCapable(user.mobile_number) ? 'code' : 'opt-in'));
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [newNumber, setNewNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [wait, startWait] = useCountdown();
  const entered = useRef(false);

  const leave = useCallback(() => {
    if (sid) void navigate({ href: `/scenarios/${encodeURIComponent(sid)}/overview?schedule=1`, replace: true });
    else void navigate({ to: '/dashboard', replace: true });
  }, [navigate, sid]);

  const send = useMutation({
    mutationFn: sendMobileCode,
    onSuccess: (answer) => startWait(answer.retry_after),
    onError: (err) => {
      if (isApiError(err) && err.status === 429) startWait(Number(err.message.match(/\d+/)?.[0] ?? 0));
      notifyFailure(MOBILE_MESSAGES.failure, err);
    },
  });

  const update = useMutation({
    mutationFn: (mobile: string) => updateMobileNumber({ mobile_input: mobile }),
    onSuccess: (answer) => {
      if (answer.mobile_number) patchUser({ mobile_number: answer.mobile_number, mobile_verified_at: null });
      notifySuccess(answer.message);
      startWait(answer.retry_after);
      setCode('');
      setCodeError(null);
      setPhase('code');
    },
    onError: (err) => {
      if (isApiError(err)) setNumberError(err.fieldError('mobile_input'));
      notifyFailure(MOBILE_MESSAGES.failure, err);
    },
  });

  const verify = useMutation({
    mutationFn: (ver_code: string) => verifyMobileCode({ ver_code }),
    onSuccess: (answer) => {
      patchUser({ mobile_verified_at: answer.mobile_verified_at });
      notifySuccess(answer.message);
      leave();
    },
    onError: (err) => {
      if (isApiError(err)) setCodeError(err.fieldError('ver_code') ?? err.message);
      notifyFailure(MOBILE_MESSAGES.failure, err);
    },
  });

  // On entry: already verified → away with the spec's notice; otherwise one code (not again on re-render).
  useEffect(() => {
    if (entered.current) return;
    entered.current = true;
    if (isMobileVerified(user.mobile_verified_at)) {
      notify({ title: MOBILE_MESSAGES.alreadyVerified, icon: 'success', color: 'green' });
      leave();
      return;
    }
    if (isSmsCapable(user.mobile_number) && online) send.mutate();
  }, [user.mobile_verified_at, user.mobile_number, online, leave, send]);

  if (isMobileVerified(user.mobile_verified_at) && !verify.isSuccess) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }

  const submitCode = () => {
    const value = code.trim();
    if (!new RegExp(`^\\d{${MOBILE_CODE_LENGTH}}$`).test(value)) {
      setCodeError(MOBILE_MESSAGES.codeFormat);
      return;
    }
    setCodeError(null);
    verify.mutate(value);
  };

  const submitNumber = () => {
    const e164 = smsNumber(newNumber);
    if (!e164) {
      setNumberError(MOBILE_MESSAGES.invalidNumber);
      return;
    }
    setNumberError(null);
    update.mutate(e164);
  };

  return (
    <div className="mx-auto max-w-lg space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Mobile Verification</h1>
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
            <form
              className="space-y-4"
              onSubmit={(e) => {
                e.preventDefault();
                submitCode();
              }}
            >
              <TextField
                id="ver_code"
                label="Verification Code"
                value={code}
                onChange={(e) => {
                  setCode(e.target.value.replace(/\D/g, '').slice(0, MOBILE_CODE_LENGTH));
                  setCodeError(null);
                }}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={MOBILE_CODE_LENGTH}
                error={codeError}
                disabled={verify.isPending}
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
                      setNewNumber(user.mobile_number ?? '');
                      setNumberError(null);
                      setPhase('edit');
                    }}
                  >
                    Edit number
                  </Button>
                </div>
                <Button type="submit" disabled={!online || verify.isPending || code.length !== MOBILE_CODE_LENGTH}>
                  {verify.isPending ? <Spinner className="size-4" /> : null}
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
            <form
              className="space-y-4"
              onSubmit={(e) => {
                e.preventDefault();
                submitNumber();
              }}
            >
              <Suspense fallback={<Spinner />}>
                <PhoneField
                  id="mobile_input"
                  label="Mobile Number"
                  value={newNumber}
                  onChange={(next) => {
                    setNewNumber(next);
                    setNumberError(null);
                  }}
                  error={numberError}
                  disabled={update.isPending}
                  autoFocus
                />
              </Suspense>
              <p className="text-sm text-slate-600">A new code is sent to the number you enter (United States, Canada or Mexico).</p>
              <div className="flex justify-end gap-3">
                <Button type="button" variant="secondary" onClick={() => setPhase(isSmsCapable(user.mobile_number) ? 'code' : 'opt-in')}>
                  Cancel
                </Button>
                <Button type="submit" disabled={!online || update.isPending}>
                  {update.isPending ? <Spinner className="size-4" /> : null}
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
