/**
 * How far scorers agree (issue 20 item 7): the pure statistics behind the scoring agreement report. A visit is
 * scored by its SP and by observers; the report compares their answers to the same question on the same visit.
 *
 * - Categorical answers (multiple choice, true/false): percent agreement, Cohen's kappa and Gwet's AC1 over the
 *   pairs of answers given to the same visit. AC1 is shown beside kappa because kappa collapses when almost
 *   everyone gives the same answer (the "kappa paradox"), which is common on scorecards.
 * - Likert answers (ordered 1..5): weighted kappa with quadratic weights, so a 4 against a 5 counts as near.
 * - Totals: the one-way random intraclass correlation ICC(1,1) (Shrout & Fleiss 1979), because each visit has its
 *   own scorers (the SP and whoever observed) rather than one fixed panel; visits may have different numbers of
 *   scorers (the unbalanced form with n0).
 * - Drift: per scorer and month, the mean of (their total − the mean of the other scorers' totals on the same visit).
 *
 * Every figure carries the number of visits behind it and is flagged when fewer than SCORING_MIN_VISITS support it.
 */

/** Below this many visits a figure is shown but flagged as resting on too few visits. */
export const SCORING_MIN_VISITS = 10;

/** Two scorers' answers to the same question on the same visit. */
export type AnswerPair<T extends string | number = string | number> = readonly [T, T];

export interface AgreementFigure {
  /** null when it cannot be computed (no pairs, or no variation at all where the formula divides by it) */
  value: number | null;
  visits: number;
  flagged: boolean;
}

const figure = (value: number | null, visits: number): AgreementFigure => ({
  value: value === null || !Number.isFinite(value) ? null : value,
  visits,
  flagged: visits < SCORING_MIN_VISITS,
});

/** The share of pairs that gave the same answer. */
export function percentAgreement(pairs: readonly AnswerPair[]): number | null {
  if (pairs.length === 0) return null;
  return pairs.filter(([a, b]) => a === b).length / pairs.length;
}

function categoriesOf(pairs: readonly AnswerPair[]): (string | number)[] {
  return [...new Set(pairs.flat())];
}

/** Each category's share among the first and among the second answers of the pairs. */
function marginals(pairs: readonly AnswerPair[], categories: readonly (string | number)[]) {
  const n = pairs.length;
  return categories.map((c) => ({
    first: pairs.filter(([a]) => a === c).length / n,
    second: pairs.filter(([, b]) => b === c).length / n,
  }));
}

/** Cohen's kappa: agreement beyond what the two scorers' own answer rates would give by chance. */
export function cohensKappa(pairs: readonly AnswerPair[]): number | null {
  const po = percentAgreement(pairs);
  if (po === null) return null;
  const pe = marginals(pairs, categoriesOf(pairs)).reduce((sum, m) => sum + m.first * m.second, 0);
  if (pe === 1) return null;
  return (po - pe) / (1 - pe);
}

/**
 * Gwet's AC1 for two scorers: chance agreement from the mean share π of each category,
 * pe = Σ π(1 − π) / (q − 1), with q the number of categories the question offers (at least those seen).
 */
export function gwetsAc1(pairs: readonly AnswerPair[], categoryCount?: number): number | null {
  const po = percentAgreement(pairs);
  if (po === null) return null;
  const seen = categoriesOf(pairs);
  const q = Math.max(categoryCount ?? seen.length, seen.length);
  if (q < 2) return 1;
  const pe =
    marginals(pairs, seen).reduce((sum, m) => {
      const pi = (m.first + m.second) / 2;
      return sum + pi * (1 - pi);
    }, 0) /
    (q - 1);
  return (po - pe) / (1 - pe);
}

/**
 * Weighted kappa over ordered answers 1..levels with quadratic disagreement weights ((i − j) / (levels − 1))²:
 * 1 − Σ w·observed / Σ w·expected.
 */
export function weightedKappa(pairs: readonly AnswerPair<number>[], levels = 5): number | null {
  const n = pairs.length;
  if (n === 0 || levels < 2) return null;
  const weight = (i: number, j: number) => ((i - j) / (levels - 1)) ** 2;
  const first = new Array<number>(levels + 1).fill(0);
  const second = new Array<number>(levels + 1).fill(0);
  let observed = 0;
  for (const [a, b] of pairs) {
    first[a] = (first[a] ?? 0) + 1 / n;
    second[b] = (second[b] ?? 0) + 1 / n;
    observed += weight(a, b) / n;
  }
  let expected = 0;
  for (let i = 1; i <= levels; i += 1) {
    for (let j = 1; j <= levels; j += 1) expected += weight(i, j) * (first[i] ?? 0) * (second[j] ?? 0);
  }
  if (expected === 0) return null;
  return 1 - observed / expected;
}

