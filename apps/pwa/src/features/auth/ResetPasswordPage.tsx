import { authApi, resetPasswordRequestSchema, resolvePartnerSlug } from '@simvisit/schema';
import { Alert, Button, TextField } from '@simvisit/ui';
import { useState } from 'react';
import { apiCall } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { useAppConfig } from '../../lib/app-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePartnerOrDefault } from '../partners';
import { AuthCard } from './AuthCard';
import { LoginLink } from './LoginLink';

export interface ResetPasswordSearch {
  partner_slug?: string;
  email?: string;
}

export function ResetPasswordPage({ token, search }: { token: string; search: ResetPasswordSearch }) {
  useDocumentTitle('Set a New Password');
  const config = useAppConfig();
  const { partner, slug } = usePartnerOrDefault(resolvePartnerSlug(config.host_partner_slug, search.partner_slug));
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const { field, onSubmit, submitting, failure, error } = useApiForm({
    schema: resetPasswordRequestSchema,
    defaultValues: { email: search.email ?? '', password: '', password_confirmation: '' },
    input: (values) => ({ ...values, token }),
    submit: async (body) => {
      const answer = await apiCall(authApi.resetPassword, { body }, { onUnauthenticated: 'ignore' });
      setDoneMessage(answer.message);
    },
  });
  // An invalid or expired token is reported under `token`, which has no field of its own.
  const shownFailure = failure ?? error('token');

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
      <form className="space-y-5" onSubmit={onSubmit} noValidate>
        {shownFailure ? (
          <Alert tone="danger" role="alert">
            {shownFailure}
          </Alert>
        ) : null}
        <TextField type="email" label="Email" autoComplete="username" required {...field('email')} />
        <TextField type="password" label="New Password" autoComplete="new-password" required {...field('password')} />
        <TextField type="password" label="Confirm New Password" autoComplete="new-password" required {...field('password_confirmation')} />
        <Button type="submit" className="w-full" disabled={submitting}>
          Change Password
        </Button>
      </form>
    </AuthCard>
  );
}
