import { z } from 'zod/mini';
import { formItemSchema } from './scenario-forms';
import { docTimestampSchema, syncedFieldsSchema } from './sync';
import { scorecardResponseSchema } from './visit-scorecard-answers';
import { RESPONSES_MAX, SCORECARD_KINDS, type ScorecardKind } from './visit-scorecards';

/** A visit scorecard as the replicated document (`visit_scorecards`) that SPs and observers answer offline. */

/** What the scorecard page shows about the visit, kept with the answers so the page works offline. */
export const scorecardVisitSummarySchema = z.object({
  scenario_id: z.string().check(z.maxLength(20)),
  scenario_title: z.string().check(z.maxLength(500)),
  patient_name: z.string().check(z.maxLength(500)),
  learner_name: z.string().check(z.maxLength(500)),
  start_at: docTimestampSchema('start_at'),
});
export type ScorecardVisitSummary = z.infer<typeof scorecardVisitSummarySchema>;

export const scorecardFormSnapshotSchema = z.object({
  instructions: z.nullable(z.string()),
  items: z.array(formItemSchema).check(z.maxLength(500)),
});
export type ScorecardFormSnapshot = z.infer<typeof scorecardFormSnapshotSchema>;

/**
 * One person's answers to one form of one visit (id `{visit_id}-{kind}-{user_id}`). The server creates it when
 * the person is assigned, with the visit summary and the form as they were then; the person changes only
 * `responses`, `submitted_at` and `updated_at`. A submitted document never changes again.
 */
export const visitScorecardDocSchema = z.object({
  ...syncedFieldsSchema.shape,
  visit_id: z.number().check(z.int()).check(z.positive()),
  kind: z.enum(SCORECARD_KINDS),
  user_id: z.number().check(z.int()).check(z.positive()),
  visit: scorecardVisitSummarySchema,
  form: scorecardFormSnapshotSchema,
  responses: z.array(scorecardResponseSchema).check(z.maxLength(RESPONSES_MAX)),
  submitted_at: z.nullable(docTimestampSchema('submitted_at')),
  updated_at: docTimestampSchema('updated_at'),
});
export type VisitScorecardDoc = z.infer<typeof visitScorecardDocSchema>;

export const scorecardDocId = (visitId: number, kind: ScorecardKind, userId: number) => `${visitId}-${kind}-${userId}`;

/** Fields only the person changes; everything else is the server's. */
export const SCORECARD_OWNER_FIELDS = ['responses', 'submitted_at', 'updated_at', 'write_id'] as const;
/** Fields the server owns: "keep my version" keeps the server's values of these (PWA conflicts). */
export const SCORECARD_SERVER_KEYS = ['visit_id', 'kind', 'user_id', 'visit', 'form'] as const;

/** JSON with object keys sorted, so the same content compares equal whatever order its keys came in. */
function stableJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v as Record<string, unknown>)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(value ?? null));
}

/** Whether two versions differ only in what the person may change (key order does not matter). */
export function sameServerFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return SCORECARD_SERVER_KEYS.every((k) => stableJson(a[k]) === stableJson(b[k]));
}

/**
 * A conflict on a scorecard the server changed while the person answered offline (PWA conflict handler): when
 * neither side is submitted or retired, the person's answers go on top of the server's version (whose own fields,
 * such as the visit's date, win). Null when there is nothing to merge (a real conflict for the person to decide).
 */
export function mergeScorecardAnswers<D extends Record<string, unknown> & { _deleted?: boolean }>(mine: D, theirs: D): D | null {
  if (mine._deleted || theirs._deleted || theirs.submitted_at) return null;
  return { ...theirs, responses: mine.responses, submitted_at: mine.submitted_at ?? null, updated_at: mine.updated_at };
}
