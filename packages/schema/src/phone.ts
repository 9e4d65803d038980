import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Preferred phone countries of the spec (000 §5, 002 §5); SMS goes only to these (SMS-02). */
export const PREFERRED_PHONE_COUNTRIES = ['US', 'CA', 'MX'] as const;
export const MOBILE_INVALID = 'Mobile number invalid';

/** A valid phone number in E.164 form, or null. Numbers without a country code are read as US numbers. */
export function normalizePhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** Whether a stored number can receive SMS from the product (US, CA, MX only). */
export function isSmsCapable(e164: string | null | undefined): boolean {
  if (!e164) return false;
  const parsed = parsePhoneNumberFromString(e164);
  return !!parsed?.isValid() && (PREFERRED_PHONE_COUNTRIES as readonly string[]).includes(parsed.country ?? '');
}
