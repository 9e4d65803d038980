import {
  checkScorecardResponses,
  incompleteNotice,
  VISIT_SCORECARD_MESSAGES as M,
  SCORECARD_TITLES,
  type ScorecardResponse,
  submissionRefusal,
  submitErrorTitle,
  submittedNotice,
} from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader } from '@simvisit/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notify, notifyFailure } from '../../platform/notices';
import { useSyncState } from '../../platform/sync';
import { type LocalScorecard, restoreAnswers, saveAnswers, submitOnDevice, usePendingWrite, useScorecardIssue } from './local-scorecards';
import { ScorecardQuestions } from './ScorecardQuestions';
import { canonicalAnswers, incomingAnswers } from './scorecard-echoes';

/** How long after the server took the write the page waits for a refusal before calling it submitted. */
const SETTLE_MS = 800;
/** Typing is kept on the device after this pause (and when the box loses focus). */
const TEXT_SAVE_MS = 500;

const answersOf = (responses: readonly ScorecardResponse[]) => new Map<number, unknown>(responses.map((r) => [r.question_id, r.response]));
/** The answers given, as the document keeps them (blank ones left out). */
const responsesOf = (map: ReadonlyMap<number, unknown>): ScorecardResponse[] =>
  [...map.entries()]
    .filter(([, v]) => v !== '' && v !== null && v !== undefined)
    .map(([question_id, response]) => ({ question_id, response: response as number | string }));

/**
 * The SP scorecard or the observer scorecard of the person scoring (view 'form', or 'observer_complete' once
 * submitted), from their document on this device, so it works with no network (decision 0030). Answers are
 * kept on the device as they are given; Submit checks them with the shared rules ('Response is required' under
 * open questions and the spec's notice), then submits on the device: online the server answers at once, offline
 * the submission waits and is sent when the network returns. A refusal comes back here with the reason.
 */
