import { formatShortDate, type Question, RUBRIC_MESSAGES, type RubricDetail } from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, ConfirmDialog, PlusIcon, Spinner } from '@simvisit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../platform/errors';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { useSyncState } from '../../platform/sync';
import { RUBRIC_ERROR_TITLES } from './notices';
import { QuestionList } from './QuestionList';
import { QuestionModal, type QuestionSaveRequest } from './QuestionModal';
import { questionPlainText } from './question-html';
import { RubricDetailsCard } from './RubricDetailsCard';
import { RubricStatusBadge } from './RubricStatusBadge';
import { loadRichTextEditor } from './rich-text-loader';
import { addQuestion, cloneRubric, deleteRubric, editQuestion, publishRubric, removeQuestion, rubricKeys, useRubric } from './rubrics-api';

type Dialog =
  // The question modal: a new question, or the one to edit.
  { kind: 'question'; question?: Question } | { kind: 'delete-question'; question: Question } | { kind: 'publish' } | { kind: 'delete' };

/** rubric.show (/rubrics/{id}), spec 001 §2: edit a draft, or read a published rubric. */
export function RubricDetailPage({ rubricId }: { rubricId: number }) {
  const { data: rubric, error, isPending, isError } = useRubric(rubricId);
  useDocumentTitle(rubric ? rubric.name : 'Rubric');

  if (isError) {
    if (isApiError(error) && error.status === 403) return <ErrorPage code="403" />;
    return (
      <div className="space-y-4">
        <BackLink />
        <Alert tone="danger" role="alert" title={RUBRIC_ERROR_TITLES.load} titleAs="h1">
          {errorMessage(error)}
        </Alert>
      </div>
    );
  }
  if (isPending) return <Spinner label="Loading rubric" />;
  return <RubricEditor rubric={rubric} />;
}

