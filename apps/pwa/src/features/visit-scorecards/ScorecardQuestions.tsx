import { type FormItem, LIKERT_ANSWER_COUNT, QUESTION_TYPE, type Question, responseErrorKey } from '@simvisit/schema';
import { cn } from '@simvisit/ui';
import type { ReactNode } from 'react';
import { QuestionHtml } from '../../platform/rich-text';

/**
 * The questions of a scorecard form (spec 002 §2.3): each item is a question or a rubric; a rubric shows its name
 * and instructions, and its questions as two-column rows (display_type 1) or as cards (any other). Question text
 * is HTML, sanitized before it is shown (QuestionHtml). With `onAnswer` the questions take answers (radio groups
 * for choices and the Likert scale, a text box for long fill) and show 'Response is required' under an open one;
 * without it they show the answers given.
 */
export interface ScorecardQuestionsProps {
  items: readonly FormItem[];
  answers: ReadonlyMap<number, unknown>;
  onAnswer?: (questionId: number, value: number | string) => void;
  /** field errors by `responses.{question_id}` */
  errors?: Record<string, string[]>;
  /** which rubric instructions to show: the scorer's, or the learner's */
  reader: 'scorer' | 'learner';
  /** makes element ids unique when several forms are on the page */
  idPrefix: string;
}

export function ScorecardQuestions({ items, answers, onAnswer, errors, reader, idPrefix }: ScorecardQuestionsProps) {
  let number = 0;
  return (
    <ol className="space-y-6">
      {items.map((item) => {
        if (item.type === 'question') {
          number += 1;
          return (
            <li key={`q-${item.id}`} className="rounded-lg border border-slate-200 p-4">
              <QuestionBlock
                question={item.question}
                number={number}
                answer={answers.get(item.question.id)}
                onAnswer={onAnswer}
                error={errors?.[responseErrorKey(item.question.id)]?.[0]}
                idPrefix={idPrefix}
              />
            </li>
          );
        }
        const rubric = item.rubric;
        const instructions = reader === 'scorer' ? rubric.scorer_instructions : rubric.learner_instructions;
        const rows = rubric.display_type === 1;
        const first = number;
        number += rubric.questions.length;
        return (
          <li key={`r-${item.id}`} className="rounded-lg border border-slate-200">
            <section aria-label={rubric.name}>
              <header className="border-b border-slate-100 bg-slate-50 px-4 py-3">
                <h3 className="font-semibold text-slate-900">{rubric.name}</h3>
                {instructions ? <p className="mt-1 text-sm whitespace-pre-line text-slate-600">{instructions}</p> : null}
              </header>
              <ol className={cn(rows ? 'divide-y divide-slate-100 px-4' : 'grid gap-3 p-4 md:grid-cols-2')}>
                {rubric.questions.map((q, i) => (
                  <li
                    key={q.id}
                    className={rows ? 'grid gap-3 py-4 md:grid-cols-2 md:items-start' : 'rounded-lg border border-slate-200 p-4'}
                  >
                    <QuestionBlock
                      question={q}
                      number={first + i + 1}
                      answer={answers.get(q.id)}
                      onAnswer={onAnswer}
                      error={errors?.[responseErrorKey(q.id)]?.[0]}
                      idPrefix={idPrefix}
                      layout={rows ? 'row' : 'stack'}
                    />
                  </li>
                ))}
              </ol>
            </section>
          </li>
        );
      })}
    </ol>
  );
}

interface QuestionBlockProps {
  question: Question;
  number: number;
  answer: unknown;
  onAnswer?: (questionId: number, value: number | string) => void;
  error?: string;
  idPrefix: string;
  layout?: 'row' | 'stack';
}

