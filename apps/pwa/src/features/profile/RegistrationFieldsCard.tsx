import { type RegistrationField, updateCustomFieldRequestSchema } from '@simvisit/schema';
import { Card, CardBody, CardHeader, SelectField, TextAreaField, TextField } from '@simvisit/ui';
import { useRegistrationSelectValues } from '../../lib/lookups';
import { useSessionUpdater, useSignedInSession } from '../../platform/session';
import { EditableRow } from './EditableRow';
import { updateCustomField } from './profile-api';

function SelectAnswer({
  field,
  value,
  onChange,
  error,
  disabled,
}: {
  field: RegistrationField;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
}) {
  const options = useRegistrationSelectValues(field.id, field.answers);
  return (
    <SelectField
      id={`profile-registration-${field.id}`}
      label={field.field_name}
      required={field.required}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={options.map((o) => ({ value: String(o.id), label: o.title }))}
      placeholder="Select an answer"
      error={error}
      disabled={disabled}
      autoFocus
    />
  );
}

/** One registration field of the partner, answered with PATCH api/auth/user/update-custom-field/{id}. */
function RegistrationFieldRow({ field }: { field: RegistrationField }) {
  const { user } = useSignedInSession();
  const { patchUser } = useSessionUpdater();
  const stored = user.user_custom_data.find((d) => d.registration_field_id === field.id)?.field_value ?? null;
  const options = useRegistrationSelectValues(field.id, field.answers);
  const id = `profile-registration-${field.id}`;

  return (
    <EditableRow
      label={field.field_name}
      view={stored}
      mainKey="value"
      initialValues={() => {
        if (field.field_type !== 'select') return { value: stored ?? '' };
        // A select answer is stored as the option's title; the control works with option ids.
        const option = options.find((o) => o.title === stored);
        return { value: option ? String(option.id) : '' };
      }}
      schema={updateCustomFieldRequestSchema}
      save={async (_data, { value: draft }) => {
        const value = draft.trim() === '' ? null : field.field_type === 'select' ? Number(draft) : draft;
        const { field_value } = await updateCustomField(field.id, value);
        const others = user.user_custom_data.filter((d) => d.registration_field_id !== field.id);
        patchUser({ user_custom_data: [...others, { registration_field_id: field.id, field_value }] });
      }}
      editor={({ form, field: bind, error, saving }) => {
        if (field.field_type === 'select') {
          return (
            <SelectAnswer
              field={field}
              value={form.watch('value')}
              onChange={(value) => form.setValue('value', value)}
              error={error('value')}
              disabled={saving}
            />
          );
        }
        if (field.field_type === 'textbox') {
          return (
            <TextAreaField
              {...bind('value', id)}
              label={field.field_name}
              required={field.required}
              error={error('value')}
              disabled={saving}
              autoFocus
            />
          );
        }
        return (
          <TextField
            {...bind('value', id)}
            label={field.field_name}
            required={field.required}
            error={error('value')}
            disabled={saving}
            autoFocus
          />
        );
      }}
    />
  );
}

/** The dynamic registration fields of the user's partner (and the default set), from api/auth/user. */
export function RegistrationFieldsCard() {
  const { registation_fields: fields } = useSignedInSession();
  if (fields.length === 0) return null;
  return (
    <Card aria-labelledby="profile-registration-title">
      <CardHeader title={<span id="profile-registration-title">Additional Information</span>} />
      <CardBody className="divide-y divide-slate-100 py-1">
        {fields.map((field) => (
          <RegistrationFieldRow key={field.id} field={field} />
        ))}
      </CardBody>
    </Card>
  );
}
