import {
  formatInZone,
  fullName,
  TRAINING_SESSION_MESSAGES as M,
  type TrainingSessionResponse,
  trainingJoinWindow,
  trainingStatusText,
} from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, PatientImage, Spinner } from '@simvisit/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import { ErrorPage } from '../../platform/errors';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { useDisplayZone } from '../../platform/session';
import { SessionJoinPanel } from '../../platform/session-join';
import { runTrainingCall, TrainingSessionActions } from './TrainingSessionActions';
import { trainingCalls, trainingKeys, trainingSessionQuery } from './training-sessions-api';

type Data = TrainingSessionResponse;

/** Join: the countdown in the hour before the window, the Join button inside it (spec 001 §4). */
function JoinCard({ data }: { data: Data }) {
  const s = data.training_session;
  const now = useNow();
  const joinAs = s.abilities.join_as;
  if (!joinAs) return null;
  return (
    <SessionJoinPanel
      noun="training session"
      window={trainingJoinWindow(new Date(s.date), now, joinAs)}
      now={now}
      texts={{
        join: 'Join Training Session',
        before: `The join link opens 20 minutes before the start${joinAs === 'sp' ? ' (30 minutes for SPs)' : ''}.`,
        closed: 'This training session has closed.',
        openMeeting: 'Open the meeting',
      }}
      fetchLink={() => trainingCalls.join(s.id)}
      errorTitle={M.joinError}
      linkNotGenerated={M.linkNotGenerated}
    />
  );
}

/** The recording of a complete session ('Error retrieving recording.', 'Link not generated'). */
function RecordingButton({ id }: { id: number }) {
  async function open() {
    try {
      const { link } = await trainingCalls.recording(id);
      if (!link) return notifyFailure(M.recordingError, new Error(M.linkNotGenerated));
      window.open(link, '_blank', 'noopener');
    } catch (err) {
      notifyFailure(M.recordingError, err);
    }
  }
  return (
    <Button variant="secondary" onClick={open}>
      View Recording
    </Button>
  );
}

/** The right-hand card: the scenario, or the type's card for a session without one. */
function SideCard({ data }: { data: Data }) {
  const s = data.training_session;
  if (s.scenario) {
    return (
      <Card aria-label="Scenario">
        <CardHeader title={s.scenario.title ?? 'Scenario'} />
        <CardBody className="space-y-3">
          <PatientImage location={s.scenario.patient_image} />
          <p className="text-slate-700">Patient: {s.scenario.patient_name}</p>
        </CardBody>
      </Card>
    );
  }
  return (
    <Card aria-label="Training session type">
      <CardHeader title={`${s.type.name} Training`} />
      <CardBody>
        <p className="text-slate-700">
          A {s.type.name.toLowerCase()} training session of {s.type.hours} {s.type.hours === 1 ? 'hour' : 'hours'}.
        </p>
      </CardBody>
    </Card>
  );
}

/**
 * The training session page (/training/:training_session_id, spec 001 §2): date and time, duration by type,
 * trainer and participants, join, the recording once complete, the trainer's actions on an open session, and the
 * scenario or type card on the right.
 */
export function TrainingSessionPage({ id }: { id: number }) {
  useDocumentTitle('Training Session');
  const zone = useDisplayZone();
  const queryClient = useQueryClient();
  const { data, error, isPending } = useQuery(trainingSessionQuery(id));
  useEffect(() => {
    if (error && !(isApiError(error) && (error.status === 404 || error.status === 403))) notifyFailure(M.loadError, error);
  }, [error]);
  if (isPending) return <Spinner label="Loading training session" />;
  if (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 403)) return <ErrorPage code={String(error.status)} />;
    return (
      <Alert tone="danger" title={M.loadError}>
        {errorMessage(error)}
      </Alert>
    );
  }
  const s = data.training_session;
  const changed = () => void queryClient.invalidateQueries({ queryKey: trainingKeys.all });
  const remove = (trainingUserId: number) => runTrainingCall(() => trainingCalls.removeUser(trainingUserId), M.removeError, changed);
  async function complete() {
    try {
      notifySuccess((await trainingCalls.complete(s.id)).message);
      changed();
    } catch (err) {
      notifyFailure(M.completeError, err);
    }
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-6">
        <Card>
          <CardHeader level={1} title={`${s.type.name} Training Session`} />
          <CardBody className="space-y-3">
            <p className="text-sm font-semibold uppercase text-slate-600">{trainingStatusText(s)}</p>
            <dl className="grid gap-2 sm:grid-cols-[10rem_1fr]">
              <dt className="font-medium text-slate-700">Date and time</dt>
              <dd>{formatInZone(new Date(s.date), zone)}</dd>
              <dt className="font-medium text-slate-700">Duration</dt>
              <dd>
                {s.duration_hours} {s.duration_hours === 1 ? 'hour' : 'hours'}
              </dd>
              <dt className="font-medium text-slate-700">Trainer</dt>
              <dd>
                {fullName(s.trainer)} ({s.trainer.email})
              </dd>
              <dt className="font-medium text-slate-700">Job Number</dt>
              <dd>{s.job_number ?? 'None'}</dd>
            </dl>
            <h2 className="pt-2 text-lg font-semibold text-slate-900">Participants</h2>
            {s.sp_users.length === 0 ? <p className="text-slate-600">No participants yet.</p> : null}
            <ul className="space-y-1">
              {s.sp_users.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {fullName(u.user)} ({u.user.email}) — {u.role_id === 2 ? 'SP' : 'Observer'}
                  </span>
                  {s.abilities.manage ? (
                    <Button size="sm" variant="ghost" onClick={() => remove(u.id)} aria-label={`Remove ${fullName(u.user)}`}>
                      Remove
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-3 pt-2">
              {s.abilities.complete ? <Button onClick={complete}>Mark as Complete</Button> : null}
              {s.is_complete ? <RecordingButton id={s.id} /> : null}
            </div>
          </CardBody>
        </Card>
        <JoinCard data={data} />
        {s.abilities.manage ? <TrainingSessionActions data={data} onChanged={changed} /> : null}
      </div>
      <aside aria-label="Training session details">
        <SideCard data={data} />
      </aside>
    </div>
  );
}
