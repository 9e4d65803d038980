import { PREFERRED_PHONE_COUNTRIES } from '@simvisit/schema';
import { cn } from '@simvisit/ui';
import PhoneInput from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import 'react-phone-number-input/style.css';

export interface PhoneFieldProps {
  id: string;
  label: string;
  /** E.164 ("+12133734253") or '' for none. */
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * The international mobile number input (spec 000 §5, spec 001 §5 SMS opt-in): a country picker with the
 * preferred countries US, CA, MX first, US by default, and the number formatted as it is typed. The flags are
 * bundled (no remote images, so it works offline and under the CSP). Load it lazily (profile, opt-in panel,
 * verification page), so the phone metadata is fetched only where a number is edited.
 */
export default function PhoneField({ id, label, value, onChange, error, disabled, autoFocus }: PhoneFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <PhoneInput
        id={id}
        value={value || undefined}
        onChange={(next) => onChange(next ?? '')}
        defaultCountry="US"
        countryOptionsOrder={[...PREFERRED_PHONE_COUNTRIES, '|', '...']}
        flags={flags}
        autoComplete="tel"
        autoFocus={autoFocus}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          // The number field and the country picker fill the frame's height: 44 px touch targets on a phone (decision 0090).
          'gap-2 rounded-md border bg-white px-3 text-sm shadow-sm focus-within:ring-2',
          '[&_.PhoneInputCountry]:min-w-11 [&_.PhoneInputCountry]:self-stretch',
          error ? 'border-red-500 focus-within:ring-red-200' : 'border-slate-300 focus-within:border-brand-500 focus-within:ring-brand-200',
        )}
        numberInputProps={{
          className:
            'border-0 bg-transparent px-0 py-2 text-sm text-slate-900 outline-none focus:ring-0 max-sm:min-h-11 pointer-coarse:min-h-11',
        }}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
