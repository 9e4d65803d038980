import { z } from 'zod/mini';
import { idSchema, MAX_ID } from './ids';
import { LIKERT_ANSWER_COUNT, QUESTION_TYPE, type Question } from './rubrics';
import type { FormItem } from './scenario-forms';
import { incompleteNotice, VISIT_SCORECARD_MESSAGES as M, RESPONSE_TEXT_MAX, RESPONSES_MAX, type ScorecardKind } from './visit-scorecards';

/**
 * A visit scorecard's answers (SECURITY VAL-06): their shapes, how each is checked and stored for its question,
 * and the observers' scorecards merged question by question.
 */

const responseValueSchema = z.union([z.number(), z.string().check(z.maxLength(RESPONSE_TEXT_MAX, { error: M.textTooLong }))]);
export const scorecardResponseSchema = z.object({
  question_id: z.number().check(z.int()).check(z.positive()),
  response: responseValueSchema,
});
export type ScorecardResponse = z.infer<typeof scorecardResponseSchema>;

/** Body of the three submit calls (spec 001 §7: responses of question_id and response). */
export const submitScorecardRequestSchema = z.object({
  responses: z
    .array(
      z.object({
        question_id: idSchema(),
        response: z.union([
          z.number().check(z.gte(-MAX_ID)).check(z.lte(MAX_ID)),
          z.string().check(z.maxLength(RESPONSE_TEXT_MAX, { error: M.textTooLong })),
          z.null(),
        ]),
      }),
    )
    .check(z.maxLength(RESPONSES_MAX)),
});
export type SubmitScorecardRequest = z.infer<typeof submitScorecardRequestSchema>;

/** Every question a form asks, in order: its own questions and the questions of its attached rubrics. */
export function formQuestions(items: readonly FormItem[]): Question[] {
  const out: Question[] = [];
  const seen = new Set<number>();
  for (const item of items) {
    const list = item.type === 'question' ? [item.question] : item.rubric.questions;
    for (const q of list) {
      if (seen.has(q.id)) continue;
      seen.add(q.id);
      out.push(q);
    }
  }
  return out;
}

const KNOWN_TYPES = new Set<number>(Object.values(QUESTION_TYPE));

/** A choice answer may arrive as a number or a numeric string; anything else is not a choice. */
function asInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d{1,10}\s*$/.test(value)) return Number(value);
  return null;
}

/**
 * A response as stored for its question: the answer id (multiple choice, true/false), the scale value 1–5
 * (Likert), trimmed text (long fill); null when it is no answer at all (empty). `error` when it is an answer the
 * question cannot take.
 */
export function normalizeResponse(question: Question, value: unknown): { value: number | string | null } | { error: string } {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return { value: null };
  switch (question.question_type_id) {
    case QUESTION_TYPE.multiple_choice:
    case QUESTION_TYPE.true_false: {
      const id = asInteger(value);
      if (id === null || !question.answers.some((a) => a.id === id)) return { error: M.notAnOption };
      return { value: id };
    }
    case QUESTION_TYPE.likert: {
      const n = asInteger(value);
      if (n === null || n < 1 || n > LIKERT_ANSWER_COUNT) return { error: M.likertRange };
      return { value: n };
    }
    case QUESTION_TYPE.long_fill: {
      if (typeof value !== 'string') return { error: M.responseRequired };
      const text = value.trim();
      if (text.length > RESPONSE_TEXT_MAX) return { error: M.textTooLong };
      return { value: text };
    }
    default:
      return { error: M.invalidType };
  }
}

/** The error key of one question's answer, as the form shows it under the question. */
export const responseErrorKey = (questionId: number) => `responses.${questionId}`;

/**
 * Checks answers against their form (SECURITY VAL-06), one place for the server (push and REST) and the PWA.
 * Answers in progress may leave questions open; a submission must answer every question ('Response is
 * required' under each open one, and the notice of spec 002 §5 first). A question of an unknown type is
 * 'Invalid question type'. Answers to questions of another form, duplicates, a choice id not among the
 * question's answers and a Likert value outside 1–5 are refused. Returns the normalized responses (in the
 * form's order) or the errors by field.
 */
