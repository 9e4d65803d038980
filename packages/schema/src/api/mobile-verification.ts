import { defineContract } from '../api-contract';
import {
  mobileCodeResponseSchema,
  mobileUpdateRequestSchema,
  mobileVerifyRequestSchema,
  mobileVerifyResponseSchema,
  smsOptInRequestSchema,
  smsOptInResponseSchema,
} from '../mobile-verification';

/** Mobile verification (spec 002 §2.4, §7) and the SMS opt-in (spec 001 §5, §7): always the caller's own number. */
const tag = 'Mobile verification';
const signedIn = { type: 'authenticated' } as const;

export const mobileVerificationApi = {
  update: defineContract({
    method: 'POST',
    path: '/api/mobile/update',
    tag,
    summary: 'Change the caller’s mobile number (US, CA, MX) and text it a new code',
    access: signedIn,
    scope: 'self',
    body: mobileUpdateRequestSchema,
    response: mobileCodeResponseSchema,
  }),
  sendCode: defineContract({
    method: 'POST',
    path: '/api/mobile/code',
    tag,
    summary: 'Text a new 6-digit code to the caller’s mobile number (cooldown and caps apply)',
    access: signedIn,
    scope: 'self',
    response: mobileCodeResponseSchema,
  }),
  verify: defineContract({
    method: 'POST',
    path: '/api/mobile/verify',
    tag,
    summary: 'Check the code (at most 5 tries per code); success marks the number verified for 90 days',
    access: signedIn,
    scope: 'self',
    body: mobileVerifyRequestSchema,
    response: mobileVerifyResponseSchema,
  }),
  smsOptIn: defineContract({
    method: 'POST',
    path: '/api/user/sms-opt-in',
    tag,
    summary: 'smsOptIn: turn SMS notifications on (needs sms_consent and a US/CA/MX number) or off',
    access: signedIn,
    scope: 'self',
    body: smsOptInRequestSchema,
    response: smsOptInResponseSchema,
  }),
};
