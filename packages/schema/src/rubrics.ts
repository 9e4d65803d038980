import { z } from 'zod/mini';
import { idSchema, MAX_ID, numeric } from './ids';

/** Question types (spec 001 §3): 1 multiple choice, 2 true/false, 3 long fill, 4 Likert ('Likert 5'). */
export const QUESTION_TYPE = { multiple_choice: 1, true_false: 2, long_fill: 3, likert: 4 } as const;
export type QuestionTypeId = (typeof QUESTION_TYPE)[keyof typeof QUESTION_TYPE];
export const QUESTION_TYPE_LABELS: Record<QuestionTypeId, string> = {
  1: 'Multiple Choice',
  2: 'True/False',
  3: 'Long Fill',
  4: 'Likert 5',
};

export const MULTIPLE_CHOICE_MIN_ANSWERS = 2;
export const MULTIPLE_CHOICE_MAX_ANSWERS = 6;
export const LIKERT_ANSWER_COUNT = 5;
/** The answers of a true/false question: always these two, set by the server. */
export const TRUE_FALSE_ANSWERS = ['Yes', 'No'] as const;
/**
 * Likert labels used when a Likert question arrives without answers. The brief names the agreement scale;
 * spec 001 §5 names an effort scale (No effort … Exemplary effort) as the modal's defaults, offered below for
 * the question modal.
 */
/** The Likert 5 defaults of spec 001 §5. */
export const LIKERT_DEFAULT_ANSWERS = ['No effort', 'Minimal effort', 'Moderate effort', 'Skilled effort', 'Exemplary effort'] as const;

export const RUBRIC_PAGE_SIZE = 10;
export const RUBRIC_NAME_MAX = 255;
export const RUBRIC_INSTRUCTIONS_MAX = 10_000;
export const QUESTION_TEXT_MAX = 20_000;
export const ANSWER_MAX = 255;
export const SHORT_DESCRIPTION_MAX = 255;
/** Rubric display types (spec 002): 1 two-column rows, 2 cards. */
export const RUBRIC_DISPLAY_TYPES = [1, 2] as const;
export const DEFAULT_RUBRIC_NAME = 'Untitled Rubric';

/** The spec's words (001 §5, §8), shared by the server and the PWA. */
export const RUBRIC_MESSAGES = {
  typeRequired: 'A question type must be selected',
  textRequired: 'Question text is required',
  textTooLong: `Question text may not be longer than ${QUESTION_TEXT_MAX} characters.`,
  multipleChoiceMin: 'Multiple choice requires at least 2 answers',
  multipleChoiceMax: 'Multiple choice allows at most 6 answers',
  likertCount: 'Likert requires 5 answers',
  trueFalseAnswers: 'True/false questions have exactly the answers Yes and No',
  longFillNoAnswers: 'Long fill questions have no answers',
  emptyAnswers: 'You have empty answers',
  answerTooLong: `Answers may not be longer than ${ANSWER_MAX} characters.`,
  shortDescriptionTooLong: `The short description may not be longer than ${SHORT_DESCRIPTION_MAX} characters.`,
  nameRequired: 'Please provide content for the name field.',
  nameTooLong: `The name may not be longer than ${RUBRIC_NAME_MAX} characters.`,
  instructionsTooLong: `Instructions may not be longer than ${RUBRIC_INSTRUCTIONS_MAX} characters.`,
  displayTypeInvalid: 'Please select a display type.',
  invalidDataTitle: 'Invalid data.',
  incomplete: 'Rubric incomplete: Please attach questions before publishing.',
  published: 'This rubric is published and can no longer be changed.',
  alreadyDeleted: 'Rubric already deleted.',
  reorderMismatch: 'The order must list every question of the rubric exactly once.',
  notFound: 'Rubric not found.',
  questionNotFound: 'Question not found.',
  created: 'Rubric created',
  cloned: 'Rubric Cloned',
  deleted: 'Rubric Deleted',
  publishedOk: 'Rubric Published',
  updated: 'Rubric updated.',
  questionAdded: 'Question has been added',
  questionEdited: 'Question has been edited',
  questionDeleted: 'Question successfully deleted',
  reordered: 'Questions reordered',
} as const;

const M = RUBRIC_MESSAGES;
const id = idSchema();

/** Text left of some HTML once tags and entities are gone (for the "required" rule). */
export function htmlTextContent(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|\u00a0/gi, ' ')
    .trim();
}

const questionTypeSchema = z
  .number({ error: M.typeRequired })
  .check(z.int({ error: M.typeRequired }))
  .check(z.gte(1, { error: M.typeRequired }))
  .check(z.lte(4, { error: M.typeRequired }));