/** A long question is cut in the confirmation text. */
function shorten(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function BackLink() {
  return (
    <Link
      to="/rubrics"
      className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      ← All Rubrics
    </Link>
  );
}

function RubricEditor({ rubric }: { rubric: RubricDetail }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { online } = useSyncState();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const published = rubric.is_published === 1;
  // A published rubric cannot be changed (spec 001 §4); changes also need the server.
  const editable = !published && online;
  const detailKey = rubricKeys.detail(rubric.id);

  // A draft will likely get questions: fetch the editor's code now so the modal opens without a wait.
  useEffect(() => {
    if (editable) void loadRichTextEditor().catch(() => undefined);
  }, [editable]);
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: rubricKeys.lists() });

  const publish = useMutation({
    mutationFn: () => publishRubric(rubric.id),
    onSuccess: (result) => {
      queryClient.setQueryData(detailKey, result.rubric);
      void refreshLists();
      notifySuccess(result.message);
    },
    onError: (e) => notifyFailure(RUBRIC_ERROR_TITLES.publish, e),
    onSettled: () => setDialog(null),
  });

  const clone = useMutation({
    mutationFn: () => cloneRubric(rubric.id),
    onSuccess: async (result) => {
      void refreshLists();
      notifySuccess(result.message);
      await navigate({ to: '/rubrics/$id', params: { id: String(result.rubric_id) } });
    },
    onError: (e) => notifyFailure(RUBRIC_ERROR_TITLES.clone, e),
  });

  const remove = useMutation({
    mutationFn: () => deleteRubric(rubric.id),
    onSuccess: async (result) => {
      notifySuccess(result.message);
      await navigate({ to: '/rubrics' });
      queryClient.removeQueries({ queryKey: detailKey });
      void refreshLists();
    },
    onError: (e) => {
      setDialog(null);
      notifyFailure(RUBRIC_ERROR_TITLES.delete, e);
    },
  });

  const deleteQuestion = useMutation({
    mutationFn: (question: Question) => removeQuestion(rubric.id, question.id),
    onSuccess: (result, question) => {
      queryClient.setQueryData<RubricDetail>(detailKey, (r) => {
        if (!r) return r;
        const questions = r.questions.filter((q) => q.id !== question.id);
        return {
          ...r,
          questions,
          question_count: questions.length,
          rubric_questions: r.rubric_questions.filter((q) => q.question_id !== question.id),
        };
      });
      void refreshLists();
      notifySuccess(result.message);
    },
    onError: (e) => notifyFailure(RUBRIC_ERROR_TITLES.deleteQuestion, e),
    onSettled: () => setDialog(null),
  });

  function questionSaved(question: Question) {
    queryClient.setQueryData<RubricDetail>(detailKey, (r) => {
      if (!r) return r;
      const exists = r.questions.some((q) => q.id === question.id);
      const questions = exists ? r.questions.map((q) => (q.id === question.id ? question : q)) : [...r.questions, question];
      return {
        ...r,
        questions,
        question_count: questions.length,
        rubric_questions: questions.map((q, i) => ({ question_id: q.id, position: i, question: q })),
      };
    });
    void refreshLists();
  }

  async function saveQuestion(request: QuestionSaveRequest) {
    const saved = request.kind === 'edit' ? await editQuestion(rubric.id, request.body) : await addQuestion(rubric.id, request.body);
    questionSaved(saved.question);
    return saved;
  }

  const busy = publish.isPending || clone.isPending || remove.isPending;
  const created = new Date(rubric.created_at);

  return (
    <div className="space-y-6">
      <BackLink />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{rubric.name}</h1>
            <RubricStatusBadge published={published} />
          </div>
          <p className="text-sm text-slate-600">
            Created by {rubric.creator.name}
            {Number.isNaN(created.getTime()) ? null : <> on {formatShortDate(created)}</>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {published ? null : (
            <Button onClick={() => setDialog({ kind: 'publish' })} disabled={busy || !online}>
              Publish
            </Button>
          )}
          <Button variant="secondary" onClick={() => clone.mutate()} disabled={busy || !online}>
            {clone.isPending ? 'Cloning…' : 'Clone'}
          </Button>
          {published ? null : (
            <Button variant="danger" onClick={() => setDialog({ kind: 'delete' })} disabled={busy || !online}>
              Delete
            </Button>
          )}
        </div>
      </div>

      {published ? <Alert tone="info">{RUBRIC_MESSAGES.published} Clone it to make a new draft from it.</Alert> : null}
      {!online ? (
        <Alert tone="warning" role="status" title="You are offline">
          Rubrics can be changed once the connection is back.
        </Alert>
      ) : null}

      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <RubricDetailsCard rubric={rubric} editable={editable} />
        <Card aria-labelledby="rubric-questions-heading">
          <CardHeader
            title={
              <span id="rubric-questions-heading">
                Questions <span className="font-normal text-slate-500">({rubric.questions.length})</span>
              </span>
            }
            actions={
              editable ? (
                <Button size="sm" onClick={() => setDialog({ kind: 'question' })}>
                  <PlusIcon className="size-4" />
                  Add Question
                </Button>
              ) : null
            }
          />
          <CardBody>
            {rubric.questions.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
                This rubric has no questions yet. A rubric needs at least one question before it can be published.
              </p>
            ) : (
              <QuestionList
                rubric={rubric}
                editable={editable}
                onEdit={(question) => setDialog({ kind: 'question', question })}
                onDelete={(question) => setDialog({ kind: 'delete-question', question })}
              />
            )}
          </CardBody>
        </Card>
      </div>

      {dialog?.kind === 'question' ? (
        <QuestionModal question={dialog.question} online={online} onClose={() => setDialog(null)} save={saveQuestion} />
      ) : null}
      {dialog?.kind === 'delete-question' ? (
        <ConfirmDialog
          title="Delete Question"
          description={`Delete the question “${shorten(questionPlainText(dialog.question.question))}” from this rubric?`}
          confirmLabel="Delete Question"
          tone="danger"
          busy={deleteQuestion.isPending}
          onConfirm={() => deleteQuestion.mutate(dialog.question)}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'publish' ? (
        <ConfirmDialog
          title="Publish Rubric"
          description="Once published, this rubric and its questions can no longer be changed. Published rubrics can be attached to scenario scorecards and feedback forms."
          confirmLabel="Publish"
          busy={publish.isPending}
          onConfirm={() => publish.mutate()}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete Rubric"
          description={`Delete “${rubric.name}”? This cannot be undone.`}
          confirmLabel="Delete Rubric"
          tone="danger"
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
