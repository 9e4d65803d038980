import { z } from 'zod';
import { authUserSchema } from './auth';

/**
 * Mobile number verification (spec 002 §2.4, §9) and the SMS opt-in and SMS gate of the visit request flow
 * (spec 001 §4, §5). The numbers here are the product's rules; the server enforces them, the PWA shows them.
 */
export const MOBILE_CODE_LENGTH = 6;
/** A code is good for 10 minutes (issue 5, SMS-01). */
export const MOBILE_CODE_TTL_SECONDS = 10 * 60;
/** Wrong tries allowed per code; the fifth wrong one spends the code (SMS-01). */
export const MOBILE_CODE_MAX_ATTEMPTS = 5;
/** The wait between two codes to the same number (SMS-02; decision 0025). */
export const MOBILE_CODE_RESEND_SECONDS = 60;
/** 'Verified' lasts this long (spec 001 §9, 002 §9). */
export const MOBILE_VERIFICATION_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export const MOBILE_MESSAGES = {
  invalidNumber: 'Invalid Number',
  /** Title of every failed mobile call (spec 001 §8, 002 §8); the server's message is the content. */
  failure: 'Failure.',
  alreadyVerified: 'Mobile Number already Verified',
  codeSent: 'A verification code has been sent to your mobile number.',
  numberUpdated: 'Your mobile number has been updated and a verification code has been sent.',
  verified: 'Mobile Number Verified',
  codeFormat: `The verification code must be ${MOBILE_CODE_LENGTH} digits.`,
  codeWrong: 'The verification code is incorrect.',
  codeExpired: 'The verification code has expired. Please request a new code.',
  codeMissing: 'There is no active verification code. Please request a new code.',
  tooManyAttempts: 'Too many incorrect codes. Please request a new code.',
  noNumber: 'Please add a mobile number first.',
  notSmsCountry: 'SMS can only be sent to mobile numbers in the United States, Canada and Mexico.',
  resendWait: (seconds: number) => `Please wait ${seconds} seconds before requesting another code.`,
  tooManyCodes: 'Too many verification codes have been requested. Please try again later.',
  sendFailed: 'The verification code could not be sent. Please try again.',
  consentRequired: 'Please agree to receive SMS messages before opting in.',
  optedIn: 'SMS notifications enabled.',
  optedOut: 'SMS notifications disabled.',
} as const;

/** The text of the code message (the number is never repeated in it). */
export function verificationCodeText(productName: string, code: string): string {
  return `${productName}: your verification code is ${code}. It expires in ${MOBILE_CODE_TTL_SECONDS / 60} minutes.`;
}

/** Whether a number was verified within the last 90 days (spec 001 §4: the SMS gate). */
export function isMobileVerified(mobileVerifiedAt: string | Date | null | undefined, now: Date = new Date()): boolean {
  if (!mobileVerifiedAt) return false;
  const at = typeof mobileVerifiedAt === 'string' ? Date.parse(mobileVerifiedAt) : mobileVerifiedAt.getTime();
  if (Number.isNaN(at)) return false;
  return at <= now.getTime() + 60_000 && now.getTime() - at < MOBILE_VERIFICATION_DAYS * DAY_MS;
}

/** POST api/mobile/update {mobile_input} */
export const mobileUpdateRequestSchema = z.object({
  mobile_input: z.string({ error: MOBILE_MESSAGES.invalidNumber }).trim().min(1, { error: MOBILE_MESSAGES.invalidNumber }).max(40, {
    error: MOBILE_MESSAGES.invalidNumber,
  }),
});
export type MobileUpdateRequest = z.infer<typeof mobileUpdateRequestSchema>;

/** POST api/mobile/verify {ver_code} */
export const mobileVerifyRequestSchema = z.object({
  ver_code: z
    .string({ error: MOBILE_MESSAGES.codeFormat })
    .trim()
    .regex(new RegExp(`^\\d{${MOBILE_CODE_LENGTH}}$`), { error: MOBILE_MESSAGES.codeFormat }),
});
export type MobileVerifyRequest = z.infer<typeof mobileVerifyRequestSchema>;

/** Answers of api/mobile/update and api/mobile/code; `retry_after` is the resend wait in seconds. */
export const mobileCodeResponseSchema = z.object({
  message: z.string(),
  mobile_number: z.string().nullable(),
  retry_after: z.number().int(),
});
export type MobileCodeResponse = z.infer<typeof mobileCodeResponseSchema>;

export const mobileVerifyResponseSchema = z.object({ message: z.string(), mobile_verified_at: z.string() });
export type MobileVerifyResponse = z.infer<typeof mobileVerifyResponseSchema>;

/**
 * smsOptIn {enable_sms_notifications, mobile_number} (spec 001 §7), at POST api/user/sms-opt-in. Turning SMS on
 * needs `sms_consent: true` as well: the consent box is checked on the server too (SMS-03).
 */
export const smsOptInRequestSchema = z.object({
  enable_sms_notifications: z.boolean(),
  mobile_number: z.string().trim().max(40).nullish(),
  sms_consent: z.boolean().optional(),
});
export type SmsOptInRequest = z.infer<typeof smsOptInRequestSchema>;

export const smsOptInResponseSchema = z.object({ message: z.string(), user: authUserSchema });
export type SmsOptInResponse = z.infer<typeof smsOptInResponseSchema>;
