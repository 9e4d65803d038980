import { describe, expect, it } from 'vitest';
import { centsToAmount, formatMoney, MONEY_MAX, MONEY_MAX_CENTS, paymentQuote, processingFeeCents, toCents } from '../src/money';

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

  it('agrees with exact arithmetic at the largest fee a scenario can have, and refuses a larger one', () => {
    expect(processingFeeCents(MONEY_MAX_CENTS)).toBe(reference(MONEY_MAX_CENTS));
    expect(() => processingFeeCents(MONEY_MAX_CENTS + 1)).toThrow();
  });

  it('refuses fractions of a cent', () => {
    expect(() => processingFeeCents(10.5)).toThrow();
  });

  it('totals fee plus processing fee', () => {
    expect(paymentQuote(4500)).toEqual({ fee_cents: 4500, processing_fee_cents: 165, total_cents: 4665 });
  });
});

describe('reading amounts as cents', () => {
  it('reads numbers and numeric strings exactly', () => {
    expect(toCents('45.00')).toBe(4500);
    expect(toCents('45.1')).toBe(4510);
    expect(toCents(' 7 ')).toBe(700);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('1234567.89')).toBe(123456789);
    expect(toCents('-3.5')).toBe(-350);
  });

  it('counts nothing as 0', () => {
    expect(toCents(null)).toBe(0);
    expect(toCents(undefined)).toBe(0);
    expect(toCents('')).toBe(0);
    expect(toCents('-0.00')).toBe(0);
  });

  it('rounds a third decimal half away from zero, as the number was written', () => {
    expect(toCents('45.125')).toBe(4513);
    expect(toCents('45.1249')).toBe(4512);
    expect(toCents('-45.125')).toBe(-4513);
    expect(toCents('0.005')).toBe(1);
    expect(toCents('0.0049')).toBe(0);
    // 1.005 is 1.00499999… in binary; the person typed 1.005
    expect(toCents(1.005)).toBe(101);
    expect(toCents(2.675)).toBe(268);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['abc', '1,000.00', '$5', '1e3', '.5', '--1', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => toCents(bad), String(bad)).toThrow();
    }
  });

  it('reads the largest storable amount and refuses one too large to count exactly', () => {
    expect(toCents(MONEY_MAX)).toBe(MONEY_MAX_CENTS);
    expect(toCents('99999999.99')).toBe(MONEY_MAX_CENTS);
    expect(() => toCents('900719925474099.93')).toThrow();
    expect(() => toCents(1e21)).toThrow();
  });
});

describe('writing cents', () => {
  it('as the API’s two-decimal text', () => {
    expect(centsToAmount(4665)).toBe('46.65');
    expect(centsToAmount(5)).toBe('0.05');
    expect(centsToAmount(0)).toBe('0.00');
    expect(centsToAmount(-350)).toBe('-3.50');
    expect(centsToAmount(MONEY_MAX_CENTS)).toBe('99999999.99');
  });

  it('as a person reads it, with the currency and thousands separators', () => {
    expect(formatMoney(100)).toBe('$1.00');
    expect(formatMoney(4665)).toBe('$46.65');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(-350)).toBe('-$3.50');
    expect(formatMoney(MONEY_MAX_CENTS)).toBe('$99,999,999.99');
    expect(formatMoney(1999, 'usd')).toBe('$19.99');
    expect(formatMoney(1999, 'EUR')).toBe('€19.99');
  });

  it('refuses fractions of a cent and unsafe integers', () => {
    expect(() => centsToAmount(10.5)).toThrow();
    expect(() => formatMoney(10.5)).toThrow();
    expect(() => formatMoney(Number.MAX_SAFE_INTEGER + 1)).toThrow();
  });

  it('round-trips every amount it writes', () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 4665, -1, -4665, MONEY_MAX_CENTS]) expect(toCents(centsToAmount(cents))).toBe(cents);
  });
});
