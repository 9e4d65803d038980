import {
  type CheckForPaymentResponse,
  demoTokenize,
  formatUsd,
  PAYMENT_MESSAGES as M,
  NAME_ON_CARD_MAX,
  nameOnCardSchema,
  type PaymentResponse,
} from '@simvisit/schema';
import { Alert, Button, Modal, TextField } from '@simvisit/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { confirmPayment, demoAuthenticate, newIdempotencyKey, submitPayment } from './payments-api';
import { createStripeCard, type StripeCard } from './stripe-card';

export interface CardPaymentFormProps {
  /** the check-for-payment answer: amounts computed by the server, the provider and its publishable key */
  quote: CheckForPaymentResponse;
  /** the visit request form values sent along (dates, request type, terms); amounts are never sent */
  formValues?: Record<string, unknown>;
  /** called once the payment succeeded, with its id for the visit request */
  onPaid: (payment: PaymentResponse) => void;
}

/** Stripe's own words for incomplete card fields, as Elements shows them. */
const CARD_MESSAGES = {
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration year is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

function expiryError(value: string, now = new Date()): string | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return CARD_MESSAGES.expiryIncomplete;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return CARD_MESSAGES.expiryIncomplete;
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return CARD_MESSAGES.expiryPast;
  return null;
}

type FieldErrors = Partial<Record<'name_on_card' | 'card_number' | 'card_expiry' | 'card_cvc', string>>;

/**
 * The card step of the visit request (spec 001 §4, §5): fee, processing fee and total from the server, the name
 * on the card, and the card itself — Stripe Elements when a publishable key is configured, otherwise the demo
 * card fields that take Stripe's published test cards. A card that needs authentication (3-D Secure) gets its
 * step (Stripe's own, or the demo dialog) and the server then confirms the payment from the provider's state.
 */
