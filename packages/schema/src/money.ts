/**
 * Money, one way for every feature that charges, quotes or reports it (payments now; quotes, agreements and
 * reports next). An amount is an integer number of cents from the moment it is read until it is shown, so no
 * sum drifts through binary fractions: `toCents` reads a dollar amount (a number from a form or PostgreSQL's
 * numeric text), `centsToAmount` writes the two-decimal text the API answers with, `formatMoney` the words a
 * person reads, and `paymentQuote` adds the processing fee of spec 001 §9.
 */

/** The currency every amount is in (lower case, as Stripe names it). */
export const MONEY_CURRENCY = 'usd';

/** The largest amount an amount column holds (numeric(10, 2)): the largest fee a scenario may have. */
export const MONEY_MAX = 99_999_999.99;
export const MONEY_MAX_CENTS = 9_999_999_999;

const AMOUNT = /^(-)?(\d+)(?:\.(\d*))?$/;

/**
 * A dollar amount as integer cents, rounded half away from zero at the third decimal ('45.125' → 4513).
 * Numbers are read as the decimal they were written as (19.99 → 1999, 0.1 + 0.2 → 30), not as their binary
 * value. Nothing (null, undefined, '') is 0; anything else that is not an amount, or too large to count in
 * cents exactly, throws.
 */
export function toCents(amount: number | string | null | undefined): number {
  if (amount === null || amount === undefined || amount === '') return 0;
  // Six decimals take away the float's noise (1.005 is 1.00499… in binary) before the cents are rounded.
  const text = typeof amount === 'number' ? amount.toFixed(6) : amount.trim();
  const match = AMOUNT.exec(text);
  if (!match) throw new Error(`Not an amount: ${amount}`);
  const decimals = match[3] ?? '';
  const roundUp = Number(decimals[2] ?? '0') >= 5 ? 1 : 0;
  const cents = Number(match[2]) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0')) + roundUp;
  if (!Number.isSafeInteger(cents)) throw new Error(`Amount out of range: ${amount}`);
  return match[1] && cents !== 0 ? -cents : cents;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
}

/** Cents as the API's dollar text with two decimals ('46.65', '-3.50'). */
export function centsToAmount(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Cents as a person reads them, in US English: '$46.65', '$1,234.50', '-$3.50'. */
export function formatMoney(cents: number, currency: string = MONEY_CURRENCY): string {
  assertCents(cents);
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    formatters.set(code, formatter);
  }
  // Dividing by 100 is exact enough here: every safe integer of cents has a nearest double that prints back.
  return formatter.format(cents / 100);
}

/**
 * Processing fee of spec 001 §9: (fee + 0.30) / 0.971 − fee, rounded to 2 decimals; 0 when the fee is 0 or less.
 * In cents that is (29·fee + 30000) / 971 exactly, so integer arithmetic gives the rounding without float drift.
 * 971 is odd, so the quotient is never exactly half a cent and rounding half up is unambiguous. Fees above
 * MONEY_MAX cannot be stored and are refused.
 */
export function processingFeeCents(feeCents: number): number {
  if (!Number.isInteger(feeCents)) throw new Error('The fee must be whole cents.');
  if (feeCents > MONEY_MAX_CENTS) throw new Error(`The fee may not exceed ${MONEY_MAX_CENTS} cents.`);
  if (feeCents <= 0) return 0;
  const numerator = 29 * feeCents + 30_000;
  return Math.floor((2 * numerator + 971) / (2 * 971));
}

export interface PaymentQuote {
  fee_cents: number;
  processing_fee_cents: number;
  total_cents: number;
}

/** Fee, processing fee and total (fee + processing fee) in cents; a fee of 0 or less costs nothing. */
export function paymentQuote(feeCents: number): PaymentQuote {
  const fee = Math.max(0, feeCents);
  const processing = processingFeeCents(fee);
  return { fee_cents: fee, processing_fee_cents: processing, total_cents: fee + processing };
}
