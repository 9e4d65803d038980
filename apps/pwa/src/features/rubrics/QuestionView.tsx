import { QUESTION_TYPE, QUESTION_TYPE_LABELS, type Question } from '@simvisit/schema';
import { Button, PencilIcon, TrashIcon } from '@simvisit/ui';
import { QuestionHtml } from '../../platform/rich-text';
import { isQuestionType } from './question-draft';

/**
 * A question as a scorer will meet it, in rubric and scenario form lists: its number, words, type, short
 * description and answers.
 */
export function QuestionView({ question, number }: { question: Question; number: number | string }) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-1 gap-2">
          <span className="shrink-0 font-semibold text-slate-500" aria-hidden="true">
            {number}.
          </span>
          <QuestionHtml html={question.question} className="min-w-0 flex-1 text-sm text-slate-900" />
        </div>
        <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">
          {isQuestionType(question.question_type_id) ? QUESTION_TYPE_LABELS[question.question_type_id] : 'Unknown type'}
        </span>
      </div>
      {question.short_description ? <p className="text-sm text-slate-600">{question.short_description}</p> : null}
      <AnswersView question={question} />
    </>
  );
}

/** The answers as a scorer will see them: choices, Yes/No, the Likert scale, or a free-text note. */
function AnswersView({ question }: { question: Question }) {
  if (question.question_type_id === QUESTION_TYPE.long_fill || question.answers.length === 0) {
    return <p className="text-sm text-slate-500 italic">Answered in free text.</p>;
  }
  const likert = question.question_type_id === QUESTION_TYPE.likert;
  return (
    <ol aria-label="Answers" className="flex flex-wrap gap-1.5">
      {question.answers.map((a, i) => (
        <li key={a.id} className="rounded-md border border-slate-200 bg-slate-50 px-2 py-1 text-xs text-slate-700">
          {likert ? <span className="mr-1 font-semibold text-slate-500">{i + 1}</span> : null}
          {a.answer}
        </li>
      ))}
    </ol>
  );
}

export interface ItemActionsProps {
  /** The Edit button's accessible name and action; none hides it. */
  edit?: { label: string; onClick: () => void };
  /** The red button's accessible name, visible text ('Delete' or 'Remove') and action; none hides it. */
  remove?: { label: string; text: string; onClick: () => void };
}

/** A list row's Edit and Delete (or Remove) buttons, right-aligned under its content. */
export function ItemActions({ edit, remove }: ItemActionsProps) {
  if (!edit && !remove) return null;
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {edit ? (
        <Button variant="ghost" size="sm" onClick={edit.onClick} aria-label={edit.label}>
          <PencilIcon className="size-4" />
          <span aria-hidden="true">Edit</span>
        </Button>
      ) : null}
      {remove ? (
        <Button variant="ghost" size="sm" onClick={remove.onClick} aria-label={remove.label} className="text-red-700 hover:bg-red-50">
          <TrashIcon className="size-4" />
          <span aria-hidden="true">{remove.text}</span>
        </Button>
      ) : null}
    </div>
  );
}
