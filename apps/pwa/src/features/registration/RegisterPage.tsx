import { passcodeNotice, type RegisterFormValues, registerRequestSchema, resolvePartnerSlug } from '@simvisit/schema';
import { Alert, Button, Spinner } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AccountFields } from '../../lib/account-fields';
import { useAppConfig } from '../../lib/app-config';
import { useLightForm } from '../../lib/light-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from '../auth';
import { usePartnerBySlug } from '../partners';
import { registerLearner, useRegisterForm } from './registration-api';

export interface RegisterSearch {
  partner_slug?: string;
}

type Frame = NonNullable<ReturnType<typeof useRegisterForm>['data']>;

/** First Name, Last Name and Email always, then the default and the partner's own fields (spec 002 §2.11). */
export function RegistrationForm({ frame, onDone }: { frame: Frame; onDone: (message: string) => void }) {
  const defaultValues: RegisterFormValues = {
    partner_slug: frame.partner.slug,
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    password_confirmation: '',
    custom_fields: frame.registration_fields.map((f) => ({ registration_field_id: f.id, value: '' })),
  };
  // A light form (no react-hook-form): this page is a first page on a phone (decision 0085, third pass).
  const { field, onSubmit, submitting, failure } = useLightForm({
    schema: registerRequestSchema,
    defaultValues,
    submit: async (body) => onDone((await registerLearner(body)).message),
  });
  return (
    <form className="grid gap-5 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
      {failure ? (
        <Alert tone="danger" role="alert" className="sm:col-span-2">
          {failure}
        </Alert>
      ) : null}
      {frame.passcode_required ? (
        <Alert tone="info" title="Passcode needed" className="sm:col-span-2">
          {passcodeNotice(frame.partner.long_name)}
        </Alert>
      ) : null}
      <AccountFields field={field} registrationFields={frame.registration_fields} />
      <div className="sm:col-span-2">
        <Button type="submit" className="w-full" disabled={submitting}>
          Register
        </Button>
      </div>
    </form>
  );
}

/** 'Don't have an account? Register today!' of a partner's login page (spec 000 §2.3, decision 0051). */
export function RegisterPage({ search }: { search: RegisterSearch }) {
  useDocumentTitle('Register');
  const config = useAppConfig();
  const slug = resolvePartnerSlug(config.host_partner_slug, search.partner_slug);
  const { partner } = usePartnerBySlug(slug);
  const frame = useRegisterForm(slug);
  const [done, setDone] = useState<string | null>(null);
  return (
    <AuthCard
      partner={partner}
      title="Register"
      wide
      footer={
        <Link to="/login" search={{ partner_slug: search.partner_slug }} className="font-medium text-brand-700 hover:underline">
          Already have an account? Sign in
        </Link>
      }
    >
      {done ? (
        <Alert tone="success" role="status">
          {done}
        </Alert>
      ) : frame.isPending ? (
        <Spinner label="Loading the registration form" />
      ) : frame.data ? (
        <RegistrationForm frame={frame.data} onDone={setDone} />
      ) : (
        <Alert tone="danger" role="alert">
          {frame.error instanceof Error ? frame.error.message : 'The registration form could not be loaded.'}
        </Alert>
      )}
    </AuthCard>
  );
}
