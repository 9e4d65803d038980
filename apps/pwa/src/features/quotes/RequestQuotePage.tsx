import { type QuoteForm, type QuoteRequestValues, quoteRequestBodySchema, resolvePartnerSlug, SIM_PARTNER_SLUG } from '@simvisit/schema';
import { Alert, Button, SelectField, Spinner, TextField } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PersonFields } from '../../lib/account-fields';
import { useApiForm } from '../../lib/api-form';
import { useAppConfig } from '../../lib/app-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { type Session, useSession } from '../../platform/session';
import { applicationsQuery } from '../applications';
import { AuthCard } from '../auth';
import { usePartnerBySlug } from '../partners';
import { sendQuoteRequest, useQuoteForm } from './quote-request-api';
import { QuoteRequestScenarios } from './quote-request-scenarios';

export interface RequestQuoteSearch {
  partner_slug?: string;
}

interface Done {
  message: string;
  accountCreated: boolean;
}

/**
 * The form: the requester (a signed-in caller's own name and email, shown and not editable; anyone else's with a
 * password for the applicant account made for them), the company, the US state and the scenarios wanted.
 */
export function QuoteRequestForm({ frame, session, onDone }: { frame: QuoteForm; session: Session | null; onDone: (done: Done) => void }) {
  const queryClient = useQueryClient();
  const user = session?.user;
  const defaultValues: QuoteRequestValues = {
    partner_slug: frame.partner.slug,
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    ...(user ? {} : { password: '', password_confirmation: '' }),
    mobile_number: '',
    job_title: '',
    company_name: '',
    address_1: '',
    address_2: '',
    city: '',
    state_id: '',
    zip: '',
    scenarios: frame.scenarios[0] ? [{ scenario_id: frame.scenarios[0].id, scenario_count: 1 }] : [],
  };
  const { form, field, error, onSubmit, submitting, failure } = useApiForm({
    schema: quoteRequestBodySchema,
    defaultValues,
    submit: async (body) => {
      const answer = await sendQuoteRequest(body);
      if (user) await queryClient.invalidateQueries({ queryKey: applicationsQuery.queryKey });
      onDone({ message: answer.message, accountCreated: answer.account_created });
    },
  });
  const stateOptions = frame.states.map((s) => ({ value: String(s.id), label: s.title }));
  return (
    <form className="grid gap-5 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
      {failure ? (
        <Alert tone="danger" role="alert" className="sm:col-span-2">
          {failure}
        </Alert>
      ) : null}
      {user ? (
        <>
          <TextField label="First Name" readOnly {...field('first_name')} />
          <TextField label="Last Name" readOnly {...field('last_name')} />
          <TextField
            label="Email"
            type="email"
            readOnly
            className="sm:col-span-2"
            hint="Your account's email address."
            {...field('email')}
          />
        </>
      ) : (
        <>
          <PersonFields field={field} />
          <TextField label="Password" type="password" autoComplete="new-password" required {...field('password')} />
          <TextField label="Confirm Password" type="password" autoComplete="new-password" required {...field('password_confirmation')} />
        </>
      )}
      <TextField label="Mobile Number" type="tel" autoComplete="tel" required {...field('mobile_number')} />
      <TextField label="Job Title" autoComplete="organization-title" required {...field('job_title')} />
      <TextField label="Company Name" autoComplete="organization" required className="sm:col-span-2" {...field('company_name')} />
      <TextField label="Address 1" autoComplete="address-line1" required {...field('address_1')} />
      <TextField label="Address 2" autoComplete="address-line2" {...field('address_2')} />
      <TextField label="City" autoComplete="address-level2" required {...field('city')} />
      <SelectField label="State" required options={stateOptions} placeholder="Select a state" {...field('state_id')} />
      <TextField label="Zip" autoComplete="postal-code" inputMode="numeric" required {...field('zip')} />
      <QuoteRequestScenarios form={form} error={error} scenarios={frame.scenarios} />
      <div className="sm:col-span-2">
        <Button type="submit" className="w-full" disabled={submitting}>
          Request a Quote
        </Button>
      </div>
    </form>
  );
}

/** /request-quote: from 'Request a Quote?' on a sim partner's login, and from the applicant dashboard (issue 19 item 1). */
export function RequestQuotePage({ search }: { search: RequestQuoteSearch }) {
  useDocumentTitle('Request a Quote');
  const config = useAppConfig();
  const session = useSession();
  // The quote is the simulation brand's: a sim partner named by the host or the link, else the signed-in one's, else Simclusive.
  const sessionSim = session?.partner?.is_sim ? session.partner.slug : undefined;
  const slug = resolvePartnerSlug(config.host_partner_slug, search.partner_slug ?? sessionSim ?? SIM_PARTNER_SLUG);
  const { partner } = usePartnerBySlug(slug);
  const frame = useQuoteForm(slug);
  const [done, setDone] = useState<Done | null>(null);
  const back = session ? (
    <Link to="/dashboard" className="font-medium text-brand-700 hover:underline">
      Back to Dashboard
    </Link>
  ) : (
    <Link to="/login" search={{ partner_slug: search.partner_slug }} className="font-medium text-brand-700 hover:underline">
      Back to Login
    </Link>
  );
  return (
    <AuthCard partner={partner} title="Request a Quote" wide footer={back}>
      {done ? (
        <Alert tone="success" role="status">
          <p>{done.message}</p>
          {done.accountCreated ? <p className="mt-2">Sign in with this email address and your password to follow your quote.</p> : null}
        </Alert>
      ) : frame.isPending ? (
        <Spinner label="Loading the quote request" />
      ) : frame.data ? (
        <QuoteRequestForm frame={frame.data} session={session} onDone={setDone} />
      ) : (
        <Alert tone="danger" role="alert">
          {frame.error instanceof Error ? frame.error.message : 'The quote request could not be loaded.'}
        </Alert>
      )}
    </AuthCard>
  );
}