function QuestionBlock({ question, number, answer, onAnswer, error, idPrefix, layout = 'stack' }: QuestionBlockProps) {
  const base = `${idPrefix}-q${question.id}`;
  const textId = `${base}-text`;
  const errorId = `${base}-error`;
  const text = (
    <div className="flex gap-2">
      <span className="shrink-0 font-semibold text-slate-500" aria-hidden="true">
        {number}.
      </span>
      <div className="min-w-0 flex-1">
        <div id={textId}>
          <QuestionHtml html={question.question} className="text-sm text-slate-900" />
        </div>
        {question.short_description ? <p className="mt-1 text-xs text-slate-500">{question.short_description}</p> : null}
      </div>
    </div>
  );
  const control = onAnswer ? (
    <AnswerControl
      question={question}
      answer={answer}
      onAnswer={onAnswer}
      base={base}
      textId={textId}
      errorId={error ? errorId : undefined}
    />
  ) : (
    <GivenAnswer question={question} answer={answer} />
  );
  return (
    <div className={layout === 'row' ? 'contents' : 'space-y-3'} data-testid={`scorecard-question-${question.id}`}>
      {text}
      <div className="space-y-1">
        {control}
        {error ? (
          <p id={errorId} className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The choices of a question: its answers, or the five Likert points (value 1–5) with their words. */
function choicesOf(question: Question): { value: number; label: ReactNode; name: string }[] {
  if (question.question_type_id === QUESTION_TYPE.likert) {
    return Array.from({ length: LIKERT_ANSWER_COUNT }, (_, i) => {
      const words = question.answers[i]?.answer ?? '';
      return {
        value: i + 1,
        name: words ? `${i + 1} ${words}` : String(i + 1),
        label: (
          <>
            <span className="font-semibold">{i + 1}</span>
            {words ? <span className="text-slate-600"> {words}</span> : null}
          </>
        ),
      };
    });
  }
  return question.answers.map((a) => ({ value: a.id, name: a.answer, label: a.answer }));
}

interface AnswerControlProps {
  question: Question;
  answer: unknown;
  onAnswer: (questionId: number, value: number | string) => void;
  base: string;
  textId: string;
  errorId?: string;
}

function AnswerControl({ question, answer, onAnswer, base, textId, errorId }: AnswerControlProps) {
  if (question.question_type_id === QUESTION_TYPE.long_fill) {
    return (
      <textarea
        id={`${base}-answer`}
        aria-labelledby={textId}
        aria-describedby={errorId}
        aria-invalid={errorId ? true : undefined}
        rows={4}
        maxLength={10_000}
        value={typeof answer === 'string' ? answer : ''}
        onChange={(e) => onAnswer(question.id, e.target.value)}
        className={cn(
          'block w-full resize-y rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:ring-2 focus:outline-none',
          errorId ? 'border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200',
        )}
      />
    );
  }
  const known =
    question.question_type_id === QUESTION_TYPE.likert ||
    question.question_type_id === QUESTION_TYPE.multiple_choice ||
    question.question_type_id === QUESTION_TYPE.true_false;
  if (!known) return <p className="text-sm text-red-700">Invalid question type</p>;
  const chosen = typeof answer === 'number' ? answer : typeof answer === 'string' && /^\d+$/.test(answer) ? Number(answer) : null;
  const likert = question.question_type_id === QUESTION_TYPE.likert;
  return (
    <div
      role="radiogroup"
      aria-labelledby={textId}
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
      className={cn('flex gap-2', likert ? 'flex-wrap' : 'flex-col')}
    >
      {choicesOf(question).map((c) => (
        <label
          key={c.value}
          className={cn(
            // At least 44 px each way: the label is the touch target of its radio button (decision 0090).
            'flex min-h-11 min-w-11 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm',
            chosen === c.value
              ? 'border-brand-500 bg-brand-50 text-brand-900'
              : 'border-slate-200 bg-white text-slate-800 hover:bg-slate-50',
          )}
        >
          <input
            type="radio"
            name={`${base}-answer`}
            value={c.value}
            checked={chosen === c.value}
            onChange={() => onAnswer(question.id, c.value)}
            aria-label={c.name}
            className="size-4 accent-brand-600"
          />
          <span aria-hidden="true">{c.label}</span>
        </label>
      ))}
    </div>
  );
}

/** An answer as given, read-only. */
function GivenAnswer({ question, answer }: { question: Question; answer: unknown }) {
  if (answer === undefined || answer === null || answer === '') return <p className="text-sm text-slate-500 italic">No answer</p>;
  if (question.question_type_id === QUESTION_TYPE.long_fill) {
    return <p className="rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-900">{String(answer)}</p>;
  }
  const value = Number(answer);
  const choice = choicesOf(question).find((c) => c.value === value);
  return (
    <p className="inline-flex rounded-md border border-brand-200 bg-brand-50 px-3 py-1.5 text-sm text-brand-900" data-testid="given-answer">
      {choice ? choice.name : String(answer)}
    </p>
  );
}
