import { describe, expect, it } from 'vitest';
import {
  type AnswerPair,
  categoricalAgreement,
  cohensKappa,
  gwetsAc1,
  iccOneWay,
  percentAgreement,
  SCORING_MIN_VISITS,
  scorerDriftFromAnswers,
  weightedKappa,
} from '../src/scoring-agreement';

/** A 2×2 table of two scorers' yes/no answers as pairs. */
function table(yesYes: number, yesNo: number, noYes: number, noNo: number): AnswerPair[] {
  return [
    ...Array.from({ length: yesYes }, () => ['yes', 'yes'] as const),
    ...Array.from({ length: yesNo }, () => ['yes', 'no'] as const),
    ...Array.from({ length: noYes }, () => ['no', 'yes'] as const),
    ...Array.from({ length: noNo }, () => ['no', 'no'] as const),
  ];
}

describe('scoring agreement statistics (issue 20 item 7)', () => {
  it("Cohen's kappa and AC1 on the textbook 50-item table (20, 5, 10, 15: po 0.7, pe 0.5, kappa 0.4)", () => {
    const pairs = table(20, 5, 10, 15);
    expect(percentAgreement(pairs)).toBeCloseTo(0.7, 10);
    expect(cohensKappa(pairs)).toBeCloseTo(0.4, 10);
    // π(yes) = (0.5 + 0.6) / 2 = 0.55; pe = 2 × 0.55 × 0.45 = 0.495; AC1 = 0.205 / 0.505
    expect(gwetsAc1(pairs)).toBeCloseTo(0.205 / 0.505, 10);
  });

  it('the kappa paradox (118, 5, 2, 0): kappa near zero for 94% agreement, AC1 near 0.94 (Gwet 2008)', () => {
    const pairs = table(118, 5, 2, 0);
    expect(percentAgreement(pairs)).toBeCloseTo(0.944, 10);
    expect(cohensKappa(pairs)).toBeCloseTo(-0.0234, 4);
    expect(gwetsAc1(pairs)).toBeCloseTo(0.9408, 4);
  });

  it('ICC(1,1) on Shrout & Fleiss (1979) Table 2: 0.17', () => {
    const ratings = [
      [9, 2, 5, 8],
      [6, 1, 3, 2],
      [8, 4, 6, 8],
      [7, 1, 2, 6],
      [10, 5, 6, 9],
      [6, 2, 4, 7],
    ];
    expect(iccOneWay(ratings)).toBeCloseTo(0.1657, 4);
    // A visit scored by one person tells nothing about agreement; perfect agreement is 1.
    expect(iccOneWay([...ratings, [7]])).toBeCloseTo(0.1657, 4);
    expect(
      iccOneWay([
        [3, 3],
        [5, 5],
        [1, 1],
      ]),
    ).toBe(1);
    expect(iccOneWay([[3, 4]])).toBeNull();
  });

  it('weighted kappa: equals kappa on two levels, counts near answers as near on five', () => {
    const yesNo = table(20, 5, 10, 15).map(([a, b]) => [a === 'yes' ? 2 : 1, b === 'yes' ? 2 : 1] as const);
    expect(weightedKappa(yesNo, 2)).toBeCloseTo(0.4, 10);
    const likert: AnswerPair<number>[] = [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 5],
      [5, 5],
      [2, 3],
      [3, 3],
      [4, 4],
      [1, 2],
      [5, 4],
    ];
    expect(weightedKappa(likert, 5)).toBeCloseTo(0.8889, 4);
    expect(cohensKappa(likert)).toBeLessThan(weightedKappa(likert, 5)!);
  });

  it('flags figures that rest on too few visits, and gives null rather than NaN', () => {
    const few = categoricalAgreement(table(3, 0, 0, 0), 3, 2);
    expect(few.percent_agreement).toEqual({ value: 1, visits: 3, flagged: true });
    expect(few.kappa.value).toBeNull();
    expect(categoricalAgreement(table(20, 5, 10, 15), SCORING_MIN_VISITS).kappa.flagged).toBe(false);
    expect(percentAgreement([])).toBeNull();
  });

  it('drift: how far each scorer sits from the others on the same visits, month by month', () => {
    // One question per visit: the deviation is the answer less the others' mean answer.
    const one = (visit_id: number, scorer_id: number, month: string, value: number) => ({
      visit_id,
      scorer_id,
      month,
      question_id: 1,
      value,
    });
    const drift = scorerDriftFromAnswers([
      one(1, 7, '2026-10', 5),
      one(1, 8, '2026-10', 2),
      one(1, 9, '2026-10', 3.5),
      one(2, 7, '2026-11', 3),
      one(2, 8, '2026-11', 3),
      one(3, 7, '2026-11', 4),
    ]);
    expect(drift).toEqual([
      { scorer_id: 7, month: '2026-10', drift: 2.25, visits: 1, flagged: true },
      { scorer_id: 7, month: '2026-11', drift: 0, visits: 1, flagged: true },
      { scorer_id: 8, month: '2026-10', drift: -2.25, visits: 1, flagged: true },
      { scorer_id: 8, month: '2026-11', drift: 0, visits: 1, flagged: true },
      { scorer_id: 9, month: '2026-10', drift: 0, visits: 1, flagged: true },
    ]);
  });

  it('drift compares question by question, so scorers on forms that share only some questions still count', () => {
    // The SP (7) answers q1 and q2, observer 8 answers q2 and q3, observer 9 answers q3 only: no question is
    // everyone's, yet each pair that shares a question is compared on it.
    const a = (scorer_id: number, question_id: number, value: number) => ({ visit_id: 1, scorer_id, month: '2026-11', question_id, value });
    const drift = scorerDriftFromAnswers([a(7, 1, 5), a(7, 2, 5), a(8, 2, 3), a(8, 3, 1), a(9, 3, 5)]);
    expect(drift.map((p) => [p.scorer_id, p.drift, p.visits])).toEqual([
      [7, 2, 1], // q2 only (q1 has no one else): 5 − 3
      [8, -3, 1], // q2: 3 − 5 = −2; q3: 1 − 5 = −4; mean −3
      [9, 4, 1], // q3: 5 − 1
    ]);
  });
});
