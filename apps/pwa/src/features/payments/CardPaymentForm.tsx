import {
  type CheckForPaymentResponse,
  demoTokenize,
  formatCardExpiry,
  formatCardNumber,
  formatMoney,
  PAYMENT_MESSAGES as M,
  NAME_ON_CARD_MAX,
  nameOnCardSchema,
  type PaymentResponse,
} from '@simvisit/schema';
import { Alert, Button, Modal, TextField } from '@simvisit/ui';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { errorMessage, isApiError } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { NEEDS_CONNECTION, useOnline } from '../../lib/use-online';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { confirmPayment, demoAuthenticate, newIdempotencyKey, submitPayment } from './payments-api';
import type { StripeCard } from './stripe-card';

/** What a card payment call answers: the payment's state and, while 3-D Secure is pending, its step. */
export type CardPaymentResult = Pick<PaymentResponse, 'payment_id' | 'status' | 'client_secret' | 'next_action' | 'message'>;

/** The card as the payment calls take it: never a card number, only the provider's PaymentMethod id (PAY-09). */
export interface CardDetails {
  name_on_card: string;
  stripe_token: string;
  idempotency_key: string;
}

/** The amounts shown (computed by the server) and the card provider the browser talks to. */
export type CardPaymentAmounts = Pick<
  CheckForPaymentResponse,
  'fee_cents' | 'processing_fee_cents' | 'total_cents' | 'provider' | 'publishable_key'
>;

interface CommonProps {
  /** the words of the notices and the alerts; the visit request's by default */
  messages?: { submitted: string; submitError: string; fallback?: string };
  /** how the first amount is named: the visit's 'Fee', an agreement's 'Amount' */
  feeLabel?: string;
}

/** The visit request's card step: the visit payment call with the visit request form values. */
interface VisitPaymentProps extends CommonProps {
  /** the check-for-payment answer: amounts computed by the server, the provider and its publishable key */
  quote: CheckForPaymentResponse;
  /** the visit request form values sent along (dates, request type, terms); amounts are never sent */
  formValues?: Record<string, unknown>;
  /** called once the payment succeeded, with its id for the visit request */
  onPaid: (payment: PaymentResponse) => void;
  submit?: undefined;
  confirm?: undefined;
}

/** Another purchase's card step (an agreement): its own payment call, the same card handling. */
interface OwnCallProps<T extends CardPaymentResult> extends CommonProps {
  quote: CardPaymentAmounts;
  /** sends the card through the purchase's own call */
  submit: (card: CardDetails) => Promise<T>;
  /** asks for the payment's state again after its authentication step (3-D Secure) */
  confirm: (payment: T, card: CardDetails) => Promise<T>;
  onPaid: (payment: T) => void;
  formValues?: undefined;
}

export type CardPaymentFormProps<T extends CardPaymentResult = PaymentResponse> = VisitPaymentProps | OwnCallProps<T>;

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

/**
 * The card form's rule: the name on the card by the shared rule; with the demo card fields also the card (a
 * published Stripe test card, read as its payment method), the expiry and the CVC, in Stripe's own words.
 * Stripe's card element checks its own fields, so with Stripe only the name is checked here.
 */
export function cardFormSchema(demo: boolean, now = new Date()) {
  const text = z.string();
  return z.object({
    name_on_card: nameOnCardSchema,
    card_number: demo
      ? text.transform((value, ctx) => {
          const tokenized = demoTokenize(value);
          if ('error' in tokenized) {
            ctx.addIssue({ code: 'custom', message: tokenized.error });
            return z.NEVER;
          }
          return tokenized.payment_method;
        })
      : text.transform(() => null),
    card_expiry: demo ? text.superRefine((value, ctx) => addProblem(ctx, expiryError(value, now))) : text,
    card_cvc: demo
      ? text.superRefine((value, ctx) => addProblem(ctx, /^\d{3,4}$/.test(value.trim()) ? null : CARD_MESSAGES.cvcIncomplete))
      : text,
  });
}

