import { describe, expect, it } from 'vitest';
import {
  cardDateTime,
  cursorFor,
  effectivePartnerFilter,
  getUserVisitsRequestSchema,
  holdsListRole,
  PAGE_CURSOR_END,
  pageStartOf,
  reportOverviewRequestSchema,
  showsDashboardFilters,
  showsPager,
  totalOfText,
} from '../src/visit-dashboard';

describe('visit dashboard rules', () => {
  it('shows the filters only at partners 1 and 28', () => {
    expect(showsDashboardFilters(1)).toBe(true);
    expect(showsDashboardFilters(28)).toBe(true);
    expect(showsDashboardFilters(2)).toBe(false);
    expect(showsDashboardFilters(null)).toBe(false);
  });

  it('forces partners other than 1 and 28 to the current partner', () => {
    expect(effectivePartnerFilter(1, 0)).toBe(0);
    expect(effectivePartnerFilter(1, 3)).toBe(3);
    expect(effectivePartnerFilter(28, 2)).toBe(2);
    expect(effectivePartnerFilter(2, 3)).toBe(2);
    expect(effectivePartnerFilter(2, 0)).toBe(2);
    expect(effectivePartnerFilter(null, 3)).toBe(-1);
  });

  it('pages by 10 and shows the pager only above 10', () => {
    expect(pageStartOf(1)).toBe(0);
    expect(pageStartOf(3)).toBe(20);
    expect(pageStartOf(0)).toBe(0);
    expect(showsPager(10)).toBe(false);
    expect(showsPager(11)).toBe(true);
    expect(totalOfText(11, 'Scheduled Visits')).toBe('Total of 11 Scheduled Visits');
  });

  it('formats a card date and time in the given zone, naming it', () => {
    expect(cardDateTime('2026-03-08T18:30:00.000Z', 'America/New_York')).toEqual({ date: 'Sun, Mar 8', time: '2:30 PM EDT' });
    expect(cardDateTime('2026-03-08T05:05:00.000Z', 'UTC')).toEqual({ date: 'Sun, Mar 8', time: '5:05 AM UTC' });
  });

  it('lets a caller use only a role they hold at the current partner (AUTHZ-09)', () => {
    const grants = [
      { role_id: 1, partner_id: 1, is_approved: true },
      { role_id: 2, partner_id: 1, is_approved: false },
      { role_id: 9, partner_id: 2, is_approved: true },
    ];
    expect(holdsListRole(1, grants, 1, false)).toBe(true);
    expect(holdsListRole(5, grants, 1, false)).toBe(false);
    expect(holdsListRole(2, grants, 1, false)).toBe(false);
    expect(holdsListRole(9, grants, 1, false)).toBe(false);
    expect(holdsListRole(9, grants, 2, false)).toBe(true);
    expect(holdsListRole(5, [], 1, true)).toBe(true);
    expect(holdsListRole(7, [], 1, true)).toBe(false);
    expect(holdsListRole(1, grants, null, false)).toBe(false);
  });

  it('reads the list call with defaults and refuses unknown types and roles', () => {
    expect(getUserVisitsRequestSchema.parse({ role_id: 1 })).toMatchObject({ page_start: 0, type: 'all', partner_id: 0, scenario_id: 0 });
    expect(getUserVisitsRequestSchema.parse({ role_id: '2', partner_id: null, scenario_id: '7' })).toMatchObject({
      role_id: 2,
      partner_id: 0,
      scenario_id: 7,
    });
    // Every documented type (spec 000 §7) and the trainer perspectives (decision 0049); nothing else.
    expect(getUserVisitsRequestSchema.safeParse({ role_id: 1, type: 'completed_training_sessions' }).success).toBe(true);
    expect(getUserVisitsRequestSchema.safeParse({ role_id: 4 }).success).toBe(true);
    expect(getUserVisitsRequestSchema.safeParse({ role_id: 1, type: 'training' }).success).toBe(false);
    expect(getUserVisitsRequestSchema.safeParse({ role_id: 8 }).success).toBe(false);
    expect(reportOverviewRequestSchema.parse({ is_client_admin: 1 }).is_client_admin).toBe(true);
    expect(reportOverviewRequestSchema.parse({}).is_client_admin).toBe(false);
  });
});

describe('paging by key (decision 0092)', () => {
  const shown = { page: 4, cursors: { first: 'first-of-4', last: 'last-of-4' } };
  it('reads page 1 from the top, the last page from the end, later pages after the last row and earlier ones before the first', () => {
    expect(cursorFor(1, shown, 9)).toBeNull();
    expect(cursorFor(9, shown, 9)).toBe(PAGE_CURSOR_END);
    expect(cursorFor(5, shown, 9)).toBe('last-of-4');
    expect(cursorFor(6, shown, 9)).toBe('last-of-4');
    expect(cursorFor(3, shown, 9)).toBe('first-of-4');
    expect(cursorFor(4, shown, 9)).toBe('first-of-4');
  });
  it('counts from the top when the page shown has no rows to anchor on', () => {
    expect(cursorFor(3, { page: 2, cursors: null }, 9)).toBeNull();
  });
  it('takes a cursor of at most 300 characters', () => {
    const base = { role_id: 5 };
    expect(getUserVisitsRequestSchema.safeParse({ ...base, cursor: 'x'.repeat(300) }).success).toBe(true);
    expect(getUserVisitsRequestSchema.safeParse({ ...base, cursor: 'x'.repeat(301) }).success).toBe(false);
  });
});
