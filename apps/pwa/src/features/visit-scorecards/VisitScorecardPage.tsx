import {
  deviceTimeZone,
  formatDateTime,
  VISIT_SCORECARD_MESSAGES as M,
  type ScorecardVisitSummary,
  scorecardTabs,
  VISIT_MESSAGES,
} from '@simvisit/schema';
import { Alert, Button, buttonClassName, Spinner, safeExternalUrl, Tabs } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage, isApiError, isConnectionError } from '../../lib/api';
import { AppLink } from '../../lib/app-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify, notifySuccess } from '../../platform/notices';
import { useSignedInSession } from '../../platform/session';
import { useSyncState } from '../../platform/sync';
import { recordingQuery } from '../visits';
import { type LocalScorecard, useVisitScorecardDocs } from './local-scorecards';
import { ScorecardResults } from './ScorecardResults';
import { ScorerScorecard } from './ScorerScorecard';
import { scorecardQuery } from './scorecards-api';

const TITLE = 'Visit Scorecard';

type Summary = Pick<ScorecardVisitSummary, 'scenario_title' | 'patient_name' | 'learner_name' | 'start_at'>;

/** The scenario, the patient, the learner and the time of the visit (from the server, or the device's copy). */
function VisitLine({ summary }: { summary: Summary }) {
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600" data-testid="scorecard-visit">
      <div className="flex gap-1">
        <dt className="sr-only">Scenario</dt>
        <dd className="font-medium text-slate-900">{summary.scenario_title}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Patient:</dt>
        <dd>{summary.patient_name}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Participant:</dt>
        <dd>{summary.learner_name}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Visit:</dt>
        <dd>{formatDateTime(new Date(summary.start_at), deviceTimeZone())}</dd>
      </div>
    </dl>
  );
}

/** View Recording (spec 002 §2.2, §2.3): the link when the server has one, else the spec's error. */
function RecordingButton({ visitId }: { visitId: number }) {
  const [asked, setAsked] = useState(false);
  const recording = useQuery({ ...recordingQuery(visitId), enabled: asked });
  useEffect(() => {
    if (!asked || recording.isFetching) return;
    setAsked(false);
    const link = safeExternalUrl(recording.data?.link);
    if (recording.isSuccess && link) {
      notifySuccess(VISIT_MESSAGES.redirectingToRecording);
      window.open(link, '_blank', 'noopener,noreferrer');
      return;
    }
    if (recording.isError && isApiError(recording.error) && recording.error.sessionEnded) return;
    notify({
      title: VISIT_MESSAGES.recordingError,
      content: recording.isError ? errorMessage(recording.error) : VISIT_MESSAGES.linkNotGenerated,
      icon: 'error',
      color: 'red',
    });
  }, [asked, recording.isFetching, recording.isSuccess, recording.isError, recording.data, recording.error]);
  return (
    <Button
      variant="secondary"
      disabled={asked}
      onClick={() => {
        if (recording.data || recording.isError) void recording.refetch();
        setAsked(true);
      }}
    >
      View Recording
    </Button>
  );
}

function Header({
  visitId,
  scenarioId,
  summary,
  recording,
}: {
  visitId: number;
  scenarioId: string | number;
  summary: Summary;
  recording: boolean;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900">{TITLE}</h1>
        <VisitLine summary={summary} />
      </div>
      <div className="flex flex-wrap gap-2">
        {recording ? <RecordingButton visitId={visitId} /> : null}
        <a
          href={`/scenarios/${encodeURIComponent(String(scenarioId))}/print`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName('secondary')}
        >
          View Scenario
        </a>
        <AppLink to={`/visit/${visitId}`} className={buttonClassName('ghost')}>
          Back to visit
        </AppLink>
      </div>
    </div>
  );
}

/** The person's own form from this device: one tab, titled by the form ('SP Scorecard', 'Observer Scorecard'). */
function ScorerPage({ visitId, doc }: { visitId: number; doc: LocalScorecard }) {
  const view = doc.submitted_at ? 'observer_complete' : 'form';
  const tabs = scorecardTabs({
    view,
    audience: 'scorer',
    displayTypeId: 0,
    ownKind: doc.kind,
    sp: true,
    observerCount: 0,
    participant: false,
  });
  return (
    <div className="mx-auto max-w-4xl space-y-6" data-view={view}>
      <Header visitId={visitId} scenarioId={doc.visit.scenario_id} summary={doc.visit} recording={view === 'form'} />
      <Tabs label="Scorecards" items={tabs.map((t) => ({ value: t.id, label: t.label, content: <ScorerScorecard doc={doc} /> }))} />
    </div>
  );
}

function LoadError({ message }: { message: string }) {
  return (
    <Alert tone="danger" role="alert" title={M.pageError} className="mx-auto max-w-2xl">
      <p>{message}</p>
      <p className="mt-2">
        <AppLink to="/dashboard" className="font-medium underline">
          Back to the dashboard
        </AppLink>
      </p>
    </Alert>
  );
}

/**
 * The visit scorecard page (/visit/:visit_id/scorecard, spec 002 §2.3): titled 'Visit Scorecard', with View
 * Recording (the form view, or the learner) and View Scenario. An SP or observer scoring the visit answers their
 * own form from this device, with or without a network (decision 0030); everyone else sees the tabs the server's
 * view value and the scenario's display type decide. A load failure shows 'Error Loading Scorecard'.
 */
export function VisitScorecardPage({ visitId }: { visitId: number }) {
  useDocumentTitle(TITLE);
  const { user } = useSignedInSession();
  const { status } = useSyncState();
  const query = useQuery(scorecardQuery(visitId));
  const local = useVisitScorecardDocs(visitId, user.id);
  const own = local?.find((d) => d.kind === 'feedback-form' || d.kind === 'scorecard') ?? null;

  if (own) return <ScorerPage visitId={visitId} doc={own} />;

  const data = query.data;
  if (data) {
    // The server made this person's document; it reaches the device in a moment.
    if (data.my_scorecard && status === 'ready' && data.view === 'form') {
      return <Spinner label="Getting the scorecard ready on this device" />;
    }
    const learner = data.audience === 'learner';
    return (
      <div className="mx-auto max-w-4xl space-y-6" data-view={data.view}>
        <Header visitId={visitId} scenarioId={data.visit.scenario_id} summary={data.visit} recording={data.view === 'form' || learner} />
        <ScorecardResults data={data} />
      </div>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.sessionEnded) return null;
    if (isConnectionError(query.error)) {
      if (local === null && status === 'opening') return <Spinner label="Opening your data on this device" />;
      return (
        <LoadError message="You are offline, and this scorecard is not on this device yet. Open it once while online to score it offline." />
      );
    }
    return <LoadError message={errorMessage(query.error)} />;
  }
  return <Spinner label="Loading the scorecard" />;
}