/** An answer as sent: a string, or `{id?, answer}` as the edit modal echoes it back. */
const answerInput = z.union(
  [
    z.string(),
    z.object({ id: z.nullable(z.optional(z.number().check(z.int()).check(z.gte(-MAX_ID)).check(z.lte(MAX_ID)))), answer: z.string() }),
  ],
  {
    error: M.emptyAnswers,
  },
);

export interface AnswerRuleInput {
  question_type_id: number;
  answers?: readonly string[] | null;
}

/**
 * The answer rules by type (spec 001 §5): returns the answers to store, or the message that refuses them.
 * True/false always stores Yes and No; a Likert question without answers gets the default labels.
 */
export function normalizeAnswers(input: AnswerRuleInput): { answers: string[] } | { error: string } {
  const given = (input.answers ?? []).map((a) => a.trim());
  const raw = input.answers ?? [];
  switch (input.question_type_id) {
    case QUESTION_TYPE.long_fill:
      return raw.length === 0 ? { answers: [] } : { error: M.longFillNoAnswers };
    case QUESTION_TYPE.true_false:
      if (raw.length === 0) return { answers: [...TRUE_FALSE_ANSWERS] };
      if (given.some((a) => a === '')) return { error: M.emptyAnswers };
      return raw.length === 2 ? { answers: [...TRUE_FALSE_ANSWERS] } : { error: M.trueFalseAnswers };
    case QUESTION_TYPE.likert:
      if (raw.length === 0) return { answers: [...LIKERT_DEFAULT_ANSWERS] };
      if (given.some((a) => a === '')) return { error: M.emptyAnswers };
      return given.length === LIKERT_ANSWER_COUNT ? { answers: given } : { error: M.likertCount };
    case QUESTION_TYPE.multiple_choice:
      if (given.some((a) => a === '')) return { error: M.emptyAnswers };
      if (given.length < MULTIPLE_CHOICE_MIN_ANSWERS) return { error: M.multipleChoiceMin };
      if (given.length > MULTIPLE_CHOICE_MAX_ANSWERS) return { error: M.multipleChoiceMax };
      return { answers: given };
    default:
      return { error: M.typeRequired };
  }
}

const questionFields = {
  question_type_id: questionTypeSchema,
  question: z
    .string({ error: M.textRequired })
    .check(z.maxLength(QUESTION_TEXT_MAX, { error: M.textTooLong }))
    .check(z.refine((s) => htmlTextContent(s) !== '', { error: M.textRequired })),
  short_description: z.nullish(z.string().check(z.maxLength(SHORT_DESCRIPTION_MAX, { error: M.shortDescriptionTooLong }))),
  answers: z.pipe(
    z.nullish(z.array(answerInput).check(z.maxLength(20, { error: M.multipleChoiceMax }))),
    z.transform((list) => list?.map((a) => (typeof a === 'string' ? a : a.answer)) ?? null),
  ),
};

function answerRules<T extends { question_type_id: number; answers: string[] | null }>(value: T, ctx: z.core.$RefinementCtx) {
  if (value.answers?.some((a) => a.length > ANSWER_MAX)) {
    ctx.addIssue({ code: 'custom', path: ['answers'], message: M.answerTooLong });
    return;
  }
  const result = normalizeAnswers(value);
  if ('error' in result) ctx.addIssue({ code: 'custom', path: ['answers'], message: result.error });
}

/** POST api/rubric/{id}/add-question */
export const addQuestionRequestSchema = z.object(questionFields).check(z.superRefine(answerRules));
export type AddQuestionRequest = z.infer<typeof addQuestionRequestSchema>;

/** POST api/rubric/{id}/edit-question */
export const editQuestionRequestSchema = z.object({ question_id: id, ...questionFields }).check(z.superRefine(answerRules));
export type EditQuestionRequest = z.infer<typeof editQuestionRequestSchema>;

const rubricName = z
  .string({ error: M.nameRequired })
  .check(z.maxLength(RUBRIC_NAME_MAX, { error: M.nameTooLong }))
  .check(z.refine((s) => s.trim() !== '', { error: M.nameRequired }));
const instructions = z.nullish(z.string().check(z.maxLength(RUBRIC_INSTRUCTIONS_MAX, { error: M.instructionsTooLong })));
const displayType = numeric(
  z
    .number({ error: M.displayTypeInvalid })
    .check(z.gte(0, { error: M.displayTypeInvalid }))
    .check(z.lte(MAX_ID, { error: M.displayTypeInvalid }))
    .check(z.refine((n) => (RUBRIC_DISPLAY_TYPES as readonly number[]).includes(n), { error: M.displayTypeInvalid })),
);

