import {
  deviceTimeZone,
  TRAINING_SESSION_MESSAGES as M,
  needsScenario,
  scheduleTrainingSessionRequestSchema,
  TRAINING_SESSION_TYPES,
  trainingSlotOf,
  trainingTimeOptions,
} from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, SelectField, TextField } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useApiForm } from '../../lib/api-form';
import { useAppConfig } from '../../lib/app-config';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { trainingCalls, trainingKeys, useScheduleOptions } from './training-sessions-api';

interface ScheduleValues {
  date: string;
  time: string;
  type: string;
  users: number[];
  scenario: string;
  is_sim: string;
  job_number: string;
}
const EMPTY: ScheduleValues = { date: '', time: '', type: '', users: [], scenario: '', is_sim: '0', job_number: '' };
const TIMES = trainingTimeOptions();

/** Today in the device's zone: the date picker's lower limit (spec 001 §5). */
function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The trainer dashboard's Schedule a Training Session form (spec 001 §5): every rule is the server's shared
 * schema; each field's message clears as soon as the field changes; success says 'Training Session Scheduled'.
 */
export function ScheduleTrainingSessionForm() {
  const { product_name } = useAppConfig();
  const options = useScheduleOptions();
  const queryClient = useQueryClient();
  const { form, onSubmit, submitting, error, failure } = useApiForm({
    schema: scheduleTrainingSessionRequestSchema,
    defaultValues: EMPTY,
    input: (v) => ({
      date: trainingSlotOf(v.date, v.time),
      type: v.type === '' ? undefined : Number(v.type),
      users: v.users,
      scenario: v.scenario === '' ? null : Number(v.scenario),
      is_sim: Number(v.is_sim),
      job_number: v.job_number,
      timezone: deviceTimeZone(),
    }),
    submit: async (body) => {
      const { message } = await trainingCalls.schedule(body);
      notifySuccess(message);
      form.reset(EMPTY);
      await queryClient.invalidateQueries({ queryKey: trainingKeys.all });
    },
    onError: (_f, err) => notifyFailure(M.scheduleError, err),
  });
  const values = form.watch();
  /** A change of a field also clears its message (spec 001 §5). */
  const set = <K extends keyof ScheduleValues>(name: K, value: ScheduleValues[K], errorName: string = name) => {
    form.setValue(name, value as never, { shouldDirty: true });
    form.clearErrors(errorName as never);
  };
  const users = options.data?.available_users ?? [];
  const scenarios = options.data?.scenarios ?? [];
  const withScenario = values.type !== '' && needsScenario(Number(values.type));
  const toggle = (id: number, on: boolean) => set('users', on ? [...values.users, id] : values.users.filter((u) => u !== id));

  return (
    <Card aria-labelledby="schedule-training">
      <CardHeader title={<span id="schedule-training">{M.scheduleTitle}</span>} />
      <CardBody>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure ? <p className="text-sm text-red-700">{failure}</p> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="training-date"
              label="Date"
              type="date"
              min={today()}
              value={values.date}
              onChange={(e) => set('date', e.target.value)}
              error={error('date')}
              required
            />
            <SelectField
              id="training-time"
              label="Time"
              value={values.time}
              placeholder="Select a time"
              options={TIMES}
              onChange={(e) => set('time', e.target.value, 'date')}
              required
            />
          </div>
          <SelectField
            id="training-type"
            label="Training Session Type"
            value={values.type}
            placeholder="Select a type"
            options={TRAINING_SESSION_TYPES.map((t) => ({
              value: String(t.id),
              label: `${t.name} (${t.hours} ${t.hours === 1 ? 'hour' : 'hours'})`,
            }))}
            onChange={(e) => set('type', e.target.value)}
            error={error('type')}
            required
          />
          <SelectField
            id="training-platform"
            label="Platform"
            value={values.is_sim}
            options={[
              { value: '0', label: product_name },
              { value: '1', label: 'Simclusive' },
            ]}
            onChange={(e) => set('is_sim', e.target.value)}
          />
          {withScenario ? (
            <>
              <SelectField
                id="training-scenario"
                label="Scenario"
                value={values.scenario}
                placeholder="Select a scenario"
                options={scenarios.map((s) => ({ value: String(s.id), label: `${s.title ?? 'Untitled'} (${s.patient_name ?? ''})` }))}
                onChange={(e) => set('scenario', e.target.value)}
                error={error('scenario')}
                required
              />
              <TextField
                id="training-job-number"
                label="Job Number"
                value={values.job_number}
                maxLength={255}
                onChange={(e) => set('job_number', e.target.value.toUpperCase())}
                error={error('job_number')}
                required
              />
            </>
          ) : null}
          <fieldset className="space-y-2" aria-describedby={error('users') ? 'training-users-error' : undefined}>
            <legend className="text-sm font-medium text-slate-800">Users</legend>
            {users.length === 0 ? <p className="text-sm text-slate-600">No SPs or observers are available at this partner.</p> : null}
            <ul className="max-h-56 space-y-1 overflow-y-auto">
              {users.map((u) => (
                <li key={u.id}>
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" checked={values.users.includes(u.id)} onChange={(e) => toggle(u.id, e.target.checked)} />
                    {u.name} ({u.email})
                  </label>
                </li>
              ))}
            </ul>
            {error('users') ? (
              <p id="training-users-error" className="text-sm text-red-700">
                {error('users')}
              </p>
            ) : null}
          </fieldset>
          <Button type="submit" disabled={submitting}>
            Schedule
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
