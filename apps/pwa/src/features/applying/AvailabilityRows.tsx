import { type ApplyFormValues, WEEKDAYS } from '@simvisit/schema';
import { Button, SelectField, TextField } from '@simvisit/ui';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';

const DAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: day }));

interface Props {
  // biome-ignore lint/suspicious/noExplicitAny: the form's parsed type is the API's, its values the inputs'
  form: UseFormReturn<ApplyFormValues, unknown, any>;
  error: (name: string) => string | null;
}

/** Weekly availability as on the profile: a day, a start and an end on the half-hour grid, as many as needed. */
export function AvailabilityRows({ form, error }: Props) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'availabilities' });
  return (
    <fieldset className="space-y-3 sm:col-span-2">
      <legend className="text-sm font-medium text-slate-900">Weekly Availability</legend>
      <p className="text-sm text-slate-600">When you can usually take sessions, in your time zone.</p>
      {fields.map((row, index) => (
        <div key={row.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]" data-testid="availability-row">
          <SelectField
            id={`availability-${index}-day`}
            label={`Day ${index + 1}`}
            options={DAY_OPTIONS}
            {...form.register(`availabilities.${index}.day`)}
            error={error(`availabilities.${index}.day`)}
          />
          <TextField
            id={`availability-${index}-start`}
            label={`Start ${index + 1}`}
            type="time"
            step={1800}
            {...form.register(`availabilities.${index}.start_time`)}
            error={error(`availabilities.${index}.start_time`)}
          />
          <TextField
            id={`availability-${index}-end`}
            label={`End ${index + 1}`}
            type="time"
            step={1800}
            {...form.register(`availabilities.${index}.end_time`)}
            error={error(`availabilities.${index}.end_time`)}
          />
          <Button type="button" variant="secondary" onClick={() => remove(index)} aria-label={`Remove availability ${index + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      <Button type="button" variant="secondary" size="sm" onClick={() => append({ day: 'Monday', start_time: '09:00', end_time: '17:00' })}>
        Add Availability
      </Button>
    </fieldset>
  );
}
