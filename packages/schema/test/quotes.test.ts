import { describe, expect, it } from 'vitest';
import { processingFeeCents } from '../src/money';
import { QUOTE_MESSAGES as M, quoteAmounts, quoteSaveSchema, subdomainProblem } from '../src/quotes';

describe('quoteAmounts', () => {
  it('is rate × sessions sold, the visit payments fee on it, and their sum, in cents', () => {
    expect(quoteAmounts(12_550, [4, 6])).toEqual({
      number_of_sessions: 10,
      payment_amount_cents: 125_500,
      processing_fee_cents: processingFeeCents(125_500),
      total_amount_cents: 125_500 + processingFeeCents(125_500),
    });
    // (1255.00 + 0.30) / 0.971 − 1255.00 = 37.79 after rounding
    expect(quoteAmounts(12_550, [4, 6]).processing_fee_cents).toBe(3_779);
    expect(quoteAmounts(0, [5])).toMatchObject({ payment_amount_cents: 0, processing_fee_cents: 0, total_amount_cents: 0 });
    expect(quoteAmounts(99_999, [])).toMatchObject({ number_of_sessions: 0, total_amount_cents: 0 });
  });
});

describe('subdomainProblem', () => {
  it.each([
    ['acme-health', null],
    ['a1', null],
    ['', M.subdomainRequired],
    ['a'.repeat(51), M.subdomainMax],
    ['a'.repeat(50), null],
    ['-acme', M.subdomainFormat],
    ['acme-', M.subdomainFormat],
    ['ac_me', M.subdomainFormat],
    ['Acme', M.subdomainFormat],
    ['www', M.subdomainReserved],
    ['sp', M.subdomainReserved],
  ])('%s → %s', (value, problem) => {
    expect(subdomainProblem(value)).toBe(problem);
  });

  it('the save body lower-cases the subdomain and reads dollar text as cents', () => {
    const parsed = quoteSaveSchema.parse({
      request_id: 1,
      title: 'T',
      subdomain: ' Acme ',
      session_rate: '19.99',
      agreement_duration: 1,
      target_start_date: '2026-12-01',
      number_of_sessions: 0,
      payment_amount: 0,
      processing_fee: '0.00',
      total_amount: '0',
      scenarios: [],
    });
    expect(parsed).toMatchObject({ subdomain: 'acme', session_rate: 1999, payment_amount: 0 });
  });
});
