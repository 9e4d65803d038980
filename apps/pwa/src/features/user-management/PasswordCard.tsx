import { adminPasswordErrors, adminPasswordRequestSchema } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, TextField } from '@simvisit/ui';
import { useId } from 'react';
import { isApiError } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { AdminCallError } from './AdminCallError';
import { useUpdatePassword } from './queries';

/** The rule's words for two different entries (its only message when the length is fine). */
const MISMATCH = adminPasswordErrors('12345678', '')[0] ?? '';

/** Update Password (permission user.edit): the spec's two rules are shown on Save before anything is sent. */
export function PasswordCard({ userId }: { userId: number }) {
  const ids = useId();
  const mutation = useUpdatePassword(userId, () => passwordForm.form.reset());
  const passwordForm = useApiForm({
    schema: adminPasswordRequestSchema,
    defaultValues: { password: '', password_confirmation: '' },
    input: (values) => ({ ...values, user_id: userId }),
    submit: (body) => mutation.mutateAsync(body),
  });
  const { field, onSubmit, submitting } = passwordForm;

  // Both rules are reported under `password` (the schema's and the server's); the mismatch shows under its own field.
  const shown = passwordForm.messages('password');
  const passwordError = shown.filter((m) => m !== MISMATCH).join(' ') || null;
  const confirmError = shown.includes(MISMATCH) ? MISMATCH : null;
  const serverExplained = isApiError(mutation.error) && (mutation.error.errors.password?.length ?? 0) > 0;

  return (
    <Card aria-label="Update Password">
      <CardHeader title="Update Password" />
      <CardBody>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            mutation.reset();
            void onSubmit(event);
          }}
          noValidate
        >
          <TextField
            {...field('password', `${ids}-password`)}
            label="Password"
            type="password"
            autoComplete="new-password"
            maxLength={256}
            error={passwordError}
          />
          <TextField
            {...field('password_confirmation', `${ids}-confirm`)}
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            maxLength={256}
            error={confirmError}
          />
          {serverExplained ? null : <AdminCallError error={mutation.error} />}
          <Button type="submit" disabled={submitting || mutation.isPending}>
            Save
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
