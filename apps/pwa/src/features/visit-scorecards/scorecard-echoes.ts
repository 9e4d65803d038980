/**
 * Which states of the device's scorecard document the page takes as the person's answers (decision 0030, and the
 * lost answer found under load on 2026-11-29).
 *
 * The page saves every answer to the device's document; each save comes back a moment later as a new state of the
 * document. States also arrive from elsewhere: another tab, a refusal putting the server's version back, and the
 * server's own copy of an earlier save (the same answers in PostgreSQL's key order). An answer given while a save is
 * on its way must never be replaced by an older state: the page once took the server's copy of the first answer as
 * a change from elsewhere while the second answer's save was still on its way, and the third answer, given on top of
 * it, was saved without the second.
 *
 * So: states are compared by content (question by question, whatever the key order); a state equal to a save not yet
 * back is that save (it and the older ones are forgotten); a state equal to what the page shows changes nothing; any
 * other state is taken only when no save of the page is on its way (nor typing waiting to be saved), because that save replaces the whole document's
 * answers when it lands, and the page must show what the device will hold.
 */

export interface ResponseLike {
  question_id: number;
  response: unknown;
}

/** The answers as one comparable text: by question, key order and array order left out. */
export function canonicalAnswers(responses: readonly ResponseLike[]): string {
  return JSON.stringify([...responses].sort((a, b) => a.question_id - b.question_id).map((r) => [r.question_id, r.response]));
}

export interface IncomingDecision {
  /** the page's saves still on their way, oldest first (canonical) */
  pending: string[];
  /** whether the page takes the incoming state as the person's answers */
  take: boolean;
}

/**
 * What the page does with a new state of its document (states in canonical form). `typing`: text typed and not yet
 * saved is on the page, which counts as a save on its way.
 */
export function incomingAnswers(pending: readonly string[], incoming: string, onPage: string, typing = false): IncomingDecision {
  const own = pending.indexOf(incoming);
  if (own >= 0) return { pending: pending.slice(own + 1), take: false };
  if (incoming === onPage || pending.length > 0 || typing) return { pending: [...pending], take: false };
  return { pending: [], take: true };
}