export function CardPaymentForm({ quote, formValues = {}, onPaid }: CardPaymentFormProps) {
  const useStripe = quote.provider === 'stripe' && Boolean(quote.publishable_key);
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [paid, setPaid] = useState(false);
  const [demoAuth, setDemoAuth] = useState<PaymentResponse | null>(null);
  const [stripeError, setStripeError] = useState<string | null>(null);
  const keyRef = useRef(newIdempotencyKey());
  const cardRef = useRef<HTMLDivElement>(null);
  const stripeCard = useRef<StripeCard | null>(null);

  useEffect(() => {
    if (!useStripe || !quote.publishable_key) return;
    let cancelled = false;
    createStripeCard(quote.publishable_key).then(
      (card) => {
        if (cancelled || !cardRef.current) return card.destroy();
        stripeCard.current = card;
        card.mount(cardRef.current);
      },
      (error) => setStripeError(errorMessage(error)),
    );
    return () => {
      cancelled = true;
      stripeCard.current?.destroy();
      stripeCard.current = null;
    };
  }, [useStripe, quote.publishable_key]);

  function fail(message: string, error?: unknown) {
    setFailure(message);
    notifyFailure(M.submitError, error ?? new Error(message));
    // The next attempt is a new payment; the refused one stays refused.
    keyRef.current = newIdempotencyKey();
  }

  function succeed(payment: PaymentResponse) {
    setPaid(true);
    notifySuccess(M.submitted);
    onPaid(payment);
  }

  async function settle(payment: PaymentResponse) {
    if (payment.status === 'succeeded') return succeed(payment);
    if (payment.status === 'requires_action' && payment.client_secret) {
      if (payment.next_action === 'demo_authenticate') return setDemoAuth(payment);
      const result = await stripeCard.current?.authenticate(payment.client_secret);
      if (result?.error) return fail(result.error);
      return settle(await confirmPayment(payment.payment_id));
    }
    fail(payment.message || M.submitError);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || paid) return;
    setFailure(null);
    const next: FieldErrors = {};
    const parsedName = nameOnCardSchema.safeParse(name);
    if (!parsedName.success) next.name_on_card = parsedName.error.issues[0]?.message ?? M.nameOnCardRequired;
    let token: string | null = null;
    if (!useStripe) {
      const tokenized = demoTokenize(number);
      if ('error' in tokenized) next.card_number = tokenized.error;
      else token = tokenized.payment_method;
      const expiryProblem = expiryError(expiry);
      if (expiryProblem) next.card_expiry = expiryProblem;
      if (!/^\d{3,4}$/.test(cvc.trim())) next.card_cvc = CARD_MESSAGES.cvcIncomplete;
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsedName.success) return;
    setBusy(true);
    try {
      if (useStripe) {
        const card = stripeCard.current;
        if (!card) return fail(M.tokenError);
        const tokenized = await card.tokenize(parsedName.data);
        if ('error' in tokenized) return fail(tokenized.error);
        token = tokenized.payment_method;
      }
      const payment = await submitPayment({
        ...formValues,
        scenario_id: quote.scenario_id,
        name_on_card: parsedName.data,
        stripe_token: token!,
        idempotency_key: keyRef.current,
      });
      await settle(payment);
    } catch (error) {
      if (isApiError(error) && error.fieldError('name_on_card')) setErrors({ name_on_card: error.fieldError('name_on_card')! });
      fail(errorMessage(error), error);
    } finally {
      setBusy(false);
    }
  }

  async function finishDemoAuthentication(result: 'complete' | 'fail') {
    const pending = demoAuth;
    if (!pending?.client_secret) return;
    setDemoAuth(null);
    setBusy(true);
    try {
      await demoAuthenticate(pending.client_secret, result);
      await settle(await confirmPayment(pending.payment_id));
    } catch (error) {
      fail(errorMessage(error), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card payment" className="space-y-4">
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" aria-label="Payment summary">
        <dt className="text-slate-600">Fee</dt>
        <dd className="text-right tabular-nums">{formatUsd(quote.fee_cents)}</dd>
        <dt className="text-slate-600">Processing fee</dt>
        <dd className="text-right tabular-nums">{formatUsd(quote.processing_fee_cents)}</dd>
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="text-right font-semibold tabular-nums">{formatUsd(quote.total_cents)}</dd>
      </dl>

      <TextField
        id="payment-name-on-card"
        label="Name on card"
        autoComplete="cc-name"
        maxLength={NAME_ON_CARD_MAX}
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name_on_card}
      />

      {useStripe ? (
        <div className="space-y-1.5">
          <span className="text-sm font-medium text-slate-700">Card</span>
          <div ref={cardRef} className="rounded-md border border-slate-300 bg-white px-3 py-2.5" />
          {stripeError ? <p className="text-sm text-red-700">{stripeError}</p> : null}
        </div>
      ) : (
        <>
          <TextField
            id="payment-card-number"
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            required
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            error={errors.card_number}
            hint="Demo mode: no real card is charged. Use a Stripe test card such as 4242 4242 4242 4242."
          />
          <div className="grid grid-cols-2 gap-4">
            <TextField
              id="payment-card-expiry"
              label="Expiration (MM/YY)"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              required
              value={expiry}
              onChange={(e) => setExpiry(e.target.value)}
              error={errors.card_expiry}
            />
            <TextField
              id="payment-card-cvc"
              label="CVC"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              required
              value={cvc}
              onChange={(e) => setCvc(e.target.value)}
              error={errors.card_cvc}
            />
          </div>
        </>
      )}

      {failure ? (
        <Alert tone="danger" title={M.submitError} role="alert">
          {failure}
        </Alert>
      ) : null}
      {paid ? (
        <Alert tone="success" title={M.submitted} role="status">
          {formatUsd(quote.total_cents)} paid.
        </Alert>
      ) : null}

      <Button type="submit" disabled={busy || paid} aria-busy={busy}>
        {busy ? 'Processing…' : `Pay ${formatUsd(quote.total_cents)}`}
      </Button>

      <Modal
        open={demoAuth !== null}
        onOpenChange={(open) => {
          if (!open) void finishDemoAuthentication('fail');
        }}
        title="Authentication required"
        description="Your bank asks you to confirm this payment (3-D Secure test card)."
        footer={
          <>
            <Button variant="secondary" onClick={() => void finishDemoAuthentication('fail')}>
              Fail authentication
            </Button>
            <Button onClick={() => void finishDemoAuthentication('complete')}>Complete authentication</Button>
          </>
        }
      >
        <p className="text-sm text-slate-600">Amount: {formatUsd(quote.total_cents)}</p>
      </Modal>
    </form>
  );
}
