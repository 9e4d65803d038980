import { QUOTE_REQUEST_COUNT_MAX, type QuoteRequestValues } from '@simvisit/schema';
import { Button, SelectField, TextField } from '@simvisit/ui';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';

interface Props {
  // biome-ignore lint/suspicious/noExplicitAny: the form's parsed type is the API's, its values the inputs'
  form: UseFormReturn<QuoteRequestValues, unknown, any>;
  error: (name: string) => string | null;
  scenarios: readonly { id: string; title: string }[];
}

/** The published scenarios wanted, one row each with its number of sessions; rows are added and removed freely. */
export function QuoteRequestScenarios({ form, error, scenarios }: Props) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'scenarios' });
  const options = scenarios.map((s) => ({ value: s.id, label: s.title }));
  const rows = form.watch('scenarios') ?? [];
  const listError = error('scenarios');
  return (
    <fieldset className="space-y-3 sm:col-span-2" aria-describedby={listError ? 'scenarios-error' : undefined}>
      <legend className="text-sm font-medium text-slate-900">Scenarios</legend>
      <p className="text-sm text-slate-600">The scenarios you would like, and how many sessions of each.</p>
      {fields.map((row, index) => (
        <div key={row.id} className="grid items-end gap-3 sm:grid-cols-[1fr_8rem_auto]" data-testid="quote-scenario-row">
          <SelectField
            id={`scenario-${index}`}
            label={`Scenario ${index + 1}`}
            options={options}
            placeholder="Select a scenario"
            // set and read through the form: a row's choice must follow it when a row above is removed
            value={rows[index]?.scenario_id ?? ''}
            onChange={(e) => form.setValue(`scenarios.${index}.scenario_id`, e.target.value)}
            error={error(`scenarios.${index}.scenario_id`)}
          />
          <TextField
            id={`scenario-${index}-count`}
            label={`Sessions ${index + 1}`}
            type="number"
            min={1}
            max={QUOTE_REQUEST_COUNT_MAX}
            step={1}
            inputMode="numeric"
            {...form.register(`scenarios.${index}.scenario_count`)}
            error={error(`scenarios.${index}.scenario_count`)}
          />
          <Button type="button" variant="secondary" onClick={() => remove(index)} aria-label={`Remove scenario ${index + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      {listError ? (
        <p id="scenarios-error" className="text-sm text-red-700">
          {listError}
        </p>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={fields.length >= scenarios.length}
        onClick={() => {
          // the next scenario not chosen yet, so a new row starts on something useful
          const chosen = (form.getValues('scenarios') ?? []).map((s) => s.scenario_id);
          append({ scenario_id: scenarios.find((s) => !chosen.includes(s.id))?.id ?? '', scenario_count: 1 });
        }}
      >
        Add Scenario
      </Button>
    </fieldset>
  );
}
