import { AGREEMENT_MESSAGES as M, type SignAgreementRequest, signAgreementRequestSchema } from '@simvisit/schema';
import { Alert, Button, SelectField, TextField } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useApiForm } from '../../lib/api-form';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { agreementCalls, keepAgreement } from './agreements-api';

const EMPTY_BILLING = { name: '', email: '', phone: '', address_1: '', address_2: '', city: '', state: '', zip: '' };

type SignValues = {
  first_name: string;
  last_name: string;
  /** the 'separate billing contact' box: only when it is ticked is billing_address sent */
  separate_billing: boolean;
  billing_address: typeof EMPTY_BILLING;
};

export interface SignAgreementFormProps {
  agreementId: number;
  /** the states list of the agreement's answer (id, short_name) */
  states: readonly { id: number; short_name: string }[];
}

/**
 * Agree to terms (spec 002 §5, §7): the signer's first and last name and, when the box is ticked, a separate
 * billing contact (name, email, phone, address, city, state, zip). The shared schema checks it with the spec's
 * words; the server answers the signed agreement, which becomes the page's.
 */
export function SignAgreementForm({ agreementId, states }: SignAgreementFormProps) {
  const queryClient = useQueryClient();
  const { form, field, onSubmit, submitting, failure } = useApiForm<SignValues, SignAgreementRequest>({
    schema: signAgreementRequestSchema,
    defaultValues: { first_name: '', last_name: '', separate_billing: false, billing_address: EMPTY_BILLING },
    input: ({ first_name, last_name, separate_billing, billing_address }) => ({
      agreement_id: agreementId,
      first_name,
      last_name,
      billing_address: separate_billing ? { ...billing_address, address_2: billing_address.address_2.trim() || null } : null,
    }),
    submit: async (body) => {
      keepAgreement(queryClient, await agreementCalls.sign(body));
      notifySuccess(M.signed);
    },
    onError: (_failure, error) => notifyFailure(M.signError, error),
  });
  const separate = form.watch('separate_billing');
  const stateOptions = states.map((s) => ({ value: String(s.id), label: s.short_name }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign the agreement" className="space-y-4">
      <p className="text-sm text-slate-600">
        Typing your name and selecting Agree to Terms signs the agreement above. The time, your address and browser, and a fingerprint of
        the document you read are recorded with your signature.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" autoComplete="given-name" required {...field('first_name', 'sign-first-name')} />
        <TextField label="Last Name" autoComplete="family-name" required {...field('last_name', 'sign-last-name')} />
      </div>

      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="size-4 rounded border-slate-300" {...form.register('separate_billing')} />
        Use a separate billing contact
      </label>

      {separate ? (
        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Billing contact</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Billing Contact Name"
              autoComplete="billing name"
              required
              {...field('billing_address.name', 'billing-name')}
            />
            <TextField
              label="Billing Email"
              type="email"
              autoComplete="billing email"
              required
              {...field('billing_address.email', 'billing-email')}
            />
            <TextField
              label="Billing Phone"
              type="tel"
              autoComplete="billing tel"
              required
              {...field('billing_address.phone', 'billing-phone')}
            />
            <TextField
              label="Address 1"
              autoComplete="billing address-line1"
              required
              {...field('billing_address.address_1', 'billing-address-1')}
            />
            <TextField
              label="Address 2"
              autoComplete="billing address-line2"
              {...field('billing_address.address_2', 'billing-address-2')}
            />
            <TextField label="City" autoComplete="billing address-level2" required {...field('billing_address.city', 'billing-city')} />
            <SelectField
              label="State"
              required
              options={stateOptions}
              placeholder="Select a state"
              {...field('billing_address.state', 'billing-state')}
            />
            <TextField
              label="Zip"
              autoComplete="billing postal-code"
              inputMode="numeric"
              required
              {...field('billing_address.zip', 'billing-zip')}
            />
          </div>
        </fieldset>
      ) : null}

      {failure ? (
        <Alert tone="danger" title={M.signError} role="alert">
          {failure}
        </Alert>
      ) : null}
      <Button type="submit" disabled={submitting} aria-busy={submitting}>
        {submitting ? 'Signing…' : 'Agree to Terms'}
      </Button>
    </form>
  );
}