export function ScorerScorecard({ doc }: { doc: LocalScorecard }) {
  const { online } = useSyncState();
  const pending = usePendingWrite(doc.id);
  const issue = useScorecardIssue(doc.id);
  const submitted = doc.submitted_at !== null;
  const [answers, setAnswers] = useState<Map<number, unknown>>(() => answersOf(doc.responses));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [awaiting, setAwaiting] = useState(false);
  const textTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(answers);
  latest.current = answers;

  // The device's document changed underneath (another tab, a pull, a refusal put the server's version back), or one
  // of the page's own saves came back: scorecard-echoes.ts decides which the page takes.
  const ownSaves = useRef<string[]>([]);
  const docAnswers = JSON.stringify(doc.responses);
  useEffect(() => {
    const incoming = JSON.parse(docAnswers) as ScorecardResponse[];
    const decision = incomingAnswers(
      ownSaves.current,
      canonicalAnswers(incoming),
      canonicalAnswers(responsesOf(latest.current)),
      textTimer.current !== undefined,
    );
    ownSaves.current = decision.pending;
    if (decision.take) setAnswers(answersOf(incoming));
  }, [docAnswers]);

  const persist = useCallback(
    (map: ReadonlyMap<number, unknown>) => {
      const responses = responsesOf(map);
      // Kept as typed (the submission trims); an answer the form cannot take is not kept.
      if (checkScorecardResponses(doc.kind, doc.form.items, responses, false).errors) return;
      const saved = canonicalAnswers(responses);
      ownSaves.current.push(saved);
      void saveAnswers(doc.id, responses).catch((error) => {
        ownSaves.current = ownSaves.current.filter((s) => s !== saved);
        notifyFailure(submitErrorTitle(doc.kind), error);
      });
    },
    [doc.id, doc.kind, doc.form.items],
  );

  useEffect(
    () => () => {
      // Leaving the page with typing not yet kept: keep it now.
      if (textTimer.current) {
        clearTimeout(textTimer.current);
        persist(latest.current);
      }
    },
    [persist],
  );

  function answer(questionId: number, value: number | string) {
    const next = new Map(answers);
    next.set(questionId, value);
    setAnswers(next);
    if (errors[`responses.${questionId}`]) {
      const { [`responses.${questionId}`]: _gone, ...rest } = errors;
      setErrors(rest);
    }
    clearTimeout(textTimer.current);
    if (typeof value === 'string') {
      textTimer.current = setTimeout(() => {
        textTimer.current = undefined;
        persist(latest.current);
      }, TEXT_SAVE_MS);
    } else {
      textTimer.current = undefined;
      persist(next);
    }
  }

  // After an online submit: the server's answer (taken, or refused with a reason) decides the notice.
  useEffect(() => {
    if (!awaiting) return;
    if (issue) {
      setAwaiting(false);
      notify({ title: submitErrorTitle(doc.kind), content: issue.message || M.noLongerAssigned, icon: 'error', color: 'red' });
      return;
    }
    if (pending !== false) return;
    const timer = setTimeout(() => {
      setAwaiting(false);
      notify({ title: submittedNotice(doc.kind), icon: 'success', color: 'green' });
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [awaiting, issue, pending, doc.kind]);

  async function submit() {
    clearTimeout(textTimer.current);
    textTimer.current = undefined;
    const checked = checkScorecardResponses(doc.kind, doc.form.items, responsesOf(answers), true);
    if (checked.errors) {
      setErrors(checked.errors);
      notify({ title: incompleteNotice(doc.kind), icon: 'warning', color: 'yellow' });
      return;
    }
    const refusal = submissionRefusal(
      doc.kind,
      { start_at: doc.visit.start_at, is_complete: true, is_canceled: false, no_show: false, learner_technical_issue: false },
      new Date(),
    );
    if (refusal) {
      notify({ title: submitErrorTitle(doc.kind), content: refusal, icon: 'error', color: 'red' });
      return;
    }
    setBusy(true);
    try {
      await submitOnDevice(doc.id, checked.responses);
      setErrors({});
      if (online && navigator.onLine) setAwaiting(true);
      else notify({ title: submittedNotice(doc.kind), content: M.savedOffline, icon: 'success', color: 'green' });
    } catch (error) {
      notify({ title: submitErrorTitle(doc.kind), content: errorMessage(error), icon: 'error', color: 'red' });
    } finally {
      setBusy(false);
    }
  }

  const title = SCORECARD_TITLES[doc.kind];
  return (
    <Card>
      <CardHeader
        title={title}
        actions={
          submitted ? (
            <span
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700"
              data-testid="scorecard-state"
              data-state={pending ? 'waiting' : 'submitted'}
            >
              {pending ? 'Submitted on this device, waiting to be sent' : 'Submitted'}
            </span>
          ) : null
        }
      />
      <CardBody className="space-y-5">
        {issue && issue.kind === 'rejected' ? (
          <Alert tone="danger" role="alert" title={submitErrorTitle(doc.kind)}>
            <p>{issue.message}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="sm"
                onClick={() => void restoreAnswers(issue).catch((error) => notifyFailure(submitErrorTitle(doc.kind), error))}
              >
                Restore my answers
              </Button>
            </div>
          </Alert>
        ) : null}
        {doc.form.instructions ? <p className="text-sm whitespace-pre-line text-slate-700">{doc.form.instructions}</p> : null}
        {!submitted && !online ? (
          <Alert tone="info" title="You are offline">
            Your answers are kept on this device. A submission is sent when you are back online.
          </Alert>
        ) : null}
        <ScorecardQuestions
          items={doc.form.items}
          answers={answers}
          onAnswer={submitted ? undefined : answer}
          errors={errors}
          reader="scorer"
          idPrefix={`own-${doc.kind}`}
        />
        {submitted ? null : (
          <div className="flex justify-end">
            <Button onClick={() => void submit()} disabled={busy}>
              Submit
            </Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
