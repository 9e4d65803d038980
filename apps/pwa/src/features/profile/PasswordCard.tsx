import { updatePasswordRequestSchema } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, TextField } from '@simvisit/ui';
import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { type FieldErrors, firstError, validate } from '../../lib/form-errors';
import { notify, notifyError } from '../../platform/notices';
import { useSyncState } from '../../platform/sync';
import { OFFLINE_NOTE } from './EditableRow';
import { updatePassword } from './profile-api';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };
type PasswordForm = typeof EMPTY;

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
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  function fail(fieldErrors: FieldErrors, fallback: string) {
    setErrors(fieldErrors);
    notifyError('Error saving password', errorList(fieldErrors, fallback));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving || !online) return;
    const checked = validate(updatePasswordRequestSchema, form);
    if (checked.errors) {
      fail(checked.errors, 'Please check the fields below.');
      return;
    }
    setSaving(true);
    try {
      const { message } = await updatePassword(checked.data);
      setForm(EMPTY);
      setErrors({});
      notify({ title: message, icon: 'success', color: 'green' });
    } catch (error) {
      if (isApiError(error) && error.sessionEnded) return;
      fail(isApiError(error) ? error.errors : {}, errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  const set = (key: keyof PasswordForm) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  return (
    <Card aria-labelledby="profile-password-title">
      <CardHeader title={<span id="profile-password-title">Password</span>} />
      <CardBody>
        <form className="space-y-4" onSubmit={save} noValidate aria-label="Change Password">
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              id="profile-current-password"
              label="Current Password"
              type="password"
              autoComplete="current-password"
              value={form.current_password}
              onChange={set('current_password')}
              error={firstError(errors, 'current_password')}
            />
            <TextField
              id="profile-new-password"
              label="New Password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={set('password')}
              error={firstError(errors, 'password')}
              hint="At least 8 characters."
            />
            <TextField
              id="profile-confirm-password"
              label="Confirm New Password"
              type="password"
              autoComplete="new-password"
              value={form.password_confirmation}
              onChange={set('password_confirmation')}
              error={firstError(errors, 'password_confirmation')}
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
