import { adminPasswordErrors } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, TextField } from '@simvisit/ui';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '../../lib/api';
import { AdminCallError } from './AdminCallError';
import { useUpdatePassword } from './queries';

/** The rule's words for two different entries (its only message when the length is fine). */
const MISMATCH = adminPasswordErrors('12345678', '')[0] ?? '';

/** Update Password (permission user.edit): the spec's two rules are shown on Save before anything is sent. */
export function PasswordCard({ userId }: { userId: number }) {
  const ids = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const mutation = useUpdatePassword(userId, () => {
    setPassword('');
    setConfirmation('');
  });

  // Server messages under errors.password take the place of the client's own once a call has failed.
  const serverProblems = isApiError(mutation.error) ? (mutation.error.errors.password ?? []) : [];
  const shown = problems.length ? problems : serverProblems;
  const passwordError = shown.filter((m) => m !== MISMATCH).join(' ') || null;
  const confirmError = shown.includes(MISMATCH) ? MISMATCH : null;

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = adminPasswordErrors(password, confirmation);
    setProblems(errors);
    mutation.reset();
    if (errors.length) return;
    mutation.mutate({ user_id: userId, password, password_confirmation: confirmation });
  }

  return (
    <Card aria-label="Update Password">
      <CardHeader title="Update Password" />
      <CardBody>
        <form className="space-y-4" onSubmit={save} noValidate>
          <TextField
            id={`${ids}-password`}
            label="Password"
            type="password"
            autoComplete="new-password"
            maxLength={256}
            value={password}
            error={passwordError}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            id={`${ids}-confirm`}
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            maxLength={256}
            value={confirmation}
            error={confirmError}
            onChange={(e) => setConfirmation(e.target.value)}
          />
          {serverProblems.length === 0 ? <AdminCallError error={mutation.error} /> : null}
          <Button type="submit" disabled={mutation.isPending}>
            Save
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
