import {
  checkScorecardResponses,
  incompleteNotice,
  type PracticeVisit,
  responseErrorKey,
  SCORECARD_TITLES,
  trainingPracticeApi,
  VISIT_MESSAGES,
} from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, Spinner } from '@simvisit/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiCall, errorMessage, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify } from '../../platform/notices';
import { ScorecardQuestions } from '../visit-scorecards';

const TITLE = SCORECARD_TITLES['feedback-form'];

/** GET api/training-session/{id}/practice/feedback (spec 002 §7 'get feedback practice by training_session_id'). */
export function practiceQuery(trainingSessionId: number) {
  return queryOptions({
    queryKey: ['training-session', trainingSessionId, 'practice', 'feedback'] as const,
    queryFn: () => apiCall(trainingPracticeApi.practiceFeedback, { params: { id: String(trainingSessionId) } }),
    retry: false,
  });
}

/** The form in practice mode: answers stay on the page; Submit checks them and closes the window, sending nothing. */
function PracticeForm({ practice }: { practice: PracticeVisit }) {
  const [answers, setAnswers] = useState<Map<number, unknown>>(() => new Map());
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const items = practice.feedback_form.items;

  function answer(questionId: number, value: number | string) {
    setAnswers((prev) => new Map(prev).set(questionId, value));
    const key = responseErrorKey(questionId);
    if (errors[key]) {
      const { [key]: _gone, ...rest } = errors;
      setErrors(rest);
    }
  }

  function submit() {
    const responses = [...answers.entries()]
      .filter(([, v]) => v !== '' && v !== null && v !== undefined)
      .map(([question_id, response]) => ({ question_id, response: response as number | string }));
    const checked = checkScorecardResponses('feedback-form', items, responses, true);
    if (checked.errors) {
      setErrors(checked.errors);
      notify({ title: incompleteNotice('feedback-form'), icon: 'warning', color: 'yellow' });
      return;
    }
    // Practice: nothing is sent (spec 002 §2.3).
    window.close();
  }

  return (
    <Card>
      <CardHeader title={TITLE} level={1} />
      <CardBody className="space-y-5">
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600" data-testid="practice-scenario">
          <div className="flex gap-1">
            <dt className="sr-only">Scenario</dt>
            <dd className="font-medium text-slate-900">{practice.scenario.title}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Patient:</dt>
            <dd>{practice.scenario.patient_name}</dd>
          </div>
        </dl>
        <Alert tone="info" title="Practice">
          Your answers stay in this window and are not sent. Submit closes the window.
        </Alert>
        {practice.feedback_form.instructions ? (
          <p className="text-sm whitespace-pre-line text-slate-700">{practice.feedback_form.instructions}</p>
        ) : null}
        <ScorecardQuestions
          items={items}
          answers={answers}
          onAnswer={answer}
          errors={errors}
          reader="scorer"
          idPrefix="practice-feedback-form"
        />
        <div className="flex justify-end">
          <Button onClick={submit}>Submit</Button>
        </div>
      </CardBody>
    </Card>
  );
}

/**
 * The SP scorecard practice page (/training/:training_session_id/practice/feedback; spec 002 §2.1, §2.3;
 * decision 0030): the scenario's SP scorecard of a training session, titled 'SP Scorecard', in its own window.
 * A load failure shows 'Error Loading SP Scorecard Practice'.
 */
export function PracticeScorecardPage({ trainingSessionId }: { trainingSessionId: number }) {
  useDocumentTitle(TITLE);
  const query = useQuery(practiceQuery(trainingSessionId));
  if (query.data) {
    return (
      <div className="mx-auto max-w-4xl space-y-6">
        <PracticeForm practice={query.data.practice_visit} />
      </div>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.sessionEnded) return null;
    return (
      <Alert tone="danger" role="alert" title={VISIT_MESSAGES.practicePageError} titleAs="h1" className="mx-auto max-w-2xl">
        <p>{errorMessage(query.error)}</p>
      </Alert>
    );
  }
  return <Spinner label="Loading the SP scorecard" />;
}
