import { authApi, resetPasswordRequestSchema, resolvePartnerSlug } from '@simvisit/schema';
import { Alert, Button, TextField } from '@simvisit/ui';
import { type FormEvent, useState } from 'react';
import { apiCall } from '../../lib/api';
import { useAppConfig } from '../../lib/app-config';
import { type FieldErrors, failureOf, firstError, validate } from '../../lib/form-errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePartnerOrDefault } from '../partners';
import { AuthCard } from './AuthCard';
import { LoginLink } from './LoginLink';

export interface ResetPasswordSearch {
  partner_slug?: string;
  email?: string;
}

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

export function ResetPasswordPage({ token, search }: { token: string; search: ResetPasswordSearch }) {
  useDocumentTitle('Set a New Password');
  const config = useAppConfig();
  const { partner, slug } = usePartnerOrDefault(resolvePartnerSlug(config.host_partner_slug, search.partner_slug));
  const [values, setValues] = useState({ email: search.email ?? '', password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (field: (typeof FIELDS)[number]) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function change(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = validate(resetPasswordRequestSchema, { ...values, token });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setSubmitting(true);
    try {
      const answer = await apiCall(authApi.resetPassword, { body: checked.data }, { onUnauthenticated: 'ignore' });
      setDoneMessage(answer.message);
    } catch (error) {
      const { errors: fields, message } = failureOf(error, FIELDS);
      setErrors(fields);
      // An invalid or expired token is reported under `token`, which has no field of its own.
      setFailure(message ?? fields.token?.[0] ?? null);
    } finally {
      setSubmitting(false);
    }
  }

  if (doneMessage) {
    return (
      <AuthCard partner={partner} title="Set a New Password">
        <Alert tone="success" role="status">
          {doneMessage}
        </Alert>
        <p className="text-center text-sm">
          <LoginLink slug={slug}>Continue to dashboard &gt;&gt;</LoginLink>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard partner={partner} title="Set a New Password" footer={<LoginLink slug={slug}>Back to Login</LoginLink>}>
      <form className="space-y-5" onSubmit={change} noValidate>
        {failure ? (
          <Alert tone="danger" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextField
          id="email"
          name="email"
          type="email"
          label="Email"
          autoComplete="username"
          required
          value={values.email}
          onChange={set('email')}
          error={firstError(errors, 'email')}
        />
        <TextField
          id="password"
          name="password"
          type="password"
          label="New Password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set('password')}
          error={firstError(errors, 'password')}
        />
        <TextField
          id="password_confirmation"
          name="password_confirmation"
          type="password"
          label="Confirm New Password"
          autoComplete="new-password"
          required
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={firstError(errors, 'password_confirmation')}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          Change Password
        </Button>
      </form>
    </AuthCard>
  );
}
