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
 * From the rows of work to the kept figures (decisions 0078, 0096): each piece gets its category, hours, rate and
 * total in cents in its slice (partner and local month); the sums below are the overview's, the report's and the
 * charts', read from the kept rows.
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

/**
 * A kept row (financial_person_months): the paid pieces of one slice, person, scenario, job number, category and
 * rate in force, with their hours in hundredths and their pay in cents.
 */
export interface KeptRow {
  partner_id: number;
  /** the local month index (year * 12 + month - 1) */
  month: number;
  user_id: number | null;
  scenario_id: string | null;
  job_number: string | null;
  category: FinancialCategory;
  rate_cents: number;
  pieces: number;
  centihours: number;
  cents: number;
}

/**
 * The kept rows of some slices' work: each group gets its category (`visitPayCategory` for an SP's visit), hours
 * and pay; an author is paid per visit (no hours), everyone else per hour, each piece rounded to the cent.
 */
export function keptRowsOf(rows: readonly WorkRow[]): KeptRow[] {
  const kept = new Map<string, KeptRow>();
  for (const row of rows) {
    const category = categoryOf(row);
    if (category === null) continue;
    const centihours = category === 'author' ? 0 : Math.round(hoursOf(row) * 100);
    const rate_cents = toCents(row.rate);
    const each = category === 'author' ? rate_cents : Math.round((centihours * rate_cents) / 100);
    const key = [row.partner_id, row.month, row.user_id, row.scenario_id, row.job_number, category, rate_cents].join('|');
    const entry = kept.get(key) ?? {
      partner_id: row.partner_id,
      month: row.month,
      user_id: row.user_id,
      scenario_id: row.scenario_id,
      job_number: row.job_number,
      category,
      rate_cents,
      pieces: 0,
      centihours: 0,
      cents: 0,
    };
    entry.pieces += row.count;
    entry.centihours += centihours * row.count;
    entry.cents += each * row.count;
    kept.set(key, entry);
  }
  return [...kept.values()];
}

/** Kept rows (or sums of them) as the pieces the sums below read. */
export function piecesOf(
  rows: readonly (Pick<KeptRow, 'month' | 'category' | 'pieces' | 'centihours' | 'cents'> &
    Partial<Pick<KeptRow, 'user_id' | 'scenario_id' | 'job_number' | 'rate_cents'>> & { scenario_title?: string | null })[],
): Piece[] {
  return rows.map((r) => ({
    user_id: r.user_id ?? null,
    category: r.category,
    job_number: r.job_number ?? null,
    scenario_id: r.scenario_id ?? null,
    scenario_title: r.scenario_title ?? null,
    year: Math.floor(r.month / 12),
    month: (r.month % 12) + 1,
    count: r.pieces,
    hours: r.centihours / 100,
    rateCents: r.rate_cents ?? 0,
    totalCents: r.cents,
  }));
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

/** One record per person with work among the pieces, in the order of the people given (the page's). */
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
    });
}

/** The job numbers the rows hold, none (null) last. */
export function reportJobNumbers(pieces: readonly Piece[]): (string | null)[] {
  return [...new Set(pieces.map((p) => p.job_number))].sort(byJobNumber);
}
