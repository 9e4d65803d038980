import type { RegistrationField } from '@simvisit/schema';
import { SelectField, TextAreaField, TextField } from '@simvisit/ui';
import type { FieldBinding } from './api-form';
import type { LightFieldBinding } from './light-form';

/*
 * The fields of a form that creates an account (applying for a role, a learner registering; issue 18 item 2,
 * docs/decisions/0063), bound with useApiForm's `field` (useLightForm's on the registration page): the shared
 * schema's `accountFieldsSchema` checks them and the server answers in the same words. The contact form shows the person's fields alone.
 */

type Binding = FieldBinding | LightFieldBinding;
type Bind<TName extends string> = (name: TName, id?: string) => Binding;

type PersonFieldName = 'first_name' | 'last_name' | 'email';
type AccountFieldName = PersonFieldName | 'password' | 'password_confirmation' | `custom_fields.${number}.value`;

/** First Name, Last Name and Email, in a two-column grid (Email spans both unless `emailBeside` is set). */
export function PersonFields({ field, emailBeside = false }: { field: Bind<PersonFieldName>; emailBeside?: boolean }) {
  return (
    <>
      <TextField label="First Name" autoComplete="given-name" required {...field('first_name')} />
      <TextField label="Last Name" autoComplete="family-name" required {...field('last_name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        className={emailBeside ? undefined : 'sm:col-span-2'}
        {...field('email')}
      />
    </>
  );
}

/** The person, a new password typed twice, then the partner's registration fields (spec 002 §2.11), in their order. */
export function AccountFields({
  field,
  registrationFields,
}: {
  field: Bind<AccountFieldName>;
  registrationFields: readonly RegistrationField[];
}) {
  return (
    <>
      <PersonFields field={field} />
      <TextField label="Password" type="password" autoComplete="new-password" required {...field('password')} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" required {...field('password_confirmation')} />
      {registrationFields.map((f, index) => (
        <RegistrationInput key={f.id} field={f} bind={field(`custom_fields.${index}.value`, `registration-${f.id}`)} />
      ))}
    </>
  );
}

/** One of the partner's registration fields, bound to its place in `custom_fields`. */
function RegistrationInput({ field, bind }: { field: RegistrationField; bind: Binding }) {
  if (field.field_type === 'select') {
    const options = field.answers.map((a) => ({ value: String(a.id), label: a.title }));
    return <SelectField label={field.field_name} required={field.required} options={options} placeholder="Select an option" {...bind} />;
  }
  if (field.field_type === 'textbox')
    return <TextAreaField label={field.field_name} required={field.required} rows={3} className="sm:col-span-2" {...bind} />;
  return <TextField label={field.field_name} required={field.required} {...bind} />;
}
