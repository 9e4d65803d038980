import { type ApplyFormValues, applyRequestSchema, preselectedRole, resolvePartnerSlug } from '@simvisit/schema';
import { Alert, Button, SelectField, Spinner, TextAreaField, TextField } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AccountFields } from '../../lib/account-fields';
import { useApiForm } from '../../lib/api-form';
import { useAppConfig } from '../../lib/app-config';
import { useLookup } from '../../lib/lookups';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from '../auth';
import { usePartnerBySlug } from '../partners';
import { AvailabilityRows } from './AvailabilityRows';
import { sendApplication, useApplyForm as useApplyFrame } from './applying-api';

export interface ApplySearch {
  role?: string;
  partner_slug?: string;
}

type Frame = NonNullable<ReturnType<typeof useApplyFrame>['data']>;

function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}

function ApplicationForm({ frame, role, onDone }: { frame: Frame; role: string | undefined; onDone: (message: string) => void }) {
  const timezones = useLookup('timezones');
  const [files, setFiles] = useState<{ resume: File | null; headshot: File | null }>({ resume: null, headshot: null });
  const preselected = preselectedRole(role, frame.partner.id);
  const defaultValues: ApplyFormValues = {
    partner_slug: frame.partner.slug,
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    password_confirmation: '',
    roles: preselected ? [preselected] : [],
    experience: '',
    timezone_id: '',
    availabilities: [],
    custom_fields: frame.registration_fields.map((f) => ({ registration_field_id: f.id, value: '' })),
  };
  const { form, field, error, onSubmit, submitting, failure } = useApiForm({
    schema: applyRequestSchema,
    defaultValues,
    fields: ['resume', 'headshot'],
    submit: async (body) => {
      const answer = await sendApplication(body, files);
      onDone(answer.message);
    },
  });

  // The browser's own zone is the likely answer: chosen for the applicant once the list has loaded.
  useEffect(() => {
    const zone = browserZone();
    const match = zone ? timezones?.find((t) => t.short_name === zone) : undefined;
    if (match && !form.getValues('timezone_id')) form.setValue('timezone_id', String(match.id));
  }, [timezones, form]);

  const zoneOptions = (timezones ?? []).map((t) => ({ value: String(t.id), label: t.title }));
  const rolesError = error('roles');
  return (
    <form className="grid gap-5 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
      {failure ? (
        <Alert tone="danger" role="alert" className="sm:col-span-2">
          {failure}
        </Alert>
      ) : null}
      <AccountFields field={field} registrationFields={frame.registration_fields} />
      <fieldset className="space-y-2 sm:col-span-2" aria-describedby={rolesError ? 'roles-error' : undefined}>
        <legend className="text-sm font-medium text-slate-900">Roles Applied For</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {frame.roles.map((r) => (
            <label key={r.key} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" value={r.key} className="size-4 rounded border-slate-300" {...form.register('roles')} />
              {r.label}
            </label>
          ))}
        </div>
        {rolesError ? (
          <p id="roles-error" className="text-sm text-red-700">
            {rolesError}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField label="Experience" required rows={5} maxLength={5000} className="sm:col-span-2" {...field('experience')} />
      <SelectField
        label="Time Zone"
        required
        options={zoneOptions}
        placeholder="Select your time zone"
        className="sm:col-span-2"
        {...field('timezone_id')}
      />
      <AvailabilityRows form={form} error={error} />
      <TextField
        id="resume"
        label="Resume (PDF)"
        type="file"
        accept="application/pdf,.pdf"
        required
        hint="A PDF of at most 5 MB."
        error={error('resume')}
        onChange={(e) => setFiles((f) => ({ ...f, resume: e.target.files?.[0] ?? null }))}
      />
      <TextField
        id="headshot"
        label="Headshot"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        required
        hint="A PNG, JPEG or WebP image of at most 5 MB."
        error={error('headshot')}
        onChange={(e) => setFiles((f) => ({ ...f, headshot: e.target.files?.[0] ?? null }))}
      />
      <div className="sm:col-span-2">
        <Button type="submit" className="w-full" disabled={submitting}>
          Submit Application
        </Button>
      </div>
    </form>
  );
}

/** The application the login page's 'Want to Become a SP?' and 'Want to Become a Scenario Author?' open. */
export function ApplyPage({ search }: { search: ApplySearch }) {
  useDocumentTitle('Apply');
  const config = useAppConfig();
  const slug = resolvePartnerSlug(config.host_partner_slug, search.partner_slug);
  const { partner } = usePartnerBySlug(slug);
  const frame = useApplyFrame(slug);
  const [done, setDone] = useState<string | null>(null);
  const title = search.role === 'author' ? 'Become a Scenario Author' : search.role === 'sp' ? 'Become a SP' : 'Apply for a Role';
  return (
    <AuthCard
      partner={partner}
      title={title}
      wide
      footer={
        <Link to="/login" search={{ partner_slug: search.partner_slug }} className="font-medium text-brand-700 hover:underline">
          Back to Login
        </Link>
      }
    >
      {done ? (
        <Alert tone="success" role="status">
          {done}
        </Alert>
      ) : frame.isPending ? (
        <Spinner label="Loading the application" />
      ) : frame.data ? (
        <ApplicationForm frame={frame.data} role={search.role} onDone={setDone} />
      ) : (
        <Alert tone="danger" role="alert">
          {frame.error instanceof Error ? frame.error.message : 'The application could not be loaded.'}
        </Alert>
      )}
    </AuthCard>
  );
}
