import { isMobileVerified } from './mobile-verification';
import { isSmsCapable, normalizePhone } from './phone';

/**
 * The SMS gate's rules that read phone numbers (libphonenumber's data, about 29 KB gzip). They live apart from
 * mobile-verification.ts so that the contracts and messages of that feature, which the scheduling page uses at
 * once, do not bring the phone data into the page's first load (issue 22, decision 0085).
 */

export type SmsGate = 'opt-in' | 'verify' | 'proceed';

/**
 * The SMS gate before a visit request (spec 001 §4): SMS not enabled → the opt-in panel; enabled but
 * unverified (or verified more than 90 days ago) → a code is sent and the verification screen shows;
 * enabled and verified within 90 days → proceed.
 */
export function smsGate(
  user: { enable_sms_notifications: boolean; mobile_number: string | null; mobile_verified_at: string | Date | null },
  now: Date = new Date(),
): SmsGate {
  if (!user.enable_sms_notifications || !isSmsCapable(user.mobile_number)) return 'opt-in';
  return isMobileVerified(user.mobile_verified_at, now) ? 'proceed' : 'verify';
}

/** Reads a typed number as E.164 when it can receive the product's SMS (US, CA, MX), else null. */
export function smsNumber(input: string): string | null {
  const e164 = normalizePhone(input);
  return e164 && isSmsCapable(e164) ? e164 : null;
}
