import { type CheckForPaymentResponse, PAYMENT_MESSAGES, type PaymentResponse, STRIPE_INCORRECT_NUMBER_MESSAGE } from '@simvisit/schema';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CardPaymentForm, cardFormSchema } from '../src/features/payments/CardPaymentForm';
import { ApiError } from '../src/lib/api';

const calls = vi.hoisted(() => ({
  submitPayment: vi.fn(),
  confirmPayment: vi.fn(),
  demoAuthenticate: vi.fn(),
  notifyFailure: vi.fn(),
  notifySuccess: vi.fn(),
}));
vi.mock('../src/features/payments/payments-api', () => ({
  submitPayment: calls.submitPayment,
  confirmPayment: calls.confirmPayment,
  demoAuthenticate: calls.demoAuthenticate,
  newIdempotencyKey: () => 'key-1',
}));
// The demo fields only: Stripe's script is never loaded.
vi.mock('../src/features/payments/stripe-card', () => ({ createStripeCard: vi.fn() }));
vi.mock('../src/platform/notices', () => ({ notifyFailure: calls.notifyFailure, notifySuccess: calls.notifySuccess }));

const quote: CheckForPaymentResponse = {
  scenario_id: 7,
  fee: '50.00',
  processing_fee: '1.75',
  total: '51.75',
  fee_cents: 5000,
  processing_fee_cents: 175,
  total_cents: 5175,
  currency: 'usd',
  credit: null,
  has_credit: false,
  payment_required: true,
  provider: 'demo',
  publishable_key: null,
} as CheckForPaymentResponse;

function errorUnder(label: string): string | null {
  const control = screen.getByLabelText(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))?.textContent ?? null;
}

async function pay(card: { name?: string; number?: string; expiry?: string; cvc?: string }) {
  const user = userEvent.setup();
  if (card.name) await user.type(screen.getByLabelText(/Name on card/), card.name);
  if (card.number) await user.type(screen.getByLabelText(/Card number/), card.number);
  if (card.expiry) await user.type(screen.getByLabelText(/Expiration/), card.expiry);
  if (card.cvc) await user.type(screen.getByLabelText(/CVC/), card.cvc);
  await user.click(screen.getByRole('button', { name: /^Pay/ }));
  return user;
}

describe('CardPaymentForm (demo card fields on useApiForm)', () => {
  beforeEach(() => {
    for (const fn of Object.values(calls)) fn.mockReset();
  });

  it('shows the name rule and Stripe’s words for the card fields, and charges nothing', async () => {
    render(<CardPaymentForm quote={quote} onPaid={() => undefined} />);
    await pay({ number: '4242 4242 4242 4241', expiry: '13/30', cvc: '1' });
    await vi.waitFor(() => expect(errorUnder('Name on card')).toBe(PAYMENT_MESSAGES.nameOnCardRequired));
    expect(errorUnder('Card number')).toBe(STRIPE_INCORRECT_NUMBER_MESSAGE);
    expect(errorUnder('Expiration (MM/YY)')).toBe("Your card's expiration date is incomplete.");
    expect(errorUnder('CVC')).toBe("Your card's security code is incomplete.");
    expect(calls.submitPayment).not.toHaveBeenCalled();
  });

  it("formats the card fields as typed ('1230' shows 12/30) on the numeric keypad with the cc-* autofill", async () => {
    render(<CardPaymentForm quote={quote} onPaid={() => undefined} />);
    const user = userEvent.setup();
    const number = screen.getByLabelText(/Card number/);
    const expiry = screen.getByLabelText(/Expiration/);
    const cvc = screen.getByLabelText(/CVC/);
    await user.type(number, '4242424242424242');
    await user.type(expiry, '1230');
    await user.type(cvc, '12a3');
    expect(number).toHaveProperty('value', '4242 4242 4242 4242');
    expect(expiry).toHaveProperty('value', '12/30');
    expect(cvc).toHaveProperty('value', '123');
    for (const [control, autofill] of [
      [number, 'cc-number'],
      [expiry, 'cc-exp'],
      [cvc, 'cc-csc'],
    ] as const) {
      expect(control.getAttribute('inputmode')).toBe('numeric');
      expect(control.getAttribute('autocomplete')).toBe(autofill);
    }
  });

  it('sends the test card as its payment method with the trimmed name', async () => {
    const onPaid = vi.fn();
    const paid = { payment_id: 3, status: 'succeeded', message: 'ok' } as PaymentResponse;
    calls.submitPayment.mockResolvedValue(paid);
    render(<CardPaymentForm quote={quote} formValues={{ visit_date_one: 'x' }} onPaid={onPaid} />);
    await pay({ name: ' Ada Lovelace ', number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' });
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid));
    expect(calls.submitPayment).toHaveBeenCalledWith({
      visit_date_one: 'x',
      scenario_id: 7,
      name_on_card: 'Ada Lovelace',
      stripe_token: 'pm_card_visa',
      idempotency_key: 'key-1',
    });
  });

  it('puts a refused name under the field and still says the refusal above the button, with the notice', async () => {
    const refusal = new ApiError(422, { message: 'The name is not valid.', errors: { name_on_card: ['The name is not valid.'] } });
    calls.submitPayment.mockRejectedValue(refusal);
    render(<CardPaymentForm quote={quote} onPaid={() => undefined} />);
    await pay({ name: 'Ada', number: '4242424242424242', expiry: '12/40', cvc: '123' });
    await vi.waitFor(() => expect(errorUnder('Name on card')).toBe('The name is not valid.'));
    expect(screen.getByRole('alert').textContent).toContain('The name is not valid.');
    expect(calls.notifyFailure).toHaveBeenCalledWith(PAYMENT_MESSAGES.submitError, refusal);
  });

  it('reports a declined payment in the alert', async () => {
    calls.submitPayment.mockResolvedValue({ payment_id: 4, status: 'failed', message: 'Your card was declined.' } as PaymentResponse);
    render(<CardPaymentForm quote={quote} onPaid={() => undefined} />);
    await pay({ name: 'Ada', number: '4000000000000002', expiry: '12/40', cvc: '123' });
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Your card was declined.'));
    expect(calls.notifyFailure).toHaveBeenCalledWith(PAYMENT_MESSAGES.submitError, expect.any(Error));
  });
});

describe('cardFormSchema', () => {
  it('checks only the name when Stripe’s element holds the card', () => {
    const result = cardFormSchema(false).safeParse({ name_on_card: 'Ada', card_number: '', card_expiry: '', card_cvc: '' });
    expect(result.success).toBe(true);
  });

  it('says a past expiry in Stripe’s words', () => {
    const result = cardFormSchema(true, new Date(2030, 5, 1)).safeParse({
      name_on_card: 'Ada',
      card_number: '4242424242424242',
      card_expiry: '01/30',
      card_cvc: '123',
    });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual(["Your card's expiration year is in the past."]);
  });
});
