import {
  type FormItem,
  SCENARIO_FORM_MESSAGES as M,
  type Question,
  SCENARIO_FORM_LABELS,
  type ScenarioForm,
  type ScenarioFormKind,
} from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, ConfirmDialog, PlusIcon, Spinner, SwitchField } from '@simvisit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { useSyncState } from '../../platform/sync';
import { loadRichTextEditor, QuestionModal, type QuestionSaveRequest } from '../rubrics';
import { AttachRubricModal } from './AttachRubricModal';
import { FormItemList, itemLabel } from './FormItemList';
import { InstructionsEditor } from './InstructionsEditor';
import { formCalls, scenarioFormKeys, useScenarioForm } from './scenario-forms-api';

export interface ScenarioFormBuilderProps {
  scenarioId: number;
  kind: ScenarioFormKind;
  /** The page's view of what the caller may do; the server's answer narrows it further. */
  editable: boolean;
  canReorder: boolean;
  canRemove: boolean;
}

/**
 * One of the scenario's forms (spec 001 §2 main tabs 'Observer Scorecard', 'SP Scorecard', 'Participant
 * Feedback'): its on/off switch, instructions, and ordered questions and rubrics, with add, edit, attach,
 * remove and drag reorder where the scenario's status allows it (spec 001 §4). Changes need the server, so
 * the controls are off while offline.
 */
export function ScenarioFormBuilder({ scenarioId, kind, editable, canReorder, canRemove }: ScenarioFormBuilderProps) {
  const query = useScenarioForm(kind, scenarioId);
  const label = SCENARIO_FORM_LABELS[kind].tab;
  if (query.isError) {
    return (
      <Alert tone="danger" role="alert" title={`Error loading the ${label}`}>
        <p>{errorMessage(query.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  if (query.isPending) return <Spinner label={`Loading the ${label}`} />;
  return <Builder form={query.data} allowed={{ editable, canReorder, canRemove }} />;
}

type Dialog =
  // The question modal: a new question, or the one to edit.
  { kind: 'question'; question?: Question } | { kind: 'attach-rubric' } | { kind: 'remove'; item: FormItem };

function Builder({ form, allowed }: { form: ScenarioForm; allowed: { editable: boolean; canReorder: boolean; canRemove: boolean } }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const { online } = useSyncState();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const label = SCENARIO_FORM_LABELS[form.kind];
  const key = scenarioFormKeys.form(form.kind, form.scenario_id);
  const store = (next: ScenarioForm) => queryClient.setQueryData(key, next);
  const saveQuestion = async (request: QuestionSaveRequest) => {
    const saved =
      request.kind === 'edit' ? await formCalls.editQuestion(form, request.body) : await formCalls.addQuestion(form, request.body);
    store(saved.form);
    return saved;
  };

  const mayEdit = online && allowed.editable && form.abilities.can_edit;
  const mayReorder = online && allowed.canReorder && form.abilities.can_reorder;
  const mayRemove = online && allowed.canRemove && form.abilities.can_remove;
  const readOnly = !(allowed.editable && form.abilities.can_edit) && !(allowed.canReorder && form.abilities.can_reorder);

  // Questions will likely be added: fetch the editor's code now so the modal opens without a wait.
  useEffect(() => {
    if (mayEdit) void loadRichTextEditor().catch(() => undefined);
  }, [mayEdit]);

  const enable = useMutation({
    mutationFn: (on: boolean) => formCalls.enable(form, on),
    onSuccess: (result) => {
      store(result.form);
      notifySuccess(result.message);
    },
    onError: (e) => notifyFailure(M.enableError(form.kind), e),
  });

  const remove = useMutation({
    mutationFn: (item: FormItem) =>
      item.type === 'question' ? formCalls.removeQuestion(form, item.question.id) : formCalls.removeRubric(form, item.rubric.id),
    onSuccess: (result) => {
      store(result.form);
      notifySuccess(result.message);
    },
    onError: (e, item) => notifyFailure(item.type === 'question' ? M.deleteError : 'Error removing rubric.', e),
    onSettled: () => setDialog(null),
  });

  const empty = form.items.length === 0;
  const questionCount = form.items.reduce((n, i) => n + (i.type === 'question' ? 1 : i.rubric.questions.length), 0);
  const headingId = `${ids}-heading`;

  return (
    <div className="space-y-4">
      {!online ? (
        <Alert tone="warning" role="status" title="You are offline">
          The {label.tab} can be changed once the connection is back.
        </Alert>
      ) : null}
      <Card aria-labelledby={headingId}>
        <CardHeader
          title={
            <span id={headingId}>
              {label.tab}{' '}
              <span className="font-normal text-slate-500">
                ({questionCount} question{questionCount === 1 ? '' : 's'})
              </span>
            </span>
          }
          actions={
            mayEdit ? (
              <>
                <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'attach-rubric' })}>
                  <PlusIcon className="size-4" />
                  Attach Rubric
                </Button>
                <Button size="sm" onClick={() => setDialog({ kind: 'question' })}>
                  <PlusIcon className="size-4" />
                  Add Question
                </Button>
              </>
            ) : null
          }
        />
        <CardBody className="space-y-4">
          <SwitchField
            id={`${ids}-enabled`}
            label={`Enable ${label.tab}`}
            description={`When on, the ${label.tab} is part of every visit of this scenario.`}
            note={empty && form.is_enabled === 0 && mayEdit ? M.emptyForm(form.kind) : undefined}
            checked={form.is_enabled === 1}
            disabled={!mayEdit || (empty && form.is_enabled === 0)}
            busy={enable.isPending}
            onCheckedChange={(on) => enable.mutate(on)}
          />
          <InstructionsEditor form={form} editable={mayEdit} />
          {readOnly && online ? (
            <p className="text-sm text-slate-600">The {label.tab} cannot be changed in the scenario's current status.</p>
          ) : null}
          {empty ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
              The {label.tab} has no questions yet.{mayEdit ? ' Add a question or attach a published rubric.' : ''}
            </p>
          ) : (
            <FormItemList
              form={form}
              editable={mayEdit}
              canReorder={mayReorder}
              canRemove={mayRemove}
              onEdit={(question) => setDialog({ kind: 'question', question })}
              onRemove={(item) => setDialog({ kind: 'remove', item })}
            />
          )}
        </CardBody>
      </Card>

      {dialog?.kind === 'question' ? (
        <QuestionModal question={dialog.question} online={online} onClose={() => setDialog(null)} save={saveQuestion} />
      ) : null}
      {dialog?.kind === 'attach-rubric' ? (
        <AttachRubricModal form={form} online={online} onClose={() => setDialog(null)} onAttached={store} />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <ConfirmDialog
          title={dialog.item.type === 'question' ? 'Delete Question' : 'Remove Rubric'}
          description={
            dialog.item.type === 'question'
              ? `Delete the question “${itemLabel(dialog.item, 120)}” from the ${label.tab}?`
              : `Remove the rubric “${itemLabel(dialog.item, 120)}” from the ${label.tab}? The rubric itself is kept.`
          }
          confirmLabel={dialog.item.type === 'question' ? 'Delete Question' : 'Remove Rubric'}
          tone="danger"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(dialog.item)}
          onCancel={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
