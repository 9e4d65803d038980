import {
  checkScorecardResponses,
  type FilledForm,
  incompleteNotice,
  LIKERT_ANSWER_COUNT,
  type MergedQuestion,
  SCORECARD_TITLES,
  type ScorecardTab,
  submitErrorTitle,
  submittedNotice,
  type VisitScorecardResponse,
} from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, Tabs } from '@simvisit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notify } from '../../platform/notices';
import { QuestionHtml } from '../../platform/rich-text';
import { ScorecardQuestions } from './ScorecardQuestions';
import { scorecardKeys, submitScorecard } from './scorecards-api';

const answersOf = (form: FilledForm) => new Map<number, unknown>(form.responses.map((r) => [r.question_id, r.response]));

/** A submitted form, read-only (the observe view); a form not submitted yet says so. */
export function FilledFormView({
  form,
  heading,
  reader,
  idPrefix,
}: {
  form: FilledForm;
  heading: string;
  reader: 'scorer' | 'learner';
  idPrefix: string;
}) {
  return (
    <Card>
      <CardHeader title={heading} actions={form.scorer_name ? <span className="text-sm text-slate-600">{form.scorer_name}</span> : null} />
      <CardBody className="space-y-5">
        {form.submitted_at ? (
          <>
            {form.instructions && reader === 'scorer' ? (
              <p className="text-sm whitespace-pre-line text-slate-700">{form.instructions}</p>
            ) : null}
            <ScorecardQuestions items={form.items} answers={answersOf(form)} reader={reader} idPrefix={idPrefix} />
          </>
        ) : (
          <p className="text-sm text-slate-600" data-testid="scorecard-pending">
            The {heading} has not been submitted yet.
          </p>
        )}
      </CardBody>
    </Card>
  );
}

