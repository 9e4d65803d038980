import { z } from 'zod';
import { idSchema } from './ids';
import { LIKERT_ANSWER_COUNT, QUESTION_TYPE, type Question, questionSchema } from './rubrics';
import { type FormItem, formItemSchema, SCENARIO_FORM_KINDS, type ScenarioFormKind } from './scenario-forms';
import { SCORECARD_DISPLAY_TYPE } from './scenarios';
import { syncedFieldsSchema } from './sync';
import { VISIT_MESSAGES } from './visits';

/**
 * Visit scorecards (spec 002 §2.3, §3, §4, §5, §8; spec 001 §3, §7 'Visit submissions'; SECURITY VAL-06;
 * docs/decisions/0030-visit-scorecards.md). A visit has up to three kinds of forms, each a scenario form:
 * the SP scorecard (`feedback-form`, filled by the visit's SP), the observer scorecard (`scorecard`, one per
 * assigned observer) and participant feedback (`participant-feedback`, filled by the learner). Each person's
 * answers are one replicated document (`visit_scorecards`), so SPs and observers answer and submit offline;
 * the server validates every submission with the rules below (the same ones the PWA checks first).
 */

export const VISIT_SCORECARD_COLLECTION = 'visit_scorecards';

/** The three kinds, as the scenario forms name them (the SP scorecard is the scenario's feedback form). */
export const SCORECARD_KINDS = SCENARIO_FORM_KINDS;
export type ScorecardKind = ScenarioFormKind;

/** Longest free-text answer. */
export const RESPONSE_TEXT_MAX = 10_000;
/** More responses than any form has; bounds a request. */
export const RESPONSES_MAX = 500;

export const VISIT_SCORECARD_MESSAGES = {
  responseRequired: 'Response is required',
  invalidType: 'Invalid question type',
  incompleteFeedbackForm: 'All fields must be completed before submitting feedback form.',
  incompleteScorecard: 'All fields must be completed before submitting scorecard.',
  notAnOption: 'Choose one of the answers given.',
  likertRange: `Choose a value from 1 to ${LIKERT_ANSWER_COUNT}.`,
  textTooLong: `Answers may not be longer than ${RESPONSE_TEXT_MAX} characters.`,
  unknownQuestion: 'This question is not part of this form.',
  duplicateQuestion: 'Each question can be answered once.',
  alreadySubmitted: 'This scorecard has already been submitted.',
  alreadySubmittedFeedback: 'This feedback has already been submitted.',
  visitClosed: 'This visit was canceled, so its scorecards can no longer be submitted.',
  notStarted: 'The scorecard can be submitted once the visit has started.',
  notComplete: 'Participant feedback can be given once the visit is complete.',
  notEnabled: 'This form is not enabled for the scenario.',
  notAssigned: 'You are not assigned to this scorecard.',
  noLongerAssigned: 'You are no longer assigned to score this visit.',
  serverOwned: 'Only the answers and the submission of a scorecard can be changed.',
  createdByServer: 'Scorecards are created by the server.',
  onlySp: "Only the visit's SP can submit the SP Scorecard.",
  onlyObserver: "Only the visit's assigned observers can submit a scorecard.",
  onlyLearner: "Only the visit's learner can give participant feedback.",
  notFound: 'Visit not found.',
  noAccess: 'You do not have access to this visit.',
  // spec 002 §8
  spSubmitted: VISIT_MESSAGES.spScorecardSubmitted,
  scorecardSubmitted: VISIT_MESSAGES.scorecardSubmitted,
  participantSubmitted: VISIT_MESSAGES.participantFeedbackSubmitted,
  feedbackSubmitError: VISIT_MESSAGES.feedbackSubmitError,
  scorecardSubmitError: VISIT_MESSAGES.scorecardSubmitError,
  pageError: VISIT_MESSAGES.scorecardPageError,
  savedOffline: 'Saved on this device. It will be sent when you are back online.',
} as const;
const M = VISIT_SCORECARD_MESSAGES;

