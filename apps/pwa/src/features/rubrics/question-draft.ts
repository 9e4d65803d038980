import { LIKERT_DEFAULT_ANSWERS, QUESTION_TYPE, type Question, type QuestionTypeId, TRUE_FALSE_ANSWERS } from '@simvisit/schema';

/**
 * The question modal's form state. Each type keeps its own answers while the author switches between
 * types, so trying Likert and coming back to multiple choice does not lose what was typed.
 */
export interface QuestionDraft {
  /** '' until a type is chosen (the select's placeholder). */
  typeId: '' | `${QuestionTypeId}`;
  question: string;
  shortDescription: string;
  answers: Record<QuestionTypeId, string[]>;
}

/** Fresh answers of each type (spec 001 §5): two blank choices, Yes/No, the Likert defaults, none. */
function defaultAnswers(): Record<QuestionTypeId, string[]> {
  return {
    [QUESTION_TYPE.multiple_choice]: ['', ''],
    [QUESTION_TYPE.true_false]: [...TRUE_FALSE_ANSWERS],
    [QUESTION_TYPE.long_fill]: [],
    [QUESTION_TYPE.likert]: [...LIKERT_DEFAULT_ANSWERS],
  };
}

export function isQuestionType(n: number): n is QuestionTypeId {
  return n === 1 || n === 2 || n === 3 || n === 4;
}

export function newQuestionDraft(): QuestionDraft {
  return { typeId: '', question: '', shortDescription: '', answers: defaultAnswers() };
}

export function draftOf(question: Question): QuestionDraft {
  const answers = defaultAnswers();
  const type = question.question_type_id;
  if (isQuestionType(type) && type !== QUESTION_TYPE.true_false) answers[type] = question.answers.map((a) => a.answer);
  return {
    typeId: isQuestionType(type) ? (String(type) as QuestionDraft['typeId']) : '',
    question: question.question,
    shortDescription: question.short_description ?? '',
    answers,
  };
}

/** The answers of the chosen type, or none before a type is chosen. */
export function currentAnswers(draft: QuestionDraft): string[] {
  return draft.typeId === '' ? [] : draft.answers[Number(draft.typeId) as QuestionTypeId];
}

/** The request body as the shared schemas read it (they give the spec's messages). */
export function bodyOf(draft: QuestionDraft) {
  return {
    question_type_id: draft.typeId === '' ? undefined : Number(draft.typeId),
    question: draft.question,
    short_description: draft.shortDescription.trim() || null,
    answers: currentAnswers(draft),
  };
}