/**
 * ICC(1,1), one-way random effects, single scorer (Shrout & Fleiss 1979, case 1), with the unbalanced n0 for
 * visits scored by different numbers of people. Each inner array is one visit's totals; visits with fewer than two
 * totals tell nothing about agreement and are left out.
 */
export function iccOneWay(visits: readonly (readonly number[])[]): number | null {
  const groups = visits.filter((v) => v.length >= 2);
  const k = groups.length;
  if (k < 2) return null;
  const total = groups.reduce((s, g) => s + g.length, 0);
  const grand = groups.reduce((s, g) => s + g.reduce((a, b) => a + b, 0), 0) / total;
  let between = 0;
  let within = 0;
  for (const g of groups) {
    const mean = g.reduce((a, b) => a + b, 0) / g.length;
    between += g.length * (mean - grand) ** 2;
    for (const x of g) within += (x - mean) ** 2;
  }
  const msb = between / (k - 1);
  const msw = within / (total - k);
  const n0 = (total - groups.reduce((s, g) => s + g.length ** 2, 0) / total) / (k - 1);
  const denominator = msb + (n0 - 1) * msw;
  if (denominator === 0) return null;
  return (msb - msw) / denominator;
}

/** Per-question categorical figures as the report shows them. */
export function categoricalAgreement(pairs: readonly AnswerPair[], visits: number, categoryCount?: number) {
  return {
    percent_agreement: figure(percentAgreement(pairs), visits),
    kappa: figure(cohensKappa(pairs), visits),
    ac1: figure(gwetsAc1(pairs, categoryCount), visits),
  };
}

export const likertAgreement = (pairs: readonly AnswerPair<number>[], visits: number, levels = 5) => ({
  percent_agreement: figure(percentAgreement(pairs), visits),
  weighted_kappa: figure(weightedKappa(pairs, levels), visits),
});

export const totalsAgreement = (visits: readonly (readonly number[])[]) =>
  figure(iccOneWay(visits), visits.filter((v) => v.length >= 2).length);

export interface DriftPoint {
  scorer_id: number;
  month: string;
  /** mean of (this scorer's total − the mean of the other scorers' totals on the same visit) */
  drift: number;
  visits: number;
  flagged: boolean;
}

/** Per scorer and month: the sum of their per-visit deviations and how many visits stand behind it. */
type DriftSums = Map<string, { scorer_id: number; month: string; sum: number; visits: number }>;

function addVisitDeviation(sums: DriftSums, scorerId: number, month: string, deviation: number): void {
  const key = `${scorerId}|${month}`;
  const entry = sums.get(key) ?? { scorer_id: scorerId, month, sum: 0, visits: 0 };
  entry.sum += deviation;
  entry.visits += 1;
  sums.set(key, entry);
}

function driftPoints(sums: DriftSums): DriftPoint[] {
  return [...sums.values()]
    .map((e) => ({
      scorer_id: e.scorer_id,
      month: e.month,
      drift: e.sum / e.visits,
      visits: e.visits,
      flagged: e.visits < SCORING_MIN_VISITS,
    }))
    .sort((a, b) => a.scorer_id - b.scorer_id || a.month.localeCompare(b.month));
}

/** One scorer's answer to one Likert question on one visit. */
export interface ScoredAnswer {
  visit_id: number;
  scorer_id: number;
  month: string;
  question_id: number;
  value: number;
}

/**
 * Drift from the answers themselves, question by question: on each visit a scorer's deviation is the mean, over
 * the questions they and at least one other scorer answered, of (their answer − the others' mean answer). An SP
 * and the observers often score on different forms that share only some questions (or none with one of them);
 * comparing like with like per question keeps those visits in. When every scorer answers the same questions this
 * is each scorer's mean answer less the others' mean, visit by visit. Visits with one scorer only are left out.
 */
export function scorerDriftFromAnswers(answers: readonly ScoredAnswer[]): DriftPoint[] {
  const byQuestion = new Map<string, ScoredAnswer[]>();
  for (const a of answers) {
    const key = `${a.visit_id}|${a.question_id}`;
    byQuestion.set(key, [...(byQuestion.get(key) ?? []), a]);
  }
  const perVisit = new Map<string, { scorer_id: number; month: string; sum: number; count: number }>();
  for (const group of byQuestion.values()) {
    if (group.length < 2) continue;
    const all = group.reduce((s, a) => s + a.value, 0);
    for (const a of group) {
      const key = `${a.visit_id}|${a.scorer_id}`;
      const entry = perVisit.get(key) ?? { scorer_id: a.scorer_id, month: a.month, sum: 0, count: 0 };
      entry.sum += a.value - (all - a.value) / (group.length - 1);
      entry.count += 1;
      perVisit.set(key, entry);
    }
  }
  const sums: DriftSums = new Map();
  for (const v of perVisit.values()) addVisitDeviation(sums, v.scorer_id, v.month, v.sum / v.count);
  return driftPoints(sums);
}
