import { describe, expect, it } from 'vitest';
import { canonicalAnswers, incomingAnswers } from '../src/features/visit-scorecards/scorecard-echoes';

/*
 * The answer lost under load (CI, 2026-11-29): an observer answered five questions; the server's copy of the first
 * save came back (PostgreSQL's key order) while the second's save was on its way, the page took it as a change from
 * elsewhere, and the third answer was saved on top of it without the second. The page below replays that order.
 */
type R = { question_id: number; response: unknown };
const q1 = { question_id: 1, response: 'Yes' };
const q2 = { question_id: 2, response: 5 };
const q3 = { question_id: 3, response: 3 };
/** The server's copy: the same answer, keys in jsonb's order. */
const q1FromServer = { response: 'Yes', question_id: 1 } as R;

/** A page as ScorerScorecard keeps it: answers shown, saves on their way, the device's document. */
function page() {
  let shown: R[] = [];
  let pending: string[] = [];
  const saved: R[][] = [];
  return {
    answer(r: R) {
      shown = [...shown.filter((x) => x.question_id !== r.question_id), r];
      pending.push(canonicalAnswers(shown));
      saved.push(shown);
    },
    arrives(doc: R[]) {
      const decision = incomingAnswers(pending, canonicalAnswers(doc), canonicalAnswers(shown));
      pending = decision.pending;
      if (decision.take) shown = doc;
    },
    get shown() {
      return canonicalAnswers(shown);
    },
    get lastSaved() {
      return canonicalAnswers(saved.at(-1) ?? []);
    },
  };
}

describe('which states of the scorecard document the page takes', () => {
  it('keeps an answer whose save is on its way when an older state comes back from the server', () => {
    const p = page();
    p.answer(q1);
    p.arrives([q1]);
    p.answer(q2);
    p.arrives([q1FromServer]);
    p.answer(q3);
    p.arrives([q1, q2]);
    p.arrives([q1, q2, q3]);
    expect(p.shown).toBe(canonicalAnswers([q1, q2, q3]));
    expect(p.lastSaved).toBe(canonicalAnswers([q1, q2, q3]));
  });

  it('recognises its own save whatever the key or array order', () => {
    expect(incomingAnswers([canonicalAnswers([q1, q2])], canonicalAnswers([q2, q1FromServer]), canonicalAnswers([q1, q2]))).toEqual({
      pending: [],
      take: false,
    });
  });

  it('takes a change from elsewhere when nothing of its own is on its way', () => {
    const p = page();
    p.answer(q1);
    p.arrives([q1]);
    p.arrives([q1, q3]);
    expect(p.shown).toBe(canonicalAnswers([q1, q3]));
  });

  it('does not take a change from elsewhere over text typed and not yet saved', () => {
    expect(incomingAnswers([], canonicalAnswers([q3]), canonicalAnswers([q1]), true).take).toBe(false);
  });
});
