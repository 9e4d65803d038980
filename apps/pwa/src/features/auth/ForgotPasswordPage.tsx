import { authApi, forgotPasswordRequestSchema, resolvePartnerSlug } from '@simvisit/schema';
import { Alert, Button, TextField } from '@simvisit/ui';
import { type FormEvent, useState } from 'react';
import { apiCall } from '../../lib/api';
import { useAppConfig } from '../../lib/app-config';
import { type FieldErrors, failureOf, firstError, validate } from '../../lib/form-errors';
import type { PartnerSearch } from '../../lib/search-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePartnerOrDefault } from '../partners';
import { AuthCard } from './AuthCard';
import { LoginLink } from './LoginLink';

export function ForgotPasswordPage({ search }: { search: PartnerSearch }) {
  useDocumentTitle('Reset Your Password');
  const config = useAppConfig();
  const { partner, slug } = usePartnerOrDefault(resolvePartnerSlug(config.host_partner_slug, search.partner_slug));
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = validate(forgotPasswordRequestSchema, { email, partner_slug: slug });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setSubmitting(true);
    try {
      const answer = await apiCall(authApi.forgotPassword, { body: checked.data }, { onUnauthenticated: 'ignore' });
      setSentMessage(answer.message);
    } catch (error) {
      const { errors: fields, message } = failureOf(error, ['email']);
      setErrors(fields);
      setFailure(message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard partner={partner} title="Reset Your Password" footer={<LoginLink slug={slug}>Back to Login</LoginLink>}>
      {sentMessage ? (
        <Alert tone="success" role="status">
          {sentMessage}
        </Alert>
      ) : (
        <form className="space-y-5" onSubmit={send} noValidate>
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
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={firstError(errors, 'email')}
          />
          <Button type="submit" className="w-full" disabled={submitting}>
            Send password reset email
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