/** Form titles of spec 002 §2.3. */
export const SCORECARD_TITLES: Record<ScorecardKind, string> = {
  'feedback-form': 'SP Scorecard',
  scorecard: 'Observer Scorecard',
  'participant-feedback': 'Participant Feedback',
};

/** The notice when answers are missing (spec 002 §5): the SP scorecard and participant feedback are feedback forms. */
export function incompleteNotice(kind: ScorecardKind): string {
  return kind === 'scorecard' ? M.incompleteScorecard : M.incompleteFeedbackForm;
}

/** The success notice of a submission (spec 002 §8). */
export function submittedNotice(kind: ScorecardKind): string {
  if (kind === 'feedback-form') return M.spSubmitted;
  if (kind === 'participant-feedback') return M.participantSubmitted;
  return M.scorecardSubmitted;
}

/** The error title of a failed submission (spec 002 §8). */
export function submitErrorTitle(kind: ScorecardKind): string {
  return kind === 'scorecard' ? M.scorecardSubmitError : M.feedbackSubmitError;
}

export function alreadySubmittedMessage(kind: ScorecardKind): string {
  return kind === 'scorecard' ? M.alreadySubmitted : M.alreadySubmittedFeedback;
}

// ---- answers ----

const responseValueSchema = z.union([z.number(), z.string().max(RESPONSE_TEXT_MAX, { error: M.textTooLong })]);
export const scorecardResponseSchema = z.object({
  question_id: z.number().int().positive(),
  response: responseValueSchema,
});
export type ScorecardResponse = z.infer<typeof scorecardResponseSchema>;

