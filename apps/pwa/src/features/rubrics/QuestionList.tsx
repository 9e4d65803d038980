import type { Question, RubricDetail } from '@simvisit/schema';
import { type MoveAnnouncement, SortableList } from '@simvisit/ui/sortable-list';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyReorderFailure } from '../../platform/notices';
import { questionPlainText } from '../../platform/rich-text';
import { REORDER_WARNING } from './notices';
import { ItemActions, QuestionView } from './QuestionView';
import { reorderQuestions, rubricKeys, withQuestionOrder } from './rubrics-api';

/** What a screen reader hears while a question is dragged. */
function announce({ kind, from, to, count }: MoveAnnouncement<Question>): string {
  if (kind === 'start') return `Picked up question ${from} of ${count}.`;
  if (kind === 'cancel') return `Moving cancelled. Question ${from} is back in its place.`;
  if (kind === 'over') return to !== null ? `Question ${from} is over position ${to} of ${count}.` : 'The question is not over a position.';
  return to !== null ? `Question ${from} dropped at position ${to} of ${count}.` : 'The question was dropped.';
}

export interface QuestionListProps {
  rubric: RubricDetail;
  /** A draft the person may change while online: handles, Edit and Delete are shown. */
  editable: boolean;
  onEdit: (question: Question) => void;
  onDelete: (question: Question) => void;
}

/**
 * The rubric's questions in order (spec 001 §2). In a draft they can be reordered by dragging a handle; the
 * new order shows at once and is sent to the server; if the server refuses it, the warning of spec 001 §8
 * appears and the old order comes back.
 */
export function QuestionList({ rubric, editable, onEdit, onDelete }: QuestionListProps) {
  const queryClient = useQueryClient();
  const reorder = useMutation({
    mutationFn: (order: number[]) => reorderQuestions(rubric.id, order),
    onSuccess: (_, order) => {
      queryClient.setQueryData<RubricDetail>(rubricKeys.detail(rubric.id), (r) => (r ? withQuestionOrder(r, order) : r));
    },
    onError: (error) => {
      notifyReorderFailure(REORDER_WARNING, error);
      void queryClient.invalidateQueries({ queryKey: rubricKeys.detail(rubric.id) });
    },
  });

  return (
    <SortableList
      items={rubric.questions}
      label="Questions"
      itemNoun="a question"
      announce={announce}
      handleLabel={editable ? (question, number) => `Move question ${number}: ${questionPlainText(question.question)}` : undefined}
      onReorder={reorder.mutateAsync}
      renderItem={(question, number) => (
        <>
          <QuestionView question={question} number={number} />
          {editable ? (
            <ItemActions
              edit={{ label: `Edit question ${number}`, onClick: () => onEdit(question) }}
              remove={{ label: `Delete question ${number}`, text: 'Delete', onClick: () => onDelete(question) }}
            />
          ) : null}
        </>
      )}
    />
  );
}
