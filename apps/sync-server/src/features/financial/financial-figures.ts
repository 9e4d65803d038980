import {
  type CategoryFigure,
  type ChartMonth,
  centsToAmount,
  chartMonths,
  FINANCIAL_CATEGORIES,
  type FinancialCategory,
  type FinancialUserRecord,
  INTERVIEW_MINUTES,
  toCents,
  trainingSessionType,
  visitPayCategory,
  workHours,
} from '@simvisit/schema';
import type { WorkRow } from './financial-work.repository';

/**
 * From the rows of work to the figures (decision 0078): each piece gets its category, hours, rate and total in
 * cents and its month in its partner's time zone; the sums below are the overview's, the report's and the charts'.
 */
export interface Piece {
  /** null in the chart's pieces, which do not split by person */
  user_id: number | null;
  category: FinancialCategory;
  job_number: string | null;
  scenario_id: string | null;
  scenario_title: string | null;
  year: number;
  month: number;
  /** how many identical pieces this stands for; hours and totalCents are already theirs together */
  count: number;
  hours: number;
  rateCents: number;
  totalCents: number;
}

/** The whole-hour lead of a cancellation, as the two moments `visitPayCategory` reads. */
const leadMoments = (leadHours: number | null) =>
  leadHours === null
    ? { start_at: new Date(0), canceled_at: null }
    : { start_at: new Date(leadHours * 3_600_000), canceled_at: new Date(0) };

function categoryOf(row: WorkRow): FinancialCategory | null {
  switch (row.kind) {
    case 'visit':
      return visitPayCategory({ ...row, ...leadMoments(row.lead_h) });
    case 'scorecard':
      return 'scorecard';
    case 'trainer':
      return 'trainer';
    case 'training':
      return 'training';
    case 'interview':
      return 'interview';
    case 'author':
      return 'author';
  }
}

/** One piece's hours. */
function hoursOf(row: WorkRow): number {
  if (row.kind === 'trainer' || row.kind === 'training') return trainingSessionType(row.training_type_id ?? 0).hours;
  if (row.kind === 'interview') return INTERVIEW_MINUTES / 60;
  if (row.kind === 'author') return 0;
  return row.duration_s === null ? 0 : workHours(new Date(0), new Date(row.duration_s * 1000));
}

/** The paid pieces among the groups; an author is paid per visit (no hours), everyone else per hour. */
export function piecesOf(rows: readonly WorkRow[]): Piece[] {
  const pieces: Piece[] = [];
  for (const row of rows) {
    const category = categoryOf(row);
    if (category === null) continue;
    const hours = hoursOf(row);
    const rateCents = toCents(row.rate);
    const each = category === 'author' ? rateCents : Math.round(hours * rateCents);
    pieces.push({
      user_id: row.user_id,
      category,
      job_number: row.job_number,
      scenario_id: row.scenario_id,
      scenario_title: row.scenario_title,
      year: row.local_year,
      month: row.local_month,
      count: row.count,
      hours: hours * row.count,
      rateCents,
      totalCents: each * row.count,
    });
  }
  return pieces;
}

const inMonth = (pieces: readonly Piece[], year: number, month: number) => pieces.filter((p) => p.year === year && p.month === month);

const roundHours = (h: number) => Math.round(h * 100) / 100;

export interface Sum {
  hours: number;
  cents: number;
}

/** Hours and cents per category (every category present, zero when none). */
export function sumByCategory(pieces: readonly Piece[]): Record<FinancialCategory, Sum> {
  const sums = Object.fromEntries(FINANCIAL_CATEGORIES.map((c) => [c, { hours: 0, cents: 0 }])) as Record<FinancialCategory, Sum>;
  for (const p of pieces) {
    sums[p.category].hours += p.hours;
    sums[p.category].cents += p.totalCents;
  }
  for (const c of FINANCIAL_CATEGORIES) sums[c].hours = roundHours(sums[c].hours);
  return sums;
}

