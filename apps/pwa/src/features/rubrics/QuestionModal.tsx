import {
  type AddQuestionRequest,
  addQuestionRequestSchema,
  type EditQuestionRequest,
  editQuestionRequestSchema,
  QUESTION_TYPE_LABELS,
  type Question,
  SHORT_DESCRIPTION_MAX,
} from '@simvisit/schema';
import { Alert, Button, Modal, SelectField, Spinner, TextField } from '@simvisit/ui';
import { type FormEvent, lazy, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useApiForm } from '../../lib/api-form';
import type { FieldErrors } from '../../lib/form-errors';
import { notifySuccess } from '../../platform/notices';
import { loadRichTextEditor } from '../../platform/rich-text';
import { AnswersEditor } from './AnswersEditor';
import { bodyOf, draftOf, newQuestionDraft, type QuestionDraft } from './question-draft';

const RichTextEditor = lazy(() => loadRichTextEditor().then((m) => ({ default: m.RichTextEditor })));

const TYPE_OPTIONS = Object.entries(QUESTION_TYPE_LABELS).map(([value, label]) => ({ value, label }));
/** The fields this form shows messages under; anything else goes in the alert at the top. */
const SHOWN_FIELDS = ['question_type_id', 'question', 'short_description', 'answers'] as const;

/** What the modal asks its owner to send: a new question, or the edited one (its id in the body). */
export type QuestionSaveRequest = { kind: 'add'; body: AddQuestionRequest } | { kind: 'edit'; body: EditQuestionRequest };

export interface QuestionModalProps {
  /** The question to edit; none adds a new one. */
  question?: Question;
  onClose: () => void;
  /**
   * Sends the checked question through the owner's call (a rubric's or a scenario form's) and keeps what the
   * server stored; resolves with the server's message, shown as the success notice. A rejection is shown in
   * the modal, under the fields a 422 names.
   */
  save: (request: QuestionSaveRequest) => Promise<{ message: string }>;
  online: boolean;
}

/**
 * The question create and edit modal (spec 001 §2 shared widgets, §5 rules) of rubrics and scenario forms.
 * The shared schema checks the form before sending, so the author sees the spec's messages at once; a 422 from the server lands under
 * the same fields. The modal is mounted only while open, so each opening starts from the saved question.
 */
export function QuestionModal({ question, onClose, save, online }: QuestionModalProps) {
  const ids = useId();
  const formId = `${ids}-form`;
  const editing = question !== undefined;
  // The draft is react-hook-form's values (the rich text and the answer lists are controlled, so they are set
  // with setValue); the shared add or edit schema checks the request the draft stands for.
  const {
    form,
    onSubmit,
    submitting: saving,
    failure,
    error,
  } = useApiForm({
    schema: (editing ? editQuestionRequestSchema : addQuestionRequestSchema) as z.core.$ZodType<AddQuestionRequest | EditQuestionRequest>,
    defaultValues: question ? draftOf(question) : newQuestionDraft(),
    input: (values) => (editing ? { question_id: question.id, ...bodyOf(values) } : bodyOf(values)),
    fields: SHOWN_FIELDS,
    submit: async (body) => {
      const saved = editing
        ? await save({ kind: 'edit', body: { ...(body as EditQuestionRequest), question_id: question.id } })
        : await save({ kind: 'add', body: body as AddQuestionRequest });
      notifySuccess(saved.message);
      onClose();
    },
    onInvalid: (errors) => setFocus(errors),
    onError: ({ errors, explained }) => {
      if (explained) setFocus(errors);
    },
  });
  const draft = form.watch();

  const update = (patch: Partial<QuestionDraft>, clear: readonly string[]) => {
    for (const [key, value] of Object.entries(patch)) form.setValue(key as keyof QuestionDraft, value as never);
    // A field's message goes once the field changes.
    form.clearErrors(clear as never);
  };

  // The errors whose first field gets the focus. The control to focus can only be found once those errors
  // are on screen (an empty answer is marked invalid by the render), so the focus moves in the commit that
  // shows them: never later, where it would pull the caret out of a field the author has gone on typing in.
  const focusFor = useRef<FieldErrors | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const setFocus = (found: FieldErrors) => {
    focusFor.current = found;
    setFocusTick((n) => n + 1);
  };
  const shown = SHOWN_FIELDS.map((k) => error(k) ?? '').join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when new errors are asked to take the focus or reach the screen
  useLayoutEffect(() => {
    const found = focusFor.current;
    // react-hook-form puts its errors on screen a render after it reports them: wait for that commit.
    if (!found || !SHOWN_FIELDS.some((k) => found[k]?.length && error(k))) return;
    focusFor.current = null;
    const keys = ['question_type_id', 'question', 'short_description'];
    const order = [`${ids}-type`, `${ids}-question`, `${ids}-description`];
    const index = keys.findIndex((k) => found[k]?.length);
    // Otherwise the answers: the first invalid one, else the first answer control.
    const answers = document.querySelector(`[data-answers-of="${ids}"]`);
    const target =
      index >= 0
        ? document.getElementById(order[index]!)
        : (answers?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? answers?.querySelector<HTMLElement>('input, button'));
    target?.focus();
  }, [focusTick, shown, ids]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (online) void onSubmit();
  }

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={editing ? 'Edit Question' : 'Add Question'}
      className="max-w-2xl!"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={saving || !online}>
            {saving ? 'Saving…' : editing ? 'Save Question' : 'Add Question'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-5">
        {failure ? (
          <Alert tone="danger" role="alert" title={editing ? 'Error editing question.' : 'Error adding question.'}>
            {failure}
          </Alert>
        ) : null}
        {!online ? (
          <p role="status" className="text-sm text-amber-800">
            You are offline. Questions can be saved once the connection is back.
          </p>
        ) : null}
        <SelectField
          id={`${ids}-type`}
          label="Question Type"
          required
          autoFocus
          placeholder="Select a question type"
          options={TYPE_OPTIONS}
          value={draft.typeId}
          error={error('question_type_id')}
          onChange={(e) => update({ typeId: e.target.value as QuestionDraft['typeId'] }, ['question_type_id', 'answers'])}
        />
        <Suspense fallback={<Spinner label="Loading the editor" />}>
          <RichTextEditor
            id={`${ids}-question`}
            label="Question"
            required
            value={draft.question}
            error={error('question')}
            onChange={(html) => update({ question: html }, ['question'])}
          />
        </Suspense>
        <TextField
          id={`${ids}-description`}
          label="Short Description"
          hint="Optional. Shown under the question."
          maxLength={SHORT_DESCRIPTION_MAX}
          value={draft.shortDescription}
          error={error('short_description')}
          onChange={(e) => update({ shortDescription: e.target.value }, ['short_description'])}
        />
        <div data-answers-of={ids}>
          <AnswersEditor
            idPrefix={`${ids}-answer`}
            draft={draft}
            error={error('answers')}
            onChange={(typeId, answers) => update({ answers: { ...draft.answers, [typeId]: answers } }, ['answers'])}
          />
        </div>
      </form>
    </Modal>
  );
}
