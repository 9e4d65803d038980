import {
  type CheckForPaymentResponse,
  type CreateVisitRequestInput,
  createVisitRequestSchema,
  formatMoney,
  VISIT_REQUEST_MESSAGES as M,
  REQUEST_MESSAGES,
  requestDateWindow,
  toCents,
  todayIn,
} from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, Spinner } from '@simvisit/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage, isApiError, isConnectionError } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { AppLink } from '../../lib/app-link';
import { NEEDS_CONNECTION, useOnline } from '../../lib/use-online';
import { notify, notifySuccess } from '../../platform/notices';
import { useDisplayZone, useSignedInSession } from '../../platform/session';
import { loadSmsGate, loadSmsOptInPanel } from '../mobile-verification';
import { checkForPayment, loadCardPaymentForm, paymentQuoteQuery } from '../payments';
import { BookingSummary, VisitFee } from './BookingSummary';
import { notifyValidation, scheduledPath } from './request-helpers';
import { SlotPicker } from './SlotPicker';
import { createVisitRequest, overviewQuery, visitRequestKeys } from './visit-requests-api';

// The opt-in panel and the card form show only at their step of the request: they load then (decision 0085).
const SmsOptInPanel = lazy(loadSmsOptInPanel);
const CardPaymentForm = lazy(loadCardPaymentForm);

type Phase = 'form' | 'sms' | 'card';
interface Draft {
  visit_date_one: string;
  visit_date_two: string;
  terms_agreement: boolean;
}

const draftKey = (userId: number, scenarioId: number) => `simvisit:visit-request-draft:${userId}:${scenarioId}`;
function readDraft(key: string): Draft | null {
  try {
    const raw = sessionStorage.getItem(key);
    const value = raw ? (JSON.parse(raw) as Partial<Draft>) : null;
    if (!value || typeof value.visit_date_one !== 'string' || typeof value.visit_date_two !== 'string') return null;
    return { visit_date_one: value.visit_date_one, visit_date_two: value.visit_date_two, terms_agreement: value.terms_agreement === true };
  } catch {
    return null;
  }
}

/**
 * 'Schedule Your Visit' on the scenario overview (spec 001 §4, §5, §9): a first and an alternate date and time,
 * the learner notice, the terms (unticked until the learner ticks them: decision 0087). Submitting passes the SMS gate (opt-in panel, or the
 * verification page, which brings the learner back with schedule=1 and the dates kept), then check-for-payment:
 * no fee or a covering credit sends the request at once; otherwise the request is checked first and the card step
 * follows. 'Visit request has been sent!' leads to /request/{id}. An existing request or visit redirects to it.
 */
