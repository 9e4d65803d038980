import { authApi, MSG, passcodeRequestSchema } from '@simvisit/schema';
import { Button, Card, CardBody, TextField } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { apiCall } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { refreshSession } from '../../platform/session';

/** Brand passcode entry (spec 000 §2.5); the server message shows under the input on failure. */
export function PasscodePage() {
  useDocumentTitle('Passcode');
  const queryClient = useQueryClient();
  const router = useRouter();
  const { form, field, onSubmit, submitting, failure } = useApiForm({
    schema: passcodeRequestSchema,
    defaultValues: { passcode: '' },
    submit: async (body) => {
      await apiCall(authApi.submitPasscode, { body });
      const session = await refreshSession(queryClient);
      if (session) await router.navigate({ to: '/dashboard' });
    },
  });
  const passcode = field('passcode');
  const empty = !form.watch('passcode').trim();

  return (
    <div className="mx-auto w-full max-w-md py-6">
      <Card>
        <CardBody padding="lg" className="space-y-5">
          <div className="space-y-2 text-center">
            <h1 className="text-xl font-semibold text-slate-900">Passcode Required</h1>
            <p className="text-slate-700">{MSG.passcodeRequired}</p>
            <p className="text-sm text-slate-500">Passcodes are provided by your institution</p>
          </div>
          <form className="space-y-4" onSubmit={onSubmit} noValidate>
            <TextField
              {...passcode}
              label="Passcode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={25}
              // Whatever the server answers, it is about the passcode: its message shows under the input.
              error={passcode.error ?? failure}
            />
            <Button type="submit" className="w-full" disabled={empty || submitting}>
              Submit Passcode
            </Button>
          </form>
        </CardBody>
      </Card>
    </div>
  );
}