/** Body of the three submit calls (spec 001 §7: responses of question_id and response). */
export const submitScorecardRequestSchema = z.object({
  responses: z
    .array(
      z.object({
        question_id: idSchema(),
        response: z.union([z.number(), z.string().max(RESPONSE_TEXT_MAX, { error: M.textTooLong }), z.null()]),
      }),
    )
    .max(RESPONSES_MAX),
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

// ---- when a form can be submitted ----

export interface ScorecardVisitFacts {
  start_at: string | Date;
  is_complete: boolean;
  is_canceled: boolean;
  no_show: boolean;
  learner_technical_issue: boolean;
}

export function visitClosed(v: ScorecardVisitFacts): boolean {
  return v.is_canceled || v.no_show || v.learner_technical_issue;
}

/**
 * Why a form cannot be submitted now, or null (spec 002 §4): nothing is submitted for a canceled visit, a no-show
 * or a learner technical issue; the SP and observer scorecards open when the visit starts (the SP completes the
 * visit by submitting); participant feedback only once the visit is complete.
 */
export function submissionRefusal(kind: ScorecardKind, v: ScorecardVisitFacts, now: Date): string | null {
  if (visitClosed(v)) return M.visitClosed;
  if (kind === 'participant-feedback') return v.is_complete ? null : M.notComplete;
  return new Date(v.start_at).getTime() <= now.getTime() ? null : M.notStarted;
}

// ---- the replicated document ----

/** What the scorecard page shows about the visit, kept with the answers so the page works offline. */
export const scorecardVisitSummarySchema = z.object({
  scenario_id: z.string().max(20),
  scenario_title: z.string().max(500),
  patient_name: z.string().max(500),
  learner_name: z.string().max(500),
  start_at: z.string().max(40),
});
export type ScorecardVisitSummary = z.infer<typeof scorecardVisitSummarySchema>;

export const scorecardFormSnapshotSchema = z.object({
  instructions: z.string().nullable(),
  items: z.array(formItemSchema).max(500),
});
export type ScorecardFormSnapshot = z.infer<typeof scorecardFormSnapshotSchema>;

/**
 * One person's answers to one form of one visit (id `{visit_id}-{kind}-{user_id}`). The server creates it when
 * the person is assigned, with the visit summary and the form as they were then; the person changes only
 * `responses`, `submitted_at` and `updated_at`. A submitted document never changes again.
 */
export const visitScorecardDocSchema = syncedFieldsSchema.extend({
  visit_id: z.number().int().positive(),
  kind: z.enum(SCORECARD_KINDS),
  user_id: z.number().int().positive(),
  visit: scorecardVisitSummarySchema,
  form: scorecardFormSnapshotSchema,
  responses: z.array(scorecardResponseSchema).max(RESPONSES_MAX),
  submitted_at: z.string().max(40).nullable(),
  updated_at: z.string().max(40),
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

// ---- the scorecard page (spec 002 §2.3) ----

export const SCORECARD_VIEWS = ['form', 'observer_complete', 'learner_complete'] as const;
export type ScorecardView = (typeof SCORECARD_VIEWS)[number];
/** Who looks: the person scoring (SP or observer), the learner, or staff (admins, client admins). */
export type ScorecardAudience = 'scorer' | 'learner' | 'staff';

export interface ScorecardTab {
  id: string;
  label: string;
  kind: 'own' | 'sp' | 'observer' | 'merged' | 'participant';
  /** 0-based index into the observer scorecards (kind observer) */
  index?: number;
}

export interface ScorecardTabsInput {
  view: ScorecardView;
  audience: ScorecardAudience;
  displayTypeId: number;
  /** the scorer's own form (view form and observer_complete) */
  ownKind?: ScorecardKind | null;
  /** the SP scorecard is part of the visit (enabled, or submitted) */
  sp: boolean;
  /** submitted observer scorecards */
  observerCount: number;
  /** a participant feedback tab applies (enabled for the learner, or submitted) */
  participant: boolean;
}

const SHOWS_SP = new Set<number>([
  SCORECARD_DISPLAY_TYPE.feedback,
  SCORECARD_DISPLAY_TYPE.feedback_individual,
  SCORECARD_DISPLAY_TYPE.feedback_merged,
  SCORECARD_DISPLAY_TYPE.feedback_individual_merged,
]);
const SHOWS_INDIVIDUAL = new Set<number>([
  SCORECARD_DISPLAY_TYPE.feedback_individual,
  SCORECARD_DISPLAY_TYPE.feedback_individual_merged,
  SCORECARD_DISPLAY_TYPE.individual,
  SCORECARD_DISPLAY_TYPE.individual_merged,
]);
const SHOWS_MERGED = new Set<number>([
  SCORECARD_DISPLAY_TYPE.feedback_merged,
  SCORECARD_DISPLAY_TYPE.feedback_individual_merged,
  SCORECARD_DISPLAY_TYPE.merged,
  SCORECARD_DISPLAY_TYPE.individual_merged,
]);

/** What the display type lets the learner see (spec 002 §3); 0 (zero) and 1 (none) show no scorecard. */
export function displayParts(displayTypeId: number) {
  return { sp: SHOWS_SP.has(displayTypeId), individual: SHOWS_INDIVIDUAL.has(displayTypeId), merged: SHOWS_MERGED.has(displayTypeId) };
}

/**
 * The tabs of the scorecard page (spec 002 §2.3), decided by the view value and the scenario's display type:
 * - form / observer_complete: the scorer's own form ('SP Scorecard' or 'Observer Scorecard');
 * - learner_complete for the learner: 'SP Scorecard', 'Scorecard 1..n' (each observer's, unnamed) and 'Merged'
 *   as the display type says, then 'Participant Feedback';
 * - learner_complete for staff (admins, client admins): every scorecard, the observers' as 'Observer Scorecard
 *   1..n', 'Merged' when there is one, then 'Participant Feedback'.
 */
export function scorecardTabs(input: ScorecardTabsInput): ScorecardTab[] {
  if (input.view !== 'learner_complete') {
    return input.ownKind ? [{ id: 'own', label: SCORECARD_TITLES[input.ownKind], kind: 'own' }] : [];
  }
  const staff = input.audience === 'staff';
  const parts = staff ? { sp: true, individual: true, merged: true } : displayParts(input.displayTypeId);
  const tabs: ScorecardTab[] = [];
  if (parts.sp && input.sp) tabs.push({ id: 'sp', label: SCORECARD_TITLES['feedback-form'], kind: 'sp' });
  if (parts.individual) {
    for (let i = 0; i < input.observerCount; i++) {
      tabs.push({
        id: `observer-${i + 1}`,
        label: staff ? `Observer Scorecard ${i + 1}` : `Scorecard ${i + 1}`,
        kind: 'observer',
        index: i,
      });
    }
  }
  if (parts.merged && input.observerCount > 0) tabs.push({ id: 'merged', label: 'Merged', kind: 'merged' });
  if (input.participant) tabs.push({ id: 'participant', label: SCORECARD_TITLES['participant-feedback'], kind: 'participant' });
  return tabs;
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

// ---- REST answers ----

export const filledFormSchema = z.object({
  kind: z.enum(SCORECARD_KINDS),
  title: z.string(),
  instructions: z.string().nullable(),
  items: z.array(formItemSchema),
  responses: z.array(scorecardResponseSchema),
  submitted_at: z.string().nullable(),
  /** the observer's name, for staff only */
  scorer_name: z.string().nullable(),
});
export type FilledForm = z.infer<typeof filledFormSchema>;

export const mergedQuestionSchema = z.object({
  question: questionSchema,
  merged: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('choice'),
      counts: z.array(z.object({ answer_id: z.number(), answer: z.string(), count: z.number() })),
      total: z.number(),
    }),
    z.object({ type: z.literal('likert'), counts: z.array(z.number()), average: z.number().nullable(), total: z.number() }),
    z.object({ type: z.literal('text'), texts: z.array(z.string()) }),
  ]),
});

export const scorecardPageVisitSchema = z.object({
  id: z.number(),
  scenario_id: z.number(),
  scenario_title: z.string(),
  patient_name: z.string(),
  learner_name: z.string(),
  start_at: z.string(),
  is_complete: z.boolean(),
  is_canceled: z.boolean(),
  no_show: z.boolean(),
  learner_technical_issue: z.boolean(),
  is_scorecard_complete: z.boolean(),
  is_feedback_form_complete: z.boolean(),
  is_participant_feedback_complete: z.boolean(),
  is_participant_feedback_enabled: z.boolean(),
  scorecard_display_type_id: z.number(),
  /** the SP scorecard, when the display type (or the caller) lets them see it */
  feedback_form: filledFormSchema.nullable(),
  /** the submitted observer scorecards the caller may see, in the order they were submitted */
  observer_scorecards: z.array(filledFormSchema),
  /** the observers' scorecards merged question by question, when the caller may see it */
  merged: z.array(mergedQuestionSchema).nullable(),
  /** the learner's participant feedback (the form to fill for the learner while open) */
  participant_feedback: filledFormSchema.nullable(),
});
export type ScorecardPageVisit = z.infer<typeof scorecardPageVisitSchema>;

export const visitScorecardResponseSchema = z.object({
  view: z.enum(SCORECARD_VIEWS),
  audience: z.enum(['scorer', 'learner', 'staff']),
  visit: scorecardPageVisitSchema,
  /** the caller's own form document (offline answers), when they score this visit */
  my_scorecard: z.object({ doc_id: z.string(), kind: z.enum(SCORECARD_KINDS), submitted_at: z.string().nullable() }).nullable(),
  /** the learner may give participant feedback now */
  participant_feedback_available: z.boolean(),
  tabs: z.array(z.object({ id: z.string(), label: z.string(), kind: z.string(), index: z.number().optional() })),
});
export type VisitScorecardResponse = z.infer<typeof visitScorecardResponseSchema>;

export const submitScorecardResponseSchema = visitScorecardResponseSchema.extend({ message: z.string() });

/**
 * Participant feedback is open to the learner when the scenario enables it, it is not yet complete, and the
 * visit is complete and not canceled, a no-show or a learner technical issue (spec 002 §4).
 */
export function participantFeedbackAvailable(
  v: ScorecardVisitFacts & { is_participant_feedback_complete: boolean },
  enabled: boolean,
): boolean {
  return enabled && !v.is_participant_feedback_complete && v.is_complete && !visitClosed(v);
}
