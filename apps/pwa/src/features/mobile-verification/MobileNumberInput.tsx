import { PREFERRED_PHONE_COUNTRIES } from '@simvisit/schema';
import { cn } from '@simvisit/ui';
import PhoneInput from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import 'react-phone-number-input/style.css';

export interface MobileNumberInputProps {
  id: string;
  label: string;
  /** E.164 ("+14155552671") or '' for none. */
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * The international phone input of the SMS opt-in (spec 001 §5): US, CA and MX first, US by default, the
 * number formatted as typed. Flags are bundled (no remote images: works offline and under the CSP). Loaded
 * lazily by the panel and the verification page, so the phone metadata is fetched only where needed.
 */
export default function MobileNumberInput({ id, label, value, onChange, error, disabled, autoFocus }: MobileNumberInputProps) {
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
          'gap-2 rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus-within:ring-2',
          error ? 'border-red-500 focus-within:ring-red-200' : 'border-slate-300 focus-within:border-brand-500 focus-within:ring-brand-200',
        )}
        numberInputProps={{ className: 'border-0 bg-transparent p-0 text-sm text-slate-900 outline-none focus:ring-0' }}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
