import { updatePasswordRequestSchema } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, TextField } from '@simvisit/ui';
import type { FormEvent } from 'react';
import { useApiForm } from '../../lib/api-form';
import type { FieldErrors } from '../../lib/form-errors';
import { notify, notifyError } from '../../platform/notices';
import { useSyncState } from '../../platform/sync';
import { OFFLINE_NOTE } from './EditableRow';
import { updatePassword } from './profile-api';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** The notification's text: the password's own messages (spec 000 §8), else whatever explains the failure. */
function errorList(errors: FieldErrors, fallback: string): string {
  const password = errors.password ?? [];
  if (password.length) return password.join(' ');
  const all = Object.values(errors).flat();
  return all.length ? all.join(' ') : fallback;
}

/** Password: the current one, the new one and its confirmation (POST api/auth/user/update-password). */
export function PasswordCard() {
  const { online } = useSyncState();
  const {
    field,
    onSubmit,
    submitting: saving,
  } = useApiForm({
    schema: updatePasswordRequestSchema,
    defaultValues: EMPTY,
    submit: async (body, form) => {
      const { message } = await updatePassword(body);
      form.reset(EMPTY);
      notify({ title: message, icon: 'success', color: 'green' });
    },
    onInvalid: (errors) => notifyError('Error saving password', errorList(errors, 'Please check the fields below.')),
    onError: ({ errors, message }) => notifyError('Error saving password', errorList(errors, message)),
  });

  function save(event: FormEvent) {
    event.preventDefault();
    if (online) void onSubmit();
  }

  return (
    <Card aria-labelledby="profile-password-title">
      <CardHeader title={<span id="profile-password-title">Password</span>} />
      <CardBody>
        <form className="space-y-4" onSubmit={save} noValidate aria-label="Change Password">
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              {...field('current_password', 'profile-current-password')}
              label="Current Password"
              type="password"
              autoComplete="current-password"
            />
            <TextField
              {...field('password', 'profile-new-password')}
              label="New Password"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters."
            />
            <TextField
              {...field('password_confirmation', 'profile-confirm-password')}
              label="Confirm New Password"
              type="password"
              autoComplete="new-password"
            />
          </div>
          <div className="flex flex-wrap items-center justify-end gap-3">
            {!online ? (
              <p role="status" className="mr-auto text-sm text-amber-800">
                {OFFLINE_NOTE}
              </p>
            ) : null}
            <Button type="submit" disabled={saving || !online}>
              {saving ? 'Saving…' : 'Save Password'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