/** The observers' scorecards merged question by question: choice counts, the Likert spread and average, every note. */
function MergedView({ merged }: { merged: MergedQuestion[] }) {
  return (
    <Card>
      <CardHeader title="Merged" />
      <CardBody>
        <ol className="space-y-4">
          {merged.map(({ question, merged: m }, i) => (
            <li key={question.id} className="rounded-lg border border-slate-200 p-4" data-testid={`merged-question-${question.id}`}>
              <div className="flex gap-2">
                <span className="font-semibold text-slate-500" aria-hidden="true">
                  {i + 1}.
                </span>
                <QuestionHtml html={question.question} className="text-sm text-slate-900" />
              </div>
              {m.type === 'likert' ? (
                <div className="mt-2 text-sm text-slate-700">
                  <p>
                    Average: <strong>{m.average === null ? '—' : m.average.toFixed(1)}</strong> of {LIKERT_ANSWER_COUNT} ({m.total}{' '}
                    {m.total === 1 ? 'answer' : 'answers'})
                  </p>
                  <ul className="mt-1 flex flex-wrap gap-1.5">
                    {m.counts.map((count, n) => (
                      <li key={question.answers[n]?.id ?? n} className="rounded-md bg-slate-50 px-2 py-1 text-xs">
                        {n + 1} {question.answers[n]?.answer ?? ''}: {count}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : m.type === 'choice' ? (
                <ul className="mt-2 flex flex-wrap gap-1.5 text-sm">
                  {m.counts.map((c) => (
                    <li key={c.answer_id} className="rounded-md bg-slate-50 px-2 py-1 text-xs">
                      {c.answer}: {c.count}
                    </li>
                  ))}
                </ul>
              ) : m.texts.length ? (
                <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-slate-800">
                  {m.texts.map((t, n) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the same note may come from two observers
                    <li key={n} className="whitespace-pre-line">
                      {t}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-500 italic">No answers</p>
              )}
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}

/** The learner's participant feedback form (online; spec 002 §2.3 'form view'). */
function ParticipantFeedbackForm({ visitId, form }: { visitId: number; form: FilledForm }) {
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Map<number, unknown>>(() => answersOf(form));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const kind = 'participant-feedback' as const;
  const responses = () =>
    [...answers.entries()]
      .filter(([, v]) => v !== '' && v !== undefined)
      .map(([question_id, response]) => ({ question_id, response: response as number | string }));
  const mutation = useMutation({
    mutationFn: () => submitScorecard(visitId, kind, { responses: responses() }),
    onSuccess: (answer) => {
      notify({ title: answer.message || submittedNotice(kind), icon: 'success', color: 'green' });
      const { message: _m, ...page } = answer;
      queryClient.setQueryData(scorecardKeys.visit(visitId), page);
    },
    onError: (error) => {
      if (isApiError(error) && error.sessionEnded) return;
      if (isApiError(error)) setErrors(error.errors);
      notify({ title: submitErrorTitle(kind), content: errorMessage(error), icon: 'error', color: 'red' });
    },
  });
  function submit() {
    const checked = checkScorecardResponses(kind, form.items, responses(), true);
    if (checked.errors) {
      setErrors(checked.errors);
      notify({ title: incompleteNotice(kind), icon: 'warning', color: 'yellow' });
      return;
    }
    mutation.mutate();
  }
  return (
    <Card>
      <CardHeader title={SCORECARD_TITLES[kind]} />
      <CardBody className="space-y-5">
        {form.instructions ? <p className="text-sm whitespace-pre-line text-slate-700">{form.instructions}</p> : null}
        <ScorecardQuestions
          items={form.items}
          answers={answers}
          onAnswer={(questionId, value) => {
            setAnswers((old) => new Map(old).set(questionId, value));
            setErrors(({ [`responses.${questionId}`]: _gone, ...rest }) => rest);
          }}
          errors={errors}
          reader="learner"
          idPrefix="participant"
        />
        <div className="flex justify-end">
          <Button onClick={submit} disabled={mutation.isPending}>
            Submit
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}

function tabContent(tab: ScorecardTab, data: VisitScorecardResponse) {
  const v = data.visit;
  const reader = data.audience === 'learner' ? 'learner' : 'scorer';
  switch (tab.kind) {
    case 'sp':
      return v.feedback_form ? <FilledFormView form={v.feedback_form} heading={tab.label} reader={reader} idPrefix="sp" /> : null;
    case 'observer': {
      const form = v.observer_scorecards[tab.index ?? 0];
      return form ? <FilledFormView form={form} heading={tab.label} reader={reader} idPrefix={tab.id} /> : null;
    }
    case 'merged':
      return v.merged ? <MergedView merged={v.merged} /> : null;
    case 'participant':
      if (!v.participant_feedback) return null;
      if (data.participant_feedback_available) return <ParticipantFeedbackForm visitId={v.id} form={v.participant_feedback} />;
      if (!v.participant_feedback.submitted_at && data.audience === 'learner') {
        return (
          <Alert tone="info" title={SCORECARD_TITLES['participant-feedback']}>
            Participant feedback opens once the visit is complete.
          </Alert>
        );
      }
      return <FilledFormView form={v.participant_feedback} heading={tab.label} reader="learner" idPrefix="participant" />;
    default:
      return null;
  }
}

/**
 * The scorecards of a visit for the learner and staff (view 'learner_complete'), and a scorer's own submitted
 * form when it is not on this device: the tabs the server chose by the display type (spec 002 §2.3, §3).
 */
export function ScorecardResults({ data }: { data: VisitScorecardResponse }) {
  if (data.tabs.length === 0) {
    return (
      <Alert tone="info" title="No scorecards to show">
        {data.view === 'learner_complete'
          ? 'There are no scorecards to show for this visit yet.'
          : 'There is no scorecard for you on this visit.'}
      </Alert>
    );
  }
  if (data.view !== 'learner_complete') {
    const own = data.visit.feedback_form ?? data.visit.observer_scorecards[0] ?? null;
    return own ? <FilledFormView form={own} heading={data.tabs[0]!.label} reader="scorer" idPrefix="own" /> : null;
  }
  return (
    <Tabs
      label="Scorecards"
      items={data.tabs.map((tab) => ({ value: tab.id, label: tab.label, content: tabContent(tab as ScorecardTab, data) }))}
    />
  );
}
