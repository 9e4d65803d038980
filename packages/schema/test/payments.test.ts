import { describe, expect, it } from 'vitest';
import { paymentQuote } from '../src/money';
import {
  checkForPaymentRequestSchema,
  creditCovers,
  DEMO_TEST_CARDS,
  demoTokenize,
  formatCardExpiry,
  formatCardNumber,
  luhnValid,
  PAYMENT_MESSAGES,
  paymentRequired,
  STRIPE_INCORRECT_NUMBER_MESSAGE,
  STRIPE_LIVE_CARD_IN_TEST_MESSAGE,
  submitPaymentRequestSchema,
} from '../src/payments';

describe('credit (spec 001 §9)', () => {
  const quote = paymentQuote(4500);
  it('counts only when it equals the total', () => {
    expect(creditCovers(4665, 4665)).toBe(true);
    expect(creditCovers(4664, 4665)).toBe(false);
    expect(creditCovers(5000, 4665)).toBe(false);
    expect(creditCovers(null, 4665)).toBe(false);
    expect(creditCovers(0, 0)).toBe(false);
  });
  it('decides whether the card step follows', () => {
    expect(paymentRequired(quote, null)).toBe(true);
    expect(paymentRequired(quote, 4665)).toBe(false);
    expect(paymentRequired(quote, 4500)).toBe(true);
    expect(paymentRequired(paymentQuote(0), null)).toBe(false);
  });
});

describe('demo test cards', () => {
  it('tokenizes Stripe’s published test cards to their test PaymentMethod ids', () => {
    expect(demoTokenize('4242 4242 4242 4242')).toEqual({ payment_method: 'pm_card_visa' });
    expect(demoTokenize('4000000000000002')).toEqual({ payment_method: 'pm_card_chargeDeclined' });
    expect(demoTokenize('4000-0025-0000-3155')).toEqual({ payment_method: 'pm_card_authenticationRequiredOnSetup' });
    for (const number of Object.keys(DEMO_TEST_CARDS)) expect(luhnValid(number)).toBe(true);
  });
  it('refuses other numbers with Stripe’s messages', () => {
    expect(demoTokenize('4242424242424241')).toEqual({ error: STRIPE_INCORRECT_NUMBER_MESSAGE });
    expect(demoTokenize('12')).toEqual({ error: STRIPE_INCORRECT_NUMBER_MESSAGE });
    expect(demoTokenize('5555555555554444')).toEqual({ error: STRIPE_LIVE_CARD_IN_TEST_MESSAGE });
  });
});

describe('call schemas', () => {
  it('takes scenario_id from the form values and ignores the rest', () => {
    expect(checkForPaymentRequestSchema.parse({ scenario_id: '7', visit_date_one: 'x', has_credit: true })).toEqual({ scenario_id: 7 });
  });
  it('requires the name on the card, at most 100 characters, and drops client amounts', () => {
    const base = { scenario_id: 7, stripe_token: 'pm_card_visa', idempotency_key: 'a1b2c3d4e5f6g7h8i9' };
    const missing = submitPaymentRequestSchema.safeParse({ ...base, name_on_card: '  ' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe(PAYMENT_MESSAGES.nameOnCardRequired);
    expect(submitPaymentRequestSchema.safeParse({ ...base, name_on_card: 'x'.repeat(101) }).success).toBe(false);
    const ok = submitPaymentRequestSchema.parse({ ...base, name_on_card: 'Lee Learner', amount: 1, processing_fee: 0 });
    expect(ok).toEqual({ ...base, name_on_card: 'Lee Learner' });
  });
});

describe('card fields as typed (issue 22 item 3)', () => {
  it('groups the card number in fours and keeps digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
  });

  it("reads '1230' and '12/30' as 12/30, adding the slash only after the month", () => {
    expect(formatCardExpiry('1230')).toBe('12/30');
    expect(formatCardExpiry('12/30')).toBe('12/30');
    expect(formatCardExpiry('12')).toBe('12');
    expect(formatCardExpiry('123')).toBe('12/3');
    expect(formatCardExpiry('4')).toBe('04');
    expect(formatCardExpiry('1/')).toBe('1');
    expect(formatCardExpiry('123456')).toBe('12/34');
  });
});
