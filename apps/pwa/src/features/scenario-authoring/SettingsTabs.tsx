import {
  formatDateTime,
  SCENARIO_FEE_MAX_LENGTH,
  SCENARIO_MESSAGES,
  SCENARIO_STATUS_LABELS,
  type ScenarioDetail,
  scenarioFeeRequestSchema,
  scenariosApi,
} from '@simvisit/schema';
import { Alert, Button, Spinner, TextField } from '@simvisit/ui';
import { useId, useState } from 'react';
import { apiCall, errorMessage } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { TrainerSection } from './PeopleTab';
import { useScorecardDisplay } from './scenario-api';
import { useScenarioCall } from './scenario-calls';

const M = SCENARIO_MESSAGES;

function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : formatDateTime(date);
}

/** Details: author, reviewer, trainer, status and dates. */
export function DetailsTab({ scenario, online }: { scenario: ScenarioDetail; online: boolean }) {
  const rows: [string, string][] = [
    ['Author', scenario.author?.name ?? '—'],
    ['Reviewer', scenario.reviewer?.name ?? '—'],
    ['Status', SCENARIO_STATUS_LABELS[scenario.status]],
    ['Created', when(scenario.created_at)],
    ['Last updated', when(scenario.updated_at)],
  ];
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="space-y-2 border-t border-slate-100 pt-3">
        <h2 className="text-sm font-semibold text-slate-900">Trainer</h2>
        <TrainerSection scenario={scenario} online={online} />
      </div>
    </div>
  );
}

/** Scorecard Display: how the scorecards of a visit are shown (options from the server). */
export function ScorecardDisplayTab({ scenario, online }: { scenario: ScenarioDetail; online: boolean }) {
  const settings = useScorecardDisplay(scenario.id, true);
  const [choice, setChoice] = useState<number | null>(null);
  const name = useId();
  const save = useScenarioCall(
    scenario.id,
    (id: number) => apiCall(scenariosApi.saveScorecardDisplay, { params: { id: scenario.id }, body: { scorecard_display_type_id: id } }),
    { errorTitle: 'Error updating scorecard display settings', success: (a) => a.message || M.displayUpdated },
  );
  if (settings.isPending) return <Spinner label="Loading settings" />;
  if (settings.isError) {
    return (
      <Alert tone="danger" role="alert" title="Error loading scenario details">
        {errorMessage(settings.error)}
      </Alert>
    );
  }
  const current = choice ?? settings.data.scorecard_display_type_id;
  const canConfigure = scenario.abilities.can_configure;
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (current) save.mutate(current);
      }}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Scorecard display</legend>
        {settings.data.display_options.map((option) => (
          <label key={option.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={current === option.id}
              disabled={!canConfigure}
              onChange={() => setChoice(option.id)}
            />
            {option.name}
          </label>
        ))}
      </fieldset>
      {canConfigure ? (
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={!online || !current || save.isPending}>
            Save
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** Fee: a money value of at least 1, at most 255 characters; Save is disabled while it is empty. */
export function FeeTab({ scenario, online }: { scenario: ScenarioDetail; online: boolean }) {
  const id = useId();
  const save = useScenarioCall(
    scenario.id,
    (value: number) => apiCall(scenariosApi.saveFee, { params: { id: scenario.id }, body: { scenario_fee: value } }),
    { errorTitle: 'Error updating scenario fee', success: (a) => a.message || M.feeUpdated },
  );
  // The shared fee rule checks the value; the call's own notice reports a refusal, whose words go under the field.
  const { form, field, onSubmit } = useApiForm({
    schema: scenarioFeeRequestSchema,
    defaultValues: { scenario_fee: scenario.fee === null || scenario.fee === undefined ? '' : String(scenario.fee) },
    submit: ({ scenario_fee }) => save.mutateAsync(scenario_fee),
  });
  const control = field('scenario_fee', id);
  const fee = form.watch('scenario_fee');
  const canConfigure = scenario.abilities.can_configure;
  return (
    <form className="space-y-3" noValidate onSubmit={onSubmit}>
      <TextField
        {...control}
        label="Scenario Fee"
        type="number"
        min={1}
        step="0.01"
        inputMode="decimal"
        maxLength={SCENARIO_FEE_MAX_LENGTH}
        disabled={!canConfigure}
        onChange={(e) => {
          e.target.value = e.target.value.slice(0, SCENARIO_FEE_MAX_LENGTH);
          form.clearErrors('scenario_fee');
          return control.onChange(e);
        }}
      />
      {canConfigure ? (
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={!online || fee === '' || save.isPending}>
            Save
          </Button>
        </div>
      ) : null}
    </form>
  );
}
