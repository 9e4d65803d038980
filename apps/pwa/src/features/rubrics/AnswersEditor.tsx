import { ANSWER_MAX, MULTIPLE_CHOICE_MAX_ANSWERS, QUESTION_TYPE, type QuestionTypeId, RUBRIC_MESSAGES } from '@simvisit/schema';
import { Button, cn, PlusIcon, TrashIcon } from '@simvisit/ui';
import { useEffect, useRef } from 'react';
import type { QuestionDraft } from './question-draft';

export interface AnswersEditorProps {
  idPrefix: string;
  draft: QuestionDraft;
  error: string | null;
  onChange: (typeId: QuestionTypeId, answers: string[]) => void;
}

const INPUT = 'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2';

/**
 * The answers of a question by type (spec 001 §5): multiple choice 2 to 6 answers with add and remove;
 * true/false always Yes and No; Likert exactly five labels, prefilled with the defaults; long fill none.
 */
export function AnswersEditor({ idPrefix, draft, error, onChange }: AnswersEditorProps) {
  const errorId = `${idPrefix}-error`;
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focusIndex = useRef<number | null>(null);
  const typeId = draft.typeId === '' ? null : (Number(draft.typeId) as QuestionTypeId);
  const answers = typeId === null ? [] : draft.answers[typeId];

  // After Add the new answer gets the focus; after Remove the answer now in that place does.
  useEffect(() => {
    if (focusIndex.current === null) return;
    inputs.current[Math.min(focusIndex.current, answers.length - 1)]?.focus();
    focusIndex.current = null;
  });

  if (typeId === null) {
    return <p className="text-sm text-slate-500">Choose a question type to set its answers.</p>;
  }

  const message = error ? (
    <p id={errorId} role="alert" className="text-sm text-red-700">
      {error}
    </p>
  ) : null;

  if (typeId === QUESTION_TYPE.long_fill) {
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-700">Answers</p>
        <p className="text-sm text-slate-600">
          Long fill questions are answered in the scorer&apos;s own words; there are no answers to set.
        </p>
        {message}
      </div>
    );
  }

  if (typeId === QUESTION_TYPE.true_false) {
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-700">Answers</p>
        <ul aria-label="True/false answers" className="flex gap-2">
          {answers.map((a) => (
            <li key={a} className="rounded-md border border-slate-200 bg-slate-50 px-3 py-1.5 text-sm text-slate-800">
              {a}
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-500">True/false questions always offer Yes and No.</p>
        {message}
      </div>
    );
  }

  const likert = typeId === QUESTION_TYPE.likert;
  const emptyError = error === RUBRIC_MESSAGES.emptyAnswers;
  const set = (index: number, value: string) =>
    onChange(
      typeId,
      answers.map((a, i) => (i === index ? value : a)),
    );
  const add = () => {
    focusIndex.current = answers.length;
    onChange(typeId, [...answers, '']);
  };
  const remove = (index: number) => {
    focusIndex.current = index;
    onChange(
      typeId,
      answers.filter((_, i) => i !== index),
    );
  };

  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">
        Answers{' '}
        <span className="font-normal text-slate-500">
          {likert ? '(exactly 5, from lowest to highest on the scale)' : `(2 to ${MULTIPLE_CHOICE_MAX_ANSWERS})`}
        </span>
      </legend>
      <ol className="space-y-2">
        {answers.map((answer, index) => {
          const id = `${idPrefix}-${index}`;
          const invalid = Boolean(error) && (!emptyError || answer.trim() === '');
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: answers are edited in place and have no identity of their own
            <li key={index} className="flex items-center gap-2">
              <label htmlFor={id} className="w-20 shrink-0 text-sm text-slate-600">
                {likert ? `Scale ${index + 1}` : `Answer ${index + 1}`}
              </label>
              <input
                id={id}
                ref={(el) => {
                  inputs.current[index] = el;
                }}
                type="text"
                value={answer}
                maxLength={ANSWER_MAX}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? errorId : undefined}
                onChange={(e) => set(index, e.target.value)}
                className={cn(
                  INPUT,
                  invalid ? 'border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200',
                )}
              />
              {likert ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove answer ${index + 1}`}
                  title="Remove answer"
                  disabled={answers.length <= 1}
                  onClick={() => remove(index)}
                >
                  <TrashIcon className="size-4" />
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {likert ? null : (
        <Button variant="secondary" size="sm" onClick={add} disabled={answers.length >= MULTIPLE_CHOICE_MAX_ANSWERS}>
          <PlusIcon className="size-4" />
          Add Answer
        </Button>
      )}
      {message}
    </fieldset>
  );
}
