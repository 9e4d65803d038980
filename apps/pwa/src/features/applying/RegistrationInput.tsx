import type { RegistrationField } from '@simvisit/schema';
import { SelectField, TextAreaField, TextField } from '@simvisit/ui';
import type { useApiForm } from '../../lib/api-form';

/**
 * One of the partner's registration fields, bound to its place in `custom_fields`: shared by every form that
 * creates an account with the partner's fields (applying, learner registration).
 */
export function RegistrationInput({ field, bind }: { field: RegistrationField; bind: ReturnType<ReturnType<typeof useApiForm>['field']> }) {
  if (field.field_type === 'select') {
    const options = field.answers.map((a) => ({ value: String(a.id), label: a.title }));
    return <SelectField label={field.field_name} required={field.required} options={options} placeholder="Select an option" {...bind} />;
  }
  if (field.field_type === 'textbox')
    return <TextAreaField label={field.field_name} required={field.required} rows={3} className="sm:col-span-2" {...bind} />;
  return <TextField label={field.field_name} required={field.required} {...bind} />;
}