export function sumAll(pieces: readonly Piece[]): Sum {
  let hours = 0;
  let cents = 0;
  for (const p of pieces) {
    hours += p.hours;
    cents += p.totalCents;
  }
  return { hours: roundHours(hours), cents };
}

/** The chart's twelve months ending at the chosen one: hours and totals of the pieces given. */
export function chartOf(pieces: readonly Piece[], year: number, month: number): ChartMonth[] {
  return chartMonths(year, month).map((m) => {
    const s = sumAll(inMonth(pieces, m.year, m.month));
    return { year: m.year, month: m.month, hours: s.hours, total: centsToAmount(s.cents) };
  });
}

const groupBy = <K>(pieces: readonly Piece[], key: (p: Piece) => K) => {
  const groups = new Map<K, Piece[]>();
  for (const p of pieces) {
    const list = groups.get(key(p)) ?? [];
    list.push(p);
    groups.set(key(p), list);
  }
  return groups;
};

/** Each authored scenario of the month with its completed visits, per rate in force (two lines if it changed). */
export function authoringScenarios(pieces: readonly Piece[]) {
  const authored = pieces.filter((p) => p.category === 'author');
  return [...groupBy(authored, (p) => `${p.scenario_id}|${p.rateCents}`).values()]
    .map((list) => ({
      scenario_id: Number(list[0]!.scenario_id),
      title: list[0]!.scenario_title ?? '',
      count: list.reduce((n, p) => n + p.count, 0),
      rate: centsToAmount(list[0]!.rateCents),
      total: centsToAmount(list.reduce((n, p) => n + p.totalCents, 0)),
    }))
    .sort((a, b) => a.title.localeCompare(b.title) || a.scenario_id - b.scenario_id);
}

function categoryFigures(pieces: readonly Piece[]): Record<FinancialCategory, CategoryFigure> {
  const sums = sumByCategory(pieces);
  return Object.fromEntries(
    FINANCIAL_CATEGORIES.map((c) => {
      const rates = [...new Set(pieces.filter((p) => p.category === c).map((p) => p.rateCents))].sort((a, b) => a - b);
      return [c, { hours: sums[c].hours, rates: rates.map(centsToAmount), total: centsToAmount(sums[c].cents) }];
    }),
  ) as Record<FinancialCategory, CategoryFigure>;
}

const byJobNumber = (a: string | null, b: string | null) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : a.localeCompare(b, 'en', { numeric: true });

function jobsOf(pieces: readonly Piece[]): FinancialUserRecord['jobs'] {
  return [...groupBy(pieces, (p) => p.job_number)]
    .sort(([a], [b]) => byJobNumber(a, b))
    .map(([job_number, list]) => {
      const sums = sumByCategory(list);
      const all = sumAll(list);
      return {
        job_number,
        categories: Object.fromEntries(
          FINANCIAL_CATEGORIES.map((c) => [c, { hours: sums[c].hours, total: centsToAmount(sums[c].cents) }]),
        ) as FinancialUserRecord['jobs'][number]['categories'],
        hours: all.hours,
        total: centsToAmount(all.cents),
      };
    });
}

/** One record per person (names given), ordered by name. */
export function userRecords(
  pieces: readonly Piece[],
  people: readonly { id: number; first_name: string; last_name: string; email: string }[],
): FinancialUserRecord[] {
  const byUser = groupBy(pieces, (p) => p.user_id);
  return people
    .filter((person) => byUser.has(person.id))
    .map((person) => {
      const list = byUser.get(person.id)!;
      const all = sumAll(list);
      return {
        user_id: person.id,
        name: `${person.first_name} ${person.last_name}`.trim(),
        email: person.email,
        categories: categoryFigures(list),
        jobs: jobsOf(list),
        hours: all.hours,
        total: centsToAmount(all.cents),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.user_id - b.user_id);
}

/** The job numbers the rows hold, none (null) last. */
export function reportJobNumbers(pieces: readonly Piece[]): (string | null)[] {
  return [...new Set(pieces.map((p) => p.job_number))].sort(byJobNumber);
}
