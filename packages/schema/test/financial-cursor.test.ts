import { describe, expect, it } from 'vitest';
import { decodeFinancialCursor, encodeFinancialCursor, financialReportQuerySchema } from '../src';

describe("the financial report's page cursor (decision 0096)", () => {
  it('round-trips a position and its direction, names with any characters included', () => {
    for (const cursor of [
      { sort_key: 'alice martin', user_id: 42, before: false },
      { sort_key: 'zoë o’brien – 李', user_id: 7, before: true },
      { sort_key: '', user_id: 1, before: false },
    ]) {
      const text = encodeFinancialCursor(cursor);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeFinancialCursor(text)).toEqual(cursor);
    }
  });

  it('reads a garbled or foreign cursor as none', () => {
    for (const text of [undefined, null, '', 'not-a-cursor', '%%%', btoa('{"a":1}'), btoa('["x","a",1]'), btoa('["a","a",1.5]')]) {
      expect(decodeFinancialCursor(text)).toBeNull();
    }
  });

  it('bounds the page size and the cursor', () => {
    const base = { month: 3, year: 2025 };
    expect(financialReportQuerySchema.parse(base).page_size).toBe(50);
    expect(financialReportQuerySchema.parse({ ...base, page_size: '200' }).page_size).toBe(200);
    expect(financialReportQuerySchema.safeParse({ ...base, page_size: 201 }).success).toBe(false);
    expect(financialReportQuerySchema.safeParse({ ...base, page_size: 0 }).success).toBe(false);
    expect(financialReportQuerySchema.safeParse({ ...base, cursor: 'x'.repeat(1201) }).success).toBe(false);
  });
});
