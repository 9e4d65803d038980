import {
  type MobileUpdateRequest,
  type MobileVerifyRequest,
  mobileCodeResponseSchema,
  mobileVerifyResponseSchema,
  type SmsOptInRequest,
  smsOptInResponseSchema,
} from '@simvisit/schema';
import { apiRequest } from '../../lib/api';

/**
 * The mobile calls of spec 002 §7 and smsOptIn of spec 001 §7. Bodies are typed by the shared schemas; answers
 * are checked against them. apiRequest does the cookie handshake first (spec 002 §7).
 */

export function sendMobileCode() {
  return apiRequest('/api/mobile/code', { method: 'POST', schema: mobileCodeResponseSchema });
}

export function updateMobileNumber(body: MobileUpdateRequest) {
  return apiRequest('/api/mobile/update', { method: 'POST', body, schema: mobileCodeResponseSchema });
}

export function verifyMobileCode(body: MobileVerifyRequest) {
  return apiRequest('/api/mobile/verify', { method: 'POST', body, schema: mobileVerifyResponseSchema });
}

export function smsOptIn(body: SmsOptInRequest) {
  return apiRequest('/api/user/sms-opt-in', { method: 'POST', body, schema: smsOptInResponseSchema });
}