function addProblem(ctx: z.RefinementCtx, message: string | null) {
  if (message) ctx.addIssue({ code: 'custom', message });
}

/** Whether a failure carries words meant for the person: the server's refusal (4xx) or the card provider's. */
function saidToPerson(error: unknown): boolean {
  if (isApiError(error)) return error.status >= 400 && error.status < 500 && Boolean(error.message);
  return error instanceof Error && Boolean(error.message);
}

const EMPTY_CARD = { name_on_card: '', card_number: '', card_expiry: '', card_cvc: '' };

/**
 * The card step of the visit request (spec 001 §4, §5): fee, processing fee and total from the server, the name
 * on the card, and the card itself — Stripe Elements when a publishable key is configured, otherwise the demo
 * card fields that take Stripe's published test cards. A card that needs authentication (3-D Secure) gets its
 * step (Stripe's own, or the demo dialog) and the server then confirms the payment from the provider's state.
 */
export function CardPaymentForm<T extends CardPaymentResult = PaymentResponse>(props: CardPaymentFormProps<T>) {
  const { quote, feeLabel = 'Fee' } = props;
  const words = props.messages ?? { submitted: M.submitted, submitError: M.submitError };
  const useStripe = quote.provider === 'stripe' && Boolean(quote.publishable_key);
  const [paid, setPaid] = useState(false);
  const [demoAuth, setDemoAuth] = useState<T | null>(null);
  const [stripeError, setStripeError] = useState<string | null>(null);
  const keyRef = useRef(newIdempotencyKey());
  // The card of the attempt under way, for the call that asks again after 3-D Secure.
  const cardSent = useRef<CardDetails | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const stripeCard = useRef<StripeCard | null>(null);

  useEffect(() => {
    if (!useStripe || !quote.publishable_key) return;
    let cancelled = false;
    const key = quote.publishable_key;
    // Stripe.js, the one third-party script, loads only here: a card form with real keys (decision 0090).
    import('./stripe-card')
      .then(({ createStripeCard }) => createStripeCard(key))
      .then(
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

  const { field, onSubmit, submitting, failure, setFailure } = useApiForm({
    schema: cardFormSchema(!useStripe),
    defaultValues: EMPTY_CARD,
    submit: async ({ name_on_card, card_number }) => {
      let token = card_number;
      if (useStripe) {
        const card = stripeCard.current;
        if (!card) throw new Error(M.tokenError);
        const tokenized = await card.tokenize(name_on_card);
        if ('error' in tokenized) throw new Error(tokenized.error);
        token = tokenized.payment_method;
      }
      const card: CardDetails = { name_on_card, stripe_token: token!, idempotency_key: keyRef.current };
      cardSent.current = card;
      await settle(await send(card));
    },
    // Whatever refused the payment is also said above the button, with a notice (a refused name also under it).
    onError: ({ message }, error) => fail(message, error),
  });
  /** A demo card field shown the usual way as it is typed (groups of four, MM/YY); the rule reads the same text. */
  function formatted(name: 'card_number' | 'card_expiry' | 'card_cvc', id: string, format: (typed: string) => string) {
    const props = field(name, id);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = format(event.target.value);
        return props.onChange(event);
      },
    };
  }
  const [authenticating, setAuthenticating] = useState(false);
  const busy = submitting || authenticating;
  const online = useOnline();

  /** The purchase's own call, or the visit payment call with the visit request form values. */
  function send(card: CardDetails): Promise<T> {
    if (props.submit) return props.submit(card);
    const visit = props as VisitPaymentProps;
    return submitPayment({ ...visit.formValues, scenario_id: visit.quote.scenario_id, ...card }) as Promise<unknown> as Promise<T>;
  }

  function confirm(payment: T): Promise<T> {
    if (props.confirm) return props.confirm(payment, cardSent.current!);
    return confirmPayment(payment.payment_id) as Promise<unknown> as Promise<T>;
  }

  function fail(message: string, error: unknown) {
    // With a fallback, only what the server or the card provider said is shown; anything else is the fallback.
    const shown = words.fallback && !saidToPerson(error) ? words.fallback : message;
    setFailure(shown);
    notifyFailure(words.submitError, shown === message ? error : new Error(shown));
    // The next attempt is a new payment; the refused one stays refused.
    keyRef.current = newIdempotencyKey();
  }

  function succeed(payment: T) {
    setPaid(true);
    notifySuccess(words.submitted);
    (props.onPaid as (payment: T) => void)(payment);
  }

  /** The payment's state after the call: paid, an authentication step, or a refusal (thrown with its words). */
  async function settle(payment: T): Promise<void> {
    if (payment.status === 'succeeded') return succeed(payment);
    if (payment.status === 'requires_action' && payment.client_secret) {
      if (payment.next_action === 'demo_authenticate') return setDemoAuth(payment);
      const result = await stripeCard.current?.authenticate(payment.client_secret);
      if (result?.error) throw new Error(result.error);
      return settle(await confirm(payment));
    }
    throw new Error(payment.message || words.submitError);
  }

  function pay(event: FormEvent) {
    event.preventDefault();
    if (!busy && !paid && online) void onSubmit();
  }

  async function finishDemoAuthentication(result: 'complete' | 'fail') {
    const pending = demoAuth;
    if (!pending?.client_secret) return;
    setDemoAuth(null);
    setAuthenticating(true);
    try {
      await demoAuthenticate(pending.client_secret, result);
      await settle(await confirm(pending));
    } catch (error) {
      fail(errorMessage(error), error);
    } finally {
      setAuthenticating(false);
    }
  }

  return (
    <form onSubmit={pay} noValidate aria-label="Card payment" className="space-y-4">
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" aria-label="Payment summary">
        <dt className="text-slate-600">{feeLabel}</dt>
        <dd className="text-right tabular-nums">{formatMoney(quote.fee_cents)}</dd>
        <dt className="text-slate-600">Processing fee</dt>
        <dd className="text-right tabular-nums">{formatMoney(quote.processing_fee_cents)}</dd>
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="text-right font-semibold tabular-nums">{formatMoney(quote.total_cents)}</dd>
      </dl>

      <TextField
        {...field('name_on_card', 'payment-name-on-card')}
        label="Name on card"
        autoComplete="cc-name"
        maxLength={NAME_ON_CARD_MAX}
        required
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
            {...formatted('card_number', 'payment-card-number', formatCardNumber)}
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            required
            hint="Demo mode: no real card is charged. Use a Stripe test card such as 4242 4242 4242 4242."
          />
          <div className="grid grid-cols-2 gap-4">
            <TextField
              {...formatted('card_expiry', 'payment-card-expiry', formatCardExpiry)}
              label="Expiration (MM/YY)"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              required
            />
            <TextField
              {...formatted('card_cvc', 'payment-card-cvc', (typed) => typed.replace(/\D/g, '').slice(0, 4))}
              label="CVC"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              required
            />
          </div>
        </>
      )}

      {failure ? (
        <Alert tone="danger" title={words.submitError} role="alert">
          {failure}
        </Alert>
      ) : null}
      {paid ? (
        <Alert tone="success" title={words.submitted} role="status">
          {formatMoney(quote.total_cents)} paid.
        </Alert>
      ) : null}

      {online || paid ? null : (
        <Alert tone="warning" role="status" data-testid="payment-offline">
          {NEEDS_CONNECTION.paying}
        </Alert>
      )}
      <Button type="submit" disabled={busy || paid || !online} aria-busy={busy}>
        {busy ? 'Processing…' : `Pay ${formatMoney(quote.total_cents)}`}
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
        <p className="text-sm text-slate-600">Amount: {formatMoney(quote.total_cents)}</p>
      </Modal>
    </form>
  );
}
