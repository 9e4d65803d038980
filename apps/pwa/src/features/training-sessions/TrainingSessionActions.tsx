import {
  deviceTimeZone,
  TRAINING_SESSION_MESSAGES as M,
  rescheduleTrainingSessionRequestSchema,
  type TrainingSessionResponse,
  trainingSessionHref,
  trainingSlotOf,
  trainingTimeOptions,
} from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, Modal, SelectField, TextField } from '@simvisit/ui';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { AppLink } from '../../lib/app-link';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { trainingCalls } from './training-sessions-api';

const TIMES = trainingTimeOptions();
type Data = TrainingSessionResponse;

/** Runs a call, tells its success or the spec's failure title with the server's message, then reloads. */
async function run(call: () => Promise<{ message: string }>, failure: string, onChanged: () => void): Promise<boolean> {
  try {
    notifySuccess((await call()).message);
    onChanged();
    return true;
  } catch (err) {
    notifyFailure(failure, err);
    return false;
  }
}

/**
 * Reschedule: a date and a time, checked by the server's shared schema ('Please provide a date for reschedule.'
 * when either is missing) through useApiForm (decision 0037); a field's message clears when it changes.
 */
function Reschedule({ id, onChanged }: { id: number; onChanged: () => void }) {
  const { form, onSubmit, submitting, error, failure } = useApiForm({
    schema: rescheduleTrainingSessionRequestSchema,
    defaultValues: { date: '', time: '' },
    input: (v) => ({ training_session_id: id, date: trainingSlotOf(v.date, v.time), timezone: deviceTimeZone() }),
    submit: async (body) => {
      notifySuccess((await trainingCalls.reschedule(body.training_session_id, body.date)).message);
      form.reset({ date: '', time: '' });
      onChanged();
    },
    onError: (_f, err) => notifyFailure(M.rescheduleError, err),
  });
  const values = form.watch();
  const set = (name: 'date' | 'time', value: string) => {
    form.setValue(name, value, { shouldDirty: true });
    form.clearErrors('date');
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Reschedule">
      {failure ? <p className="text-sm text-red-700">{failure}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="reschedule-date"
          label="New date"
          type="date"
          value={values.date}
          error={error('date')}
          onChange={(e) => set('date', e.target.value)}
        />
        <SelectField
          id="reschedule-time"
          label="New time"
          value={values.time}
          placeholder="Select a time"
          options={TIMES}
          onChange={(e) => set('time', e.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={submitting}>
        Reschedule
      </Button>
    </form>
  );
}

/** The job number: set, changed or cleared (null); uppercased; a failure shows inline (spec 001 §8). */
function JobNumber({ id, value, onChanged }: { id: number; value: string | null; onChanged: () => void }) {
  const [text, setText] = useState(value ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    try {
      notifySuccess((await trainingCalls.jobNumber(id, text.trim() === '' ? null : text.toUpperCase())).message);
      setProblem(null);
      onChanged();
    } catch (err) {
      setProblem(errorMessage(err));
    }
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3" aria-label="Job Number">
      <TextField
        id="job-number"
        label={value ? 'Edit Job Number' : 'Provide Job Number'}
        value={text}
        maxLength={255}
        error={problem}
        onChange={(e) => {
          setText(e.target.value.toUpperCase());
          setProblem(null);
        }}
      />
      <Button type="submit" variant="secondary">
        Save Job Number
      </Button>
    </form>
  );
}

/** Edit participants: add any of the available users ('You must set users.' with none chosen). */
function AddUsers({ data, onChanged }: { data: Data; onChanged: () => void }) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!chosen.length) return setProblem(M.addUsersRequired);
    if (await run(() => trainingCalls.addUsers(data.training_session.id, chosen), M.addError, onChanged)) setChosen([]);
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-label="Add participants">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Add participants</legend>
        {data.available_users.length === 0 ? <p className="text-sm text-slate-600">Nobody else is available to add.</p> : null}
        <ul className="max-h-48 space-y-1 overflow-y-auto">
          {data.available_users.map((u) => (
            <li key={u.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={chosen.includes(u.id)}
                  onChange={(e) => {
                    setProblem(null);
                    setChosen(e.target.checked ? [...chosen, u.id] : chosen.filter((x) => x !== u.id));
                  }}
                />
                {u.name} ({u.email})
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {problem ? <p className="text-sm text-red-700">{problem}</p> : null}
      <Button type="submit" variant="secondary">
        Add Users
      </Button>
    </form>
  );
}

/**
 * The trainer's actions on an open session (spec 001 §2): reschedule, cancel, print scenario, job number,
 * practice tools and participants. The server decides who may; this card shows only for them.
 */
export function TrainingSessionActions({ data, onChanged }: { data: Data; onChanged: () => void }) {
  const s = data.training_session;
  const [confirming, setConfirming] = useState(false);
  return (
    <Card>
      <CardHeader title="Trainer Actions" />
      <CardBody className="space-y-6">
        <Reschedule id={s.id} onChanged={onChanged} />
        <JobNumber key={s.job_number ?? ''} id={s.id} value={s.job_number} onChanged={onChanged} />
        <AddUsers data={data} onChanged={onChanged} />
        <div className="flex flex-wrap gap-3">
          {s.scenario ? (
            <Button asChild variant="secondary">
              <AppLink to={`/scenarios/${s.scenario.id}/print`}>Print Scenario</AppLink>
            </Button>
          ) : null}
          <Button asChild variant="secondary">
            <AppLink to={`${trainingSessionHref(s.id)}/practice/feedback`}>Practice Tools</AppLink>
          </Button>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Cancel Training Session
          </Button>
        </div>
        <Modal
          open={confirming}
          onOpenChange={setConfirming}
          title="Cancel Training Session"
          description="Are you sure you want to cancel this training session? Everyone in it is told."
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep It
              </Button>
              <Button
                variant="danger"
                onClick={async () => {
                  setConfirming(false);
                  await run(() => trainingCalls.cancel(s.id), M.cancelError, onChanged);
                }}
              >
                Cancel Session
              </Button>
            </>
          }
        >
          {null}
        </Modal>
      </CardBody>
    </Card>
  );
}

export { run as runTrainingCall };
