import { randomUUID } from 'node:crypto';
import { formQuestions, QUESTION_TYPE, type ScorecardKind, type ScorecardResponse, scorecardDocId } from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import { ensureScorecardDocs, lockScorecard, writeScorecard } from '../features/visit-scorecards';

export { ensureScorecardDocs };

/**
 * A submitted scorecard for a seeded visit whose flags already say so (visit 9005's SP scorecard), answered the
 * same way each time: the first choice, `likert` (4 unless said) on Likert scales and a short note. Only the
 * document changes; the seed sets the visit's flags itself.
 */
export async function seedSubmittedScorecard(
  trx: Transaction<DB>,
  visitId: number,
  kind: ScorecardKind,
  userId: number,
  submittedAt: Date,
  likert = 4,
): Promise<void> {
  const stored = await lockScorecard(trx, scorecardDocId(visitId, kind, userId));
  if (!stored) return;
  const responses: ScorecardResponse[] = formQuestions(stored.doc.form.items).map((q) => {
    if (q.question_type_id === QUESTION_TYPE.likert) return { question_id: q.id, response: likert };
    if (q.question_type_id === QUESTION_TYPE.long_fill)
      return { question_id: q.id, response: 'A warm introduction and a clear summary of the plan.' };
    return { question_id: q.id, response: q.answers[0]!.id };
  });
  await writeScorecard(trx, {
    ...stored.doc,
    responses,
    submitted_at: submittedAt.toISOString(),
    updated_at: submittedAt.toISOString(),
    write_id: randomUUID(),
  });
}
