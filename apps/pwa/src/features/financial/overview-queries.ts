import {
  FINANCIAL_FIRST_YEAR,
  type FinancialOverviewRequest,
  type FinancialOverviewResponse,
  financialApi,
  formatMoney,
  toCents,
} from '@simvisit/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';
import { useSignedInSession } from '../../platform/session';

/*
 * The financial overview card's call and rows (issue 20 item 1; spec 000 §2.8, §2.11, §3 Financial data, §6;
 * docs/decisions/0078). The server decides whose figures these are: the card never sends a user_id (a non-admin
 * gets their own figures whatever the body says, AUTHZ-09), only the period, the partner and scenario filter of
 * the admin dashboard, and whether it is the author's overview.
 */

/** A month of a year, as the card's selects hold it. */
export interface OverviewPeriod {
  month: number;
  year: number;
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The month the card opens on: the current one as the person's device sees it (only the default of a select). */
export function currentPeriod(now: Date = new Date()): OverviewPeriod {
  return { month: now.getMonth() + 1, year: now.getFullYear() };
}

/** The year select's choices: 2021 (spec 000 §9) to the current year, newest first. */
export function overviewYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let y = Math.max(now.getFullYear(), FINANCIAL_FIRST_YEAR); y >= FINANCIAL_FIRST_YEAR; y--) years.push(y);
  return years;
}

export interface OverviewFilter {
  partner_id: number;
  scenario_id: number;
}

export const overviewKeys = {
  all: ['financial-overview'] as const,
  show: (userId: number, partnerId: number | null, body: FinancialOverviewRequest) =>
    [...overviewKeys.all, userId, partnerId, body.month, body.year, body.partner_id, body.scenario_id, body.is_author] as const,
};

/** POST api/financial/overview for the chosen month; the figures shown stay until the next month's arrive. */
export function useFinancialOverview(period: OverviewPeriod, options: { isAuthor?: boolean; filter?: OverviewFilter } = {}) {
  const session = useSignedInSession();
  const body: FinancialOverviewRequest = {
    month: period.month,
    year: period.year,
    partner_id: options.filter?.partner_id ?? 0,
    scenario_id: options.filter?.scenario_id ?? 0,
    is_author: options.isAuthor ?? false,
  };
  return useQuery({
    queryKey: overviewKeys.show(session.user.id, session.partner?.id ?? null, body),
    queryFn: () => apiCall(financialApi.overview, { body }),
    placeholderData: keepPreviousData,
  });
}

/** One line of the card: its words, the hours behind it (none for authoring and the total) and its amount. */
export interface OverviewRow {
  key: string;
  label: string;
  hours: number | null;
  cents: number;
  /** an SP or observer sub-row of the visits row */
  sub?: boolean;
  total?: boolean;
}

export const OVERVIEW_ROW_LABELS = {
  visits: 'Visits',
  spVisits: 'SP Visits',
  scorecards: 'Observer Scorecards',
  training: 'Training Sessions',
  lateCancellations: 'Late Cancellations',
  earlyCancellations: 'Early Cancellations',
  noShows: 'No Shows',
  learnerTechnicalIssues: 'Learner Technical Issues',
  interviews: 'Interviews',
  authoring: 'Authoring',
  total: 'Total',
} as const;
const L = OVERVIEW_ROW_LABELS;

const sumHours = (...values: (number | undefined)[]) => Math.round(values.reduce<number>((s, v) => s + (v ?? 0), 0) * 100) / 100;

/**
 * The rows of spec 000 §3 with the rules of §6: authors see no visit, training or cancellation rows (no-shows and
 * learner technical issues are visits too); the visits row (completed visits as SP plus observer scorecards) is
 * split into its SP and observer sub-rows only when the server says show_sub_rows (decision 0078).
 */
export function overviewRows(data: FinancialOverviewResponse): OverviewRow[] {
  const h = data.hours;
  const completed = toCents(data.completed_total);
  const scorecards = toCents(data.scorecards_total);
  const rows: OverviewRow[] = [];
  if (!data.is_author) {
    rows.push({ key: 'visits', label: L.visits, hours: sumHours(h.sp, h.scorecard), cents: completed + scorecards });
    if (data.show_sub_rows) {
      rows.push({ key: 'sp', label: L.spVisits, hours: sumHours(h.sp), cents: completed, sub: true });
      rows.push({ key: 'scorecards', label: L.scorecards, hours: sumHours(h.scorecard), cents: scorecards, sub: true });
    }
    rows.push(
      { key: 'training', label: L.training, hours: sumHours(h.training, h.trainer), cents: toCents(data.training_sessions_total) },
      { key: 'late', label: L.lateCancellations, hours: sumHours(h.late_canc), cents: toCents(data.late_cancellations_total) },
      { key: 'early', label: L.earlyCancellations, hours: sumHours(h.early_canc), cents: toCents(data.early_cancellations_total) },
      { key: 'no-show', label: L.noShows, hours: sumHours(h.no_show), cents: toCents(data.no_shows_total) },
      {
        key: 'tech',
        label: L.learnerTechnicalIssues,
        hours: sumHours(h.learner_tech),
        cents: toCents(data.learner_technical_issues_total),
      },
    );
  }
  rows.push(
    { key: 'interviews', label: L.interviews, hours: sumHours(h.interview), cents: toCents(data.interviews_total) },
    { key: 'authoring', label: L.authoring, hours: null, cents: toCents(data.authoring_total) },
    { key: 'total', label: L.total, hours: null, cents: toCents(data.total), total: true },
  );
  return rows;
}

export const money = (amount: string | number) => formatMoney(toCents(amount));
