import { authApi } from '@simvisit/schema';
import { Button, Card, CardBody, TextField } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { apiCall, errorMessage, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { refreshSession } from '../../platform/session';

/** Brand passcode entry (spec 000 §2.5); the server message shows under the input on failure. */
export function PasscodePage() {
  useDocumentTitle('Passcode');
  const queryClient = useQueryClient();
  const router = useRouter();
  const [passcode, setPasscode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!passcode.trim()) return;
    setSubmitting(true);
    setError(null);
    try {
      await apiCall(authApi.submitPasscode, { body: { passcode } });
    } catch (caught) {
      setSubmitting(false);
      if (isApiError(caught) && caught.sessionEnded) return;
      setError((isApiError(caught) && caught.fieldError('passcode')) || errorMessage(caught));
      return;
    }
    const session = await refreshSession(queryClient);
    if (session) await router.navigate({ to: '/dashboard' });
    else setSubmitting(false);
  }

  return (
    <div className="mx-auto w-full max-w-md py-6">
      <Card>
        <CardBody padding="lg" className="space-y-5">
          <div className="space-y-2 text-center">
            <h1 className="text-xl font-semibold text-slate-900">Passcode Required</h1>
            <p className="text-slate-700">Access to this brand requires a passcode.</p>
            <p className="text-sm text-slate-500">Passcodes are provided by your institution</p>
          </div>
          <form className="space-y-4" onSubmit={submit} noValidate>
            <TextField
              id="passcode"
              name="passcode"
              label="Passcode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={25}
              value={passcode}
              onChange={(e) => setPasscode(e.target.value)}
              error={error}
            />
            <Button type="submit" className="w-full" disabled={!passcode.trim() || submitting}>
              Submit Passcode
            </Button>
          </form>
        </CardBody>
      </Card>
    </div>
  );
}