export function checkScorecardResponses(
  kind: ScorecardKind,
  items: readonly FormItem[],
  responses: readonly { question_id: number; response: unknown }[],
  submitting: boolean,
): { responses: ScorecardResponse[]; errors: null } | { responses: null; errors: Record<string, string[]> } {
  const questions = formQuestions(items);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const errors: Record<string, string[]> = {};
  const given = new Map<number, unknown>();
  for (const r of responses) {
    const key = responseErrorKey(r.question_id);
    if (!byId.has(r.question_id)) errors[key] = [M.unknownQuestion];
    else if (given.has(r.question_id)) errors[key] = [M.duplicateQuestion];
    else given.set(r.question_id, r.response);
  }
  const out: ScorecardResponse[] = [];
  for (const q of questions) {
    const key = responseErrorKey(q.id);
    if (!KNOWN_TYPES.has(q.question_type_id)) {
      errors[key] = [M.invalidType];
      continue;
    }
    const result = normalizeResponse(q, given.get(q.id));
    if ('error' in result) {
      errors[key] ??= [result.error];
      continue;
    }
    if (result.value === null) {
      if (submitting) {
        errors[key] ??= [M.responseRequired];
      }
      continue;
    }
    out.push({ question_id: q.id, response: result.value });
  }
  if (Object.keys(errors).length === 0) return { responses: out, errors: null };
  // The notice first: it is the message of the refusal (spec 002 §5).
  const notice: Record<string, string[]> = submitting ? { form: [incompleteNotice(kind)] } : {};
  return { responses: null, errors: { ...notice, ...errors } };
}

/** Whether a question has an answer it can take (the PWA's progress and its 'Response is required'). */
export function isAnswered(question: Question, response: unknown): boolean {
  const result = normalizeResponse(question, response);
  return !('error' in result) && result.value !== null;
}

// ---- merged observer scorecards ----

export type MergedAnswer =
  | { type: 'choice'; counts: { answer_id: number; answer: string; count: number }[]; total: number }
  | { type: 'likert'; counts: number[]; average: number | null; total: number }
  | { type: 'text'; texts: string[] };

export interface MergedQuestion {
  question: Question;
  merged: MergedAnswer;
}

/**
 * The observers' scorecards merged question by question (the 'Merged' tab): how many chose each answer, the
 * Likert distribution and average (1 decimal), and every free-text answer.
 */
export function mergeScorecards(
  items: readonly FormItem[],
  scorecards: readonly { responses: readonly ScorecardResponse[] }[],
): MergedQuestion[] {
  return formQuestions(items).map((question) => {
    const values = scorecards.flatMap((s) => s.responses.filter((r) => r.question_id === question.id).map((r) => r.response));
    if (question.question_type_id === QUESTION_TYPE.likert) {
      const counts = Array.from({ length: LIKERT_ANSWER_COUNT }, () => 0);
      const scores = values.map((v) => asInteger(v)).filter((n): n is number => n !== null && n >= 1 && n <= LIKERT_ANSWER_COUNT);
      for (const n of scores) counts[n - 1]! += 1;
      const average = scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10 : null;
      return { question, merged: { type: 'likert', counts, average, total: scores.length } };
    }
    if (question.question_type_id === QUESTION_TYPE.long_fill) {
      return { question, merged: { type: 'text', texts: values.filter((v): v is string => typeof v === 'string' && v.trim() !== '') } };
    }
    const ids = values.map((v) => asInteger(v));
    const counts = question.answers.map((a) => ({ answer_id: a.id, answer: a.answer, count: ids.filter((id) => id === a.id).length }));
    return { question, merged: { type: 'choice', counts, total: counts.reduce((a, c) => a + c.count, 0) } };
  });
}
