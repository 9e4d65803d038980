import { describe, expect, it } from 'vitest';
import {
  barPercent,
  bySessionUsage,
  emailList,
  isAtWarning,
  SESSION_COUNTER_MESSAGES as M,
  type SessionCounterPartner,
  sessionCounterPage,
  sessionCounterRequestSchema,
  usagePercent,
} from '../src';

describe('usage (spec 000 §2.9, §9)', () => {
  it('is a whole percent rounded down, so the figure and the colour agree', () => {
    expect(usagePercent(8, 10)).toBe(80);
    expect(usagePercent(799, 1000)).toBe(79);
    expect(usagePercent(2, 3)).toBe(66);
    expect(usagePercent(10, 10)).toBe(100);
    expect(usagePercent(0, 10)).toBe(0);
    expect(usagePercent(5, 0)).toBe(0);
  });
  it('warns at 80 or more', () => {
    expect(isAtWarning(79)).toBe(false);
    expect(isAtWarning(80)).toBe(true);
    expect(isAtWarning(usagePercent(799, 1000))).toBe(false);
    expect(barPercent(130)).toBe(100);
    expect(barPercent(-3)).toBe(0);
  });
});

describe('the mail modal', () => {
  it('copies the addresses separated by semicolons, each once', () => {
    expect(emailList([{ email: 'a@x.test' }, { email: ' b@x.test ' }, { email: 'a@x.test' }])).toBe('a@x.test;b@x.test');
    expect(emailList([])).toBe('');
    expect(M.noClientAdmins('Lakeside')).toBe('No client administrators associated to Lakeside.');
  });
});

describe('pages and order', () => {
  const row = (id: number, usage: number, long_name = `P${id}`): SessionCounterPartner => ({
    id,
    long_name,
    short_name: long_name,
    slug: `p${id}`,
    usage,
    used_seats: usage,
    held_seats: 0,
    seats: 100,
    client_admins: [],
    history: [],
  });
  it('puts the fullest first, then by name', () => {
    const rows = [row(1, 10, 'B'), row(2, 90), row(3, 10, 'A')].sort(bySessionUsage);
    expect(rows.map((r) => r.id)).toEqual([2, 3, 1]);
  });
  it('pages by five and keeps the page in range', () => {
    const rows = Array.from({ length: 11 }, (_, i) => i);
    expect(sessionCounterPage(rows, 0)).toEqual({ rows: [0, 1, 2, 3, 4], pages: 3, page: 0 });
    expect(sessionCounterPage(rows, 2).rows).toEqual([10]);
    expect(sessionCounterPage(rows, 9).page).toBe(2);
    expect(sessionCounterPage(rows.slice(0, 5), 0).pages).toBe(1);
    expect(sessionCounterPage([], 0)).toEqual({ rows: [], pages: 1, page: 0 });
  });
});

describe('the request', () => {
  it('takes is_client_admin as true/false, 1/0 or nothing, and refuses anything else', () => {
    expect(sessionCounterRequestSchema.parse({}).is_client_admin).toBe(false);
    expect(sessionCounterRequestSchema.parse({ is_client_admin: 1 }).is_client_admin).toBe(true);
    expect(sessionCounterRequestSchema.parse({ is_client_admin: true }).is_client_admin).toBe(true);
    expect(sessionCounterRequestSchema.safeParse({ is_client_admin: 'true' }).success).toBe(false);
    expect(sessionCounterRequestSchema.safeParse({ is_client_admin: 2 }).success).toBe(false);
  });
});