/** POST api/rubric/create: everything optional; the name defaults to 'Untitled Rubric'. */
export const createRubricRequestSchema = z.object({
  name: z.optional(rubricName),
  learner_instructions: instructions,
  scorer_instructions: instructions,
  display_type: z.optional(displayType),
});
export type CreateRubricRequest = z.infer<typeof createRubricRequestSchema>;

export const RUBRIC_FIELDS = ['name', 'learner_instructions', 'scorer_instructions', 'display_type'] as const;
export type RubricField = (typeof RUBRIC_FIELDS)[number];

/** POST api/rubric/save-field {rubric_id, field, value}: the value's rule depends on the field. */
export const saveRubricFieldRequestSchema = z.pipe(
  z.object({
    rubric_id: id,
    field: z.enum(RUBRIC_FIELDS, { error: 'This field cannot be saved.' }),
    value: z.optional(z.union([z.string(), z.number().check(z.gte(-MAX_ID)).check(z.lte(MAX_ID)), z.null()])),
  }),
  z.transform((v, ctx) => {
    const schema = v.field === 'name' ? rubricName : v.field === 'display_type' ? displayType : instructions;
    const parsed = schema.safeParse(v.value ?? (v.field === 'name' || v.field === 'display_type' ? undefined : null));
    if (!parsed.success) {
      // zod/mini's transform has no addIssue: the issues go on the payload, as classic's addIssue puts them.
      for (const issue of parsed.error.issues) ctx.issues.push({ code: 'custom', path: ['value'], message: issue.message, input: v.value });
      return z.NEVER;
    }
    const value = v.field === 'name' ? String(parsed.data).trim() : (parsed.data ?? null);
    return { rubric_id: v.rubric_id, field: v.field, value: value as string | number | null };
  }),
);
export type SaveRubricFieldRequest = z.infer<typeof saveRubricFieldRequestSchema>;

export const cloneRubricRequestSchema = z.object({ rubric_id: id });
export const reorderRubricRequestSchema = z.object({
  order: z
    .array(z.number().check(z.int()).check(z.positive()).check(z.lte(MAX_ID)), { error: M.reorderMismatch })
    .check(z.maxLength(500, { error: M.reorderMismatch })),
});
export const rubricIdParamsSchema = z.object({ id });
export const rubricQuestionParamsSchema = z.object({ id, qid: id });
export const rubricListQuerySchema = z.object({
  page_start: z._default(numeric(z.number().check(z.int()).check(z.gte(0)).check(z.lte(1_000_000))), 0),
});

export const questionSchema = z.object({
  id: z.number(),
  question: z.string(),
  short_description: z.nullable(z.string()),
  question_type_id: z.number(),
  answers: z.array(z.object({ id: z.number(), answer: z.string() })),
});
export type Question = z.infer<typeof questionSchema>;

export const rubricSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  is_published: z.union([z.literal(0), z.literal(1)]),
  display_type: z.number(),
  learner_instructions: z.nullable(z.string()),
  scorer_instructions: z.nullable(z.string()),
  creator: z.object({ id: z.number(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  question_count: z.number(),
});
export type RubricSummary = z.infer<typeof rubricSummarySchema>;

export const rubricDetailSchema = z.extend(rubricSummarySchema, {
  questions: z.array(questionSchema),
  rubric_questions: z.array(z.object({ question_id: z.number(), position: z.number(), question: questionSchema })),
});
export type RubricDetail = z.infer<typeof rubricDetailSchema>;

export const rubricListResponseSchema = z.object({ rubrics: z.array(rubricSummarySchema) });
export const rubricAllResponseSchema = z.object({
  drafts: z.array(rubricSummarySchema),
  published: z.array(rubricSummarySchema),
  drafts_total: z.number(),
  published_total: z.number(),
});
export const rubricDetailResponseSchema = z.object({ rubric: rubricDetailSchema });
export const rubricCreatedResponseSchema = z.object({ rubric_id: z.number(), message: z.string() });
export const rubricQuestionResponseSchema = z.object({ message: z.string(), question: questionSchema });
export const rubricFieldSavedResponseSchema = z.object({
  message: z.string(),
  field: z.enum(RUBRIC_FIELDS),
  value: z.union([z.string(), z.number(), z.null()]),
});
/** POST api/rubric/{id}/publish: the published (now read-only) rubric and the notice. */
export const rubricPublishedResponseSchema = z.extend(rubricDetailResponseSchema, { message: z.string() });
