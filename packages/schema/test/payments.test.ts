import { describe, expect, it } from 'vitest';
import {
  centsToAmount,
  checkForPaymentRequestSchema,
  creditCovers,
  DEMO_TEST_CARDS,
  demoTokenize,
  formatUsd,
  luhnValid,
  PAYMENT_MESSAGES,
  paymentQuote,
  paymentRequired,
  processingFeeCents,
  STRIPE_INCORRECT_NUMBER_MESSAGE,
  STRIPE_LIVE_CARD_IN_TEST_MESSAGE,
  submitPaymentRequestSchema,
  toCents,
} from '../src/payments';

/** The spec's formula evaluated in decimal with exact rationals: round2((fee + 0.30) / 0.971 − fee). */
function reference(feeCents: number): number {
  if (feeCents <= 0) return 0;
  // (fee + 0.30)/0.971 - fee in cents = (100000·(f+30) − 97100·f) / 97100 = (2900 f + 3000000) / 97100
  const num = BigInt(2900 * feeCents + 3_000_000);
  const den = 97_100n;
  return Number((num * 2n + den) / (den * 2n));
}

describe('processing fee (spec 001 §9)', () => {
  it('matches worked examples', () => {
    // (45 + 0.30) / 0.971 − 45 = 1.6529… → 1.65
    expect(processingFeeCents(4500)).toBe(165);
    // (100.30) / 0.971 − 100 = 3.2955… → 3.30
    expect(processingFeeCents(10000)).toBe(330);
    // (1.30) / 0.971 − 1 = 0.3388… → 0.34
    expect(processingFeeCents(100)).toBe(34);
    // (25.30) / 0.971 − 25 = 1.0556… → 1.06
    expect(processingFeeCents(2500)).toBe(106);
  });

  it('is 0 when the fee is 0 or less', () => {
    expect(processingFeeCents(0)).toBe(0);
    expect(processingFeeCents(-500)).toBe(0);
    expect(paymentQuote(-500)).toEqual({ fee_cents: 0, processing_fee_cents: 0, total_cents: 0 });
  });

  it('agrees with exact rational arithmetic for every fee up to $2,000 without float drift', () => {
    const mismatches: number[] = [];
    for (let f = 1; f <= 200_000; f++) if (processingFeeCents(f) !== reference(f)) mismatches.push(f);
    expect(mismatches).toEqual([]);
  });

  it('refuses fractions of a cent', () => {
    expect(() => processingFeeCents(10.5)).toThrow();
  });

  it('totals fee plus processing fee', () => {
    expect(paymentQuote(4500)).toEqual({ fee_cents: 4500, processing_fee_cents: 165, total_cents: 4665 });
  });
});

describe('amounts in cents', () => {
  it('parses numbers and numeric strings exactly', () => {
    expect(toCents('45.00')).toBe(4500);
    expect(toCents('45.1')).toBe(4510);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('1234567.89')).toBe(123456789);
    expect(toCents(null)).toBe(0);
    expect(toCents('-3.5')).toBe(-350);
    expect(() => toCents('abc')).toThrow();
  });
  it('formats cents as dollars', () => {
    expect(centsToAmount(4665)).toBe('46.65');
    expect(centsToAmount(5)).toBe('0.05');
    expect(formatUsd(100)).toBe('$1.00');
  });
});

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
