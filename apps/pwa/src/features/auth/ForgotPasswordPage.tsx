import { authApi, forgotPasswordRequestSchema, resolvePartnerSlug } from '@simvisit/schema';
import { Alert, Button, TextField } from '@simvisit/ui';
import { useState } from 'react';
import { apiCall } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { useAppConfig } from '../../lib/app-config';
import type { PartnerSearch } from '../../lib/search-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePartnerOrDefault } from '../partners';
import { AuthCard } from './AuthCard';
import { LoginLink } from './LoginLink';

export function ForgotPasswordPage({ search }: { search: PartnerSearch }) {
  useDocumentTitle('Reset Your Password');
  const config = useAppConfig();
  const { partner, slug } = usePartnerOrDefault(resolvePartnerSlug(config.host_partner_slug, search.partner_slug));
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const { field, onSubmit, submitting, failure } = useApiForm({
    schema: forgotPasswordRequestSchema,
    defaultValues: { email: '' },
    input: (values) => ({ ...values, partner_slug: slug }),
    submit: async (body) => {
      const answer = await apiCall(authApi.forgotPassword, { body }, { onUnauthenticated: 'ignore' });
      setSentMessage(answer.message);
    },
  });

  return (
    <AuthCard partner={partner} title="Reset Your Password" footer={<LoginLink slug={slug}>Back to Login</LoginLink>}>
      {sentMessage ? (
        <Alert tone="success" role="status">
          {sentMessage}
        </Alert>
      ) : (
        <form className="space-y-5" onSubmit={onSubmit} noValidate>
          {failure ? (
            <Alert tone="danger" role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextField type="email" label="Email" autoComplete="email" required {...field('email')} />
          <Button type="submit" className="w-full" disabled={submitting}>
            Send password reset email
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
