import { type MobileUpdateRequest, type MobileVerifyRequest, mobileVerificationApi, type SmsOptInRequest } from '@simvisit/schema';
import { apiCall } from '../../lib/api';

/**
 * The mobile calls of spec 002 §7 and smsOptIn of spec 001 §7, through their contracts
 * (packages/schema/src/api/mobile-verification.ts). apiCall does the cookie handshake first (spec 002 §7).
 */

export function sendMobileCode() {
  return apiCall(mobileVerificationApi.sendCode);
}

export function updateMobileNumber(body: MobileUpdateRequest) {
  return apiCall(mobileVerificationApi.update, { body });
}

export function verifyMobileCode(body: MobileVerifyRequest) {
  return apiCall(mobileVerificationApi.verify, { body });
}

export function smsOptIn(body: SmsOptInRequest) {
  return apiCall(mobileVerificationApi.smsOptIn, { body });
}