export function ScheduleVisitSection({ scenarioId }: { scenarioId: number }) {
  const { user } = useSignedInSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const overview = useQuery(overviewQuery(scenarioId));
  // The price before any date is chosen; the page works without it (the card step asks the server again).
  const price = useQuery({ ...paymentQuoteQuery(scenarioId), enabled: overview.isSuccess && !overview.data.scheduled });
  const timezone = useDisplayZone();
  const online = useOnline();
  const key = draftKey(user.id, scenarioId);
  // The dates chosen before the SMS gate are kept in this tab, whichever way the learner comes back (the
  // verification page's own link, the back button); only the return after verifying (schedule=1) continues.
  const resumed = useRef<Draft | null>(readDraft(key));
  const returning = String(search.schedule ?? '') === '1';
  const [phase, setPhase] = useState<Phase>('form');
  const [quote, setQuote] = useState<CheckForPaymentResponse | null>(null);
  const autoContinued = useRef(false);
  // After opting in, the verification page opens once the session shows SMS turned on (it reads the number).
  const [optedIn, setOptedIn] = useState(false);
  useEffect(() => {
    if (!optedIn) return;
    let current = true;
    void loadSmsGate().then((smsGate) => {
      if (current && smsGate(user) !== 'opt-in') void navigate({ href: `/verification?sid=${scenarioId}` });
    });
    return () => {
      current = false;
    };
  }, [optedIn, user, navigate, scenarioId]);

  /** The request the dates and terms stand for, as the shared create rule reads it. */
  const bodyOf = (draft: Draft): CreateVisitRequestInput => ({
    scenario_id: scenarioId,
    visit_date_one: draft.visit_date_one,
    visit_date_two: draft.visit_date_two,
    request_type: 1,
    terms_agreement: draft.terms_agreement as true,
    has_credit: false,
    timezone,
  });

  // The dates and the terms: the shared create rule checks them on submit, then the SMS gate and the payment
  // check follow (in `submit`, so the button stays busy until the request is sent or the next step shows).
  const scheduleForm = useApiForm({
    schema: createVisitRequestSchema,
    defaultValues: {
      visit_date_one: resumed.current?.visit_date_one ?? '',
      visit_date_two: resumed.current?.visit_date_two ?? '',
      // Consent is never given for the learner: the box starts unticked (issue 22, decision 0087).
      terms_agreement: resumed.current?.terms_agreement ?? false,
    } satisfies Draft,
    input: bodyOf,
    submit: async (_data, form) => {
      const body = bodyOf(form.getValues());
      const gate = (await loadSmsGate())(user);
      if (gate === 'proceed') return proceed(body);
      saveDraft();
      if (gate === 'opt-in') setPhase('sms');
      else void navigate({ href: `/verification?sid=${scenarioId}` });
    },
    onInvalid: (found) => notifyValidation(Object.values(found)[0]?.[0] ?? 'Please check the form.', found),
  });
  const { form } = scheduleForm;
  const busy = scheduleForm.submitting;
  const values = () => bodyOf(form.getValues());

  const saveDraft = () => sessionStorage.setItem(key, JSON.stringify(form.getValues()));

  /** Sends the request; true when it was created (and the page is on its way to it). */
  async function send(body: CreateVisitRequestInput, opts: { paymentStep?: CheckForPaymentResponse } = {}): Promise<boolean> {
    try {
      const answer = await createVisitRequest(body);
      sessionStorage.removeItem(key);
      await queryClient.invalidateQueries({ queryKey: visitRequestKeys.all });
      notifySuccess(answer.message);
      void navigate({ href: `/request/${answer.id}` });
      return true;
    } catch (error) {
      if (!isApiError(error) || error.sessionEnded) return false;
      if (error.status === 402 && opts.paymentStep) {
        setQuote(opts.paymentStep);
        setPhase('card');
        return false;
      }
      setPhase('form');
      if (error.status === 422) {
        // Also after the card step, outside the submit: the server's words go under the fields all the same.
        for (const [name, list] of Object.entries(error.errors)) {
          if (list[0]) form.setError(name as keyof Draft, { type: 'server', message: list[0], types: { server: list } });
        }
        notifyValidation(error.message, error.errors);
      } else {
        notify({ title: errorMessage(error), icon: 'error', color: 'red' });
        // Another tab (or a double click) made the request or visit: the overview now says where it is.
        if (error.status === 409) await queryClient.invalidateQueries({ queryKey: visitRequestKeys.overview(scenarioId) });
      }
      return false;
    }
  }

  /** After the SMS gate: check for payment, then send directly or go to the card step. */
  async function proceed(body: CreateVisitRequestInput) {
    try {
      const check = await checkForPayment(body as CreateVisitRequestInput & { scenario_id: number });
      if (!check.payment_required) {
        await send({ ...body, has_credit: check.has_credit });
        return;
      }
      // The dates are checked (and a payment that already succeeded is used) before any card is charged.
      await send(body, { paymentStep: check });
    } catch (error) {
      if (isApiError(error) && error.sessionEnded) return;
      notify({ title: errorMessage(error), icon: 'error', color: 'red' });
    }
  }

  const scheduled = overview.data?.scheduled ?? null;
  // Only a fresh answer redirects: a copy cached before a cancel still names the cancelled request.
  const settled = !overview.isFetching;
  useEffect(() => {
    if (scheduled && settled) void navigate({ href: scheduledPath(scheduled), replace: true });
  }, [scheduled, settled, navigate]);

  const dateWindow = useMemo(
    () => (overview.data ? requestDateWindow(todayIn(timezone), overview.data.partner_dates, overview.data.partner_disabled_dates) : null),
    [overview.data, timezone],
  );

  // Back from verification (schedule=1) with the dates kept: continue where the learner left off, once.
  useEffect(() => {
    // The session may show the verified number a render after the page opens: wait for it.
    if (autoContinued.current || !returning || !resumed.current || !overview.data || overview.data.scheduled) return;
    let current = true;
    void loadSmsGate().then((smsGate) => {
      if (!current || autoContinued.current || smsGate(user) !== 'proceed') return;
      autoContinued.current = true;
      // The kept dates are the form's values: submitting them passes the rule and the gate, then proceeds.
      void scheduleForm.onSubmit();
    });
    return () => {
      current = false;
    };
  }, [overview.data, user, returning, scheduleForm.onSubmit]);

  const offlineWithout = !overview.data && (!online || (overview.isError && isConnectionError(overview.error)));
  if (offlineWithout) {
    // Nothing to book from without the server: said plainly, in the section's place (decision 0090).
    return (
      <Card aria-labelledby="schedule-visit-title">
        <CardHeader title={<span id="schedule-visit-title">{M.scheduleTitle}</span>} />
        <CardBody>
          <Alert tone="warning" role="status" data-testid="schedule-offline">
            {NEEDS_CONNECTION.scheduling}
          </Alert>
        </CardBody>
      </Card>
    );
  }
  if (overview.isPending) return <Spinner label="Loading scheduling" />;
  if (overview.isError) {
    return (
      <Alert tone="danger" title="Error Loading Scenario">
        {errorMessage(overview.error)}
      </Alert>
    );
  }
  if (scheduled || !dateWindow) return <Spinner label="Opening your visit" />;

  const credit = overview.data.payment_credit;
  const fieldError = scheduleForm.error;
  const [dateOne, dateTwo] = form.watch(['visit_date_one', 'visit_date_two']);

  return (
    <Card aria-labelledby="schedule-visit-title">
      <CardHeader title={<span id="schedule-visit-title">{M.scheduleTitle}</span>} />
      {/* Narrower sides on a phone: the date picker's seven days keep 44 px each. */}
      <CardBody className="space-y-5 max-sm:px-3">
        {price.data ? <VisitFee quote={price.data} /> : null}
        <Alert tone="info">{REQUEST_MESSAGES.learnerNotice}</Alert>
        {credit ? (
          <p className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
            You have a credit of {formatMoney(toCents(credit.amount))} for this scenario.
          </p>
        ) : null}

        {phase === 'form' ? (
          <form className="space-y-5" noValidate onSubmit={scheduleForm.onSubmit}>
            <div className="grid gap-4 md:grid-cols-2">
              <SlotPicker
                id="visit_date_one"
                label="First Choice"
                scenarioId={scenarioId}
                window={dateWindow}
                timezone={timezone}
                value={dateOne}
                onChange={(slot) => form.setValue('visit_date_one', slot)}
                error={fieldError('visit_date_one')}
                disabled={busy}
              />
              <SlotPicker
                id="visit_date_two"
                label="Alternate Choice"
                scenarioId={scenarioId}
                window={dateWindow}
                timezone={timezone}
                value={dateTwo}
                onChange={(slot) => form.setValue('visit_date_two', slot)}
                error={fieldError('visit_date_two')}
                disabled={busy}
              />
            </div>
            <div className="space-y-1">
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" className="size-4 rounded border-slate-300" {...form.register('terms_agreement')} disabled={busy} />
                <span>
                  I agree to the{' '}
                  <AppLink to="/terms-of-service" className="font-medium text-brand-700 underline">
                    Terms of Service
                  </AppLink>
                </span>
              </label>
              {fieldError('terms_agreement') ? <p className="text-sm text-red-700">{fieldError('terms_agreement')}</p> : null}
            </div>
            {online ? null : (
              <Alert tone="warning" role="status" data-testid="schedule-offline">
                {NEEDS_CONNECTION.sending}
              </Alert>
            )}
            <div className="flex justify-end">
              <Button type="submit" disabled={busy || !online} aria-busy={busy}>
                {busy ? <Spinner className="size-4" /> : null}
                {M.scheduleTitle}
              </Button>
            </div>
          </form>
        ) : null}

        {phase === 'sms' ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">
              Visits are confirmed by text message. Turn on SMS notifications and verify your mobile number to send your visit request; your
              dates are kept.
            </p>
            <Suspense fallback={<Spinner label="Loading SMS Notifications" />}>
              <SmsOptInPanel
                initialNumber={user.mobile_number}
                onOptedIn={() => {
                  saveDraft();
                  setOptedIn(true);
                }}
              />
            </Suspense>
            <Button variant="secondary" onClick={() => setPhase('form')}>
              Back to dates
            </Button>
          </div>
        ) : null}

        {phase === 'card' && quote ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">Pay for your visit to send the request. The request is sent once the payment succeeds.</p>
            <BookingSummary scenarioTitle={overview.data.scenario.title ?? ''} first={dateOne} alternate={dateTwo} timezone={timezone} />
            <Suspense fallback={<Spinner label="Loading the card form" />}>
              <CardPaymentForm
                quote={quote}
                formValues={values() as unknown as Record<string, unknown>}
                onPaid={(payment) => void send({ ...values(), payment_id: payment.payment_id })}
              />
            </Suspense>
            <Button variant="secondary" onClick={() => setPhase('form')}>
              Back to dates
            </Button>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
