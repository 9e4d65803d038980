import { type FormItem, type Question, SCENARIO_FORM_MESSAGES, type ScenarioForm } from '@simvisit/schema';
import { type MoveAnnouncement, SortableList } from '@simvisit/ui/sortable-list';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyReorderFailure } from '../../platform/notices';
import { questionPlainText } from '../../platform/rich-text';
import { ItemActions, QuestionView } from '../rubrics';
import { formCalls, scenarioFormKeys } from './scenario-forms-api';

/** What an item is called in labels and announcements: its question's words or its rubric's name. */
export function itemLabel(item: FormItem, max = 80): string {
  const text = item.type === 'rubric' ? item.rubric.name : questionPlainText(item.question.question);
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** What a screen reader hears while an item is dragged: the item by name. */
function announce({ kind, item, from, to, count }: MoveAnnouncement<FormItem>): string {
  const name = item ? itemLabel(item, 60) : 'The item';
  if (kind === 'start') return `Picked up ${name}, item ${from} of ${count}.`;
  if (kind === 'cancel') return `Moving cancelled. ${name} is back in its place.`;
  if (kind === 'over') return to !== null ? `${name} is over position ${to} of ${count}.` : `${name} is not over a position.`;
  return to !== null ? `${name} dropped at position ${to} of ${count}.` : `${name} was dropped.`;
}

export interface FormItemListProps {
  form: ScenarioForm;
  /** Questions may be edited (Edit buttons). */
  editable: boolean;
  /** Items may be dragged into a new order. */
  canReorder: boolean;
  /** Questions and rubrics may be removed (Delete / Remove buttons). */
  canRemove: boolean;
  onEdit: (question: Question) => void;
  onRemove: (item: FormItem) => void;
}

/**
 * The form's items in order (spec 001 §3): its own questions and attached rubrics with their questions.
 * Where the status allows it they are reordered by dragging a handle; the new order shows at once and is
 * sent; if the server refuses it, the warning of spec 001 §8 appears and the server's order comes back.
 */
export function FormItemList({ form, editable, canReorder, canRemove, onEdit, onRemove }: FormItemListProps) {
  const queryClient = useQueryClient();
  const key = scenarioFormKeys.form(form.kind, form.scenario_id);
  const reorder = useMutation({
    mutationFn: (order: number[]) => formCalls.reorder(form, order),
    onSuccess: (result) => queryClient.setQueryData(key, result.form),
    onError: (error) => {
      notifyReorderFailure(SCENARIO_FORM_MESSAGES.reorderError, error);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  return (
    <SortableList
      items={form.items}
      label="Questions and rubrics"
      itemNoun="an item"
      announce={announce}
      handleLabel={canReorder ? (item) => `Reorder ${itemLabel(item)}` : undefined}
      onReorder={reorder.mutateAsync}
      renderItem={(item, number) => (
        <>
          {item.type === 'question' ? (
            <QuestionView question={item.question} number={number} />
          ) : (
            <RubricBody rubric={item.rubric} number={number} />
          )}
          <ItemActions
            edit={
              item.type === 'question' && editable ? { label: `Edit question ${number}`, onClick: () => onEdit(item.question) } : undefined
            }
            remove={
              !canRemove
                ? undefined
                : item.type === 'question'
                  ? { label: `Delete question ${number}`, text: 'Delete', onClick: () => onRemove(item) }
                  : { label: `Remove rubric ${item.rubric.name}`, text: 'Remove', onClick: () => onRemove(item) }
            }
          />
        </>
      )}
    />
  );
}

/** An attached rubric as the scorer will meet it: its name, instructions and questions (read-only here). */
function RubricBody({ rubric, number }: { rubric: Extract<FormItem, { type: 'rubric' }>['rubric']; number: number }) {
  return (
    <section aria-label={`Rubric ${rubric.name}`} className="space-y-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-1 gap-2">
          <span className="shrink-0 font-semibold text-slate-500" aria-hidden="true">
            {number}.
          </span>
          <h4 className="min-w-0 flex-1 text-sm font-semibold break-words text-slate-900">{rubric.name}</h4>
        </div>
        <span className="shrink-0 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800">Rubric</span>
      </div>
      {rubric.learner_instructions ? <Instructions label="Learner instructions" text={rubric.learner_instructions} /> : null}
      {rubric.scorer_instructions ? <Instructions label="Scorer instructions" text={rubric.scorer_instructions} /> : null}
      <ol aria-label={`Questions of ${rubric.name}`} className="space-y-2 border-l-2 border-slate-100 pl-3">
        {rubric.questions.map((q, i) => (
          <li key={q.id} className="space-y-1.5">
            <QuestionView question={q} number={`${number}.${i + 1}`} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Instructions({ label, text }: { label: string; text: string }) {
  return (
    <p className="text-sm whitespace-pre-line text-slate-600">
      <span className="font-medium text-slate-700">{label}: </span>
      {text}
    </p>
  );
}
