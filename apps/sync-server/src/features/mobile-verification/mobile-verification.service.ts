import { randomInt } from 'node:crypto';
import {
  isMobileVerified,
  isSmsCapable,
  MOBILE_CODE_LENGTH,
  MOBILE_CODE_MAX_ATTEMPTS,
  MOBILE_CODE_RESEND_SECONDS,
  MOBILE_CODE_TTL_SECONDS,
  MOBILE_MESSAGES,
  normalizePhone,
  type SmsOptInRequest,
  verificationCodeText,
} from '@simvisit/schema';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Config } from '../../config';
import type { UserRow } from '../../db/types';
import { conflict, HttpError, tooManyRequests, unprocessable } from '../../http/errors';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import type { AuditService } from '../../platform/audit';
import type { RateLimitService } from '../../platform/rate-limit';
import type { SmsProvider } from '../../platform/sms';
import type { MobileVerificationRepository } from './mobile-verification.repository';

interface Deps {
  repo: MobileVerificationRepository;
  sms: SmsProvider;
  limits: RateLimitService;
  audit: AuditService;
  config: Config;
  now?: () => number;
}

export interface CallMeta {
  ip: string;
  requestId: string;
  partnerId: number | null;
}

const HOUR = 60 * 60;
/** Caps beside the per-number cooldown (SMS-02; decision 0025). */
const PER_USER_PER_HOUR = 5;
const PER_NUMBER_PER_HOUR = 5;
const PER_IP_PER_HOUR = 10;

/** The number as E.164 when it can receive the product's texts; otherwise a 422 in the spec's words. */
function smsDestination(input: string, field: string): string {
  const e164 = normalizePhone(input);
  if (!e164) throw unprocessable(MOBILE_MESSAGES.invalidNumber, { [field]: [MOBILE_MESSAGES.invalidNumber] });
  if (!isSmsCapable(e164)) throw unprocessable(MOBILE_MESSAGES.invalidNumber, { [field]: [MOBILE_MESSAGES.notSmsCountry] });
  // Premium-rate and shared-cost numbers are how SMS pumping earns money (SMS-02); the full metadata knows them.
  const type = parsePhoneNumberFromString(e164)?.getType();
  if (type === 'PREMIUM_RATE' || type === 'SHARED_COST') {
    throw unprocessable(MOBILE_MESSAGES.invalidNumber, { [field]: [MOBILE_MESSAGES.invalidNumber] });
  }
  return e164;
}

/** A salted hash bound to the user and the number, so a code is worth nothing for anyone or anything else. */
const codeHash = (salt: string, userId: number, number: string, code: string) => sha256(`${salt}:${userId}:${number}:${code}`);

/**
 * Mobile verification (spec 002 §2.4) and the SMS opt-in (spec 001 §5): 6-digit codes, stored hashed, good
 * for 10 minutes and 5 tries, one per minute per number, with hourly and daily caps (SMS-01, SMS-02).
 */
export function createMobileVerificationService(d: Deps) {
  const now = d.now ?? Date.now;

  /** An audit entry about the caller's own number. */
  function audit(user: UserRow, meta: CallMeta, action: string, details?: Record<string, unknown>) {
    return d.audit.record({
      action,
      actor_user_id: user.id,
      partner_id: meta.partnerId,
      ip: meta.ip,
      request_id: meta.requestId,
      target_type: 'user',
      target_id: user.id,
      details,
    });
  }

  async function throttle(userId: number, number: string, ip: string): Promise<void> {
    const cooldown = await d.limits.hit({ key: `sms:resend:${userId}:${number}`, max: 1, windowSeconds: MOBILE_CODE_RESEND_SECONDS });
    if (cooldown.limited) throw tooManyRequests(MOBILE_MESSAGES.resendWait(cooldown.retryAfter), cooldown.retryAfter);
    const caps = [
      { key: `sms:user:${userId}`, max: PER_USER_PER_HOUR, windowSeconds: HOUR },
      { key: `sms:number:${number}`, max: PER_NUMBER_PER_HOUR, windowSeconds: HOUR },
      { key: `sms:ip:${ip}`, max: PER_IP_PER_HOUR, windowSeconds: HOUR },
      { key: 'sms:global', max: d.config.smsDailyBudget, windowSeconds: 24 * HOUR },
    ];
    for (const cap of caps) {
      const state = await d.limits.hit(cap);
      if (state.limited) throw tooManyRequests(MOBILE_MESSAGES.tooManyCodes, state.retryAfter);
    }
  }

  /** Makes, stores (hashed) and texts a new code for the number; the old code is spent. */
  async function sendCode(user: UserRow, number: string, meta: CallMeta): Promise<void> {
    await throttle(user.id, number, meta.ip);
    const code = String(randomInt(0, 10 ** MOBILE_CODE_LENGTH)).padStart(MOBILE_CODE_LENGTH, '0');
    const salt = randomToken(16);
    await d.repo.saveCode({
      user_id: user.id,
      mobile_number: number,
      code_hash: codeHash(salt, user.id, number, code),
      salt,
      expires_at: new Date(now() + MOBILE_CODE_TTL_SECONDS * 1000),
    });
    try {
      await d.sms.send({ to: number, body: verificationCodeText(d.config.productName, code) });
    } catch {
      // Nothing was sent: no code is left behind and the person may try again at once.
      await d.repo.deleteCode(user.id);
      await d.limits.clear(`sms:resend:${user.id}:${number}`);
      throw new HttpError(502, MOBILE_MESSAGES.sendFailed);
    }
    await audit(user, meta, 'mobile.code_sent', { provider: d.sms.name });
  }

  return {
    /** POST api/mobile/update: a new number gets a code; it is saved only once the code went out. */
    async update(user: UserRow, input: string, meta: CallMeta) {
      const number = smsDestination(input, 'mobile_input');
      if (number === user.mobile_number && isMobileVerified(user.mobile_verified_at, new Date(now()))) {
        return { message: MOBILE_MESSAGES.alreadyVerified, mobile_number: number, retry_after: 0 };
      }
      await sendCode(user, number, meta);
      if (number !== user.mobile_number) {
        // A new number has to be verified again (SMS-03).
        await d.repo.setNumber(user.id, number);
        await audit(user, meta, 'mobile.number_changed');
      }
      return { message: MOBILE_MESSAGES.numberUpdated, mobile_number: number, retry_after: MOBILE_CODE_RESEND_SECONDS };
    },

    /** POST api/mobile/code: a code to the number on file. */
    async code(user: UserRow, meta: CallMeta) {
      if (!user.mobile_number) throw unprocessable(MOBILE_MESSAGES.noNumber, { mobile_input: [MOBILE_MESSAGES.noNumber] });
      const number = smsDestination(user.mobile_number, 'mobile_input');
      if (isMobileVerified(user.mobile_verified_at, new Date(now()))) throw conflict(MOBILE_MESSAGES.alreadyVerified);
      await sendCode(user, number, meta);
      return { message: MOBILE_MESSAGES.codeSent, mobile_number: number, retry_after: MOBILE_CODE_RESEND_SECONDS };
    },

    /** POST api/mobile/verify: at most 5 tries per code; success stamps mobile_verified_at. */
    async verify(user: UserRow, code: string, meta: CallMeta) {
      const missing = () => unprocessable(MOBILE_MESSAGES.codeMissing, { ver_code: [MOBILE_MESSAGES.codeMissing] });
      const stored = await d.repo.findCode(user.id);
      if (!stored) throw missing();
      if (stored.mobile_number !== user.mobile_number) {
        // The number changed since (e.g. on the profile page): the code belonged to the old one.
        await d.repo.deleteCode(user.id);
        throw missing();
      }
      if (stored.attempts >= MOBILE_CODE_MAX_ATTEMPTS) throw tooManyRequests(MOBILE_MESSAGES.tooManyAttempts, MOBILE_CODE_RESEND_SECONDS);
      if (stored.expires_at.getTime() <= now()) {
        await d.repo.deleteCode(user.id);
        throw unprocessable(MOBILE_MESSAGES.codeExpired, { ver_code: [MOBILE_MESSAGES.codeExpired] });
      }
      // Counted atomically before comparing, so parallel guesses cannot get past the limit.
      const counted = await d.repo.countAttempt(user.id);
      if (!counted) throw tooManyRequests(MOBILE_MESSAGES.tooManyAttempts, MOBILE_CODE_RESEND_SECONDS);
      if (!safeEqual(codeHash(counted.salt, user.id, counted.mobile_number, code), counted.code_hash)) {
        await audit(user, meta, 'mobile.code_wrong', { attempt: counted.attempts });
        if (counted.attempts >= MOBILE_CODE_MAX_ATTEMPTS) {
          throw tooManyRequests(MOBILE_MESSAGES.tooManyAttempts, MOBILE_CODE_RESEND_SECONDS, {
            ver_code: [MOBILE_MESSAGES.tooManyAttempts],
          });
        }
        throw unprocessable(MOBILE_MESSAGES.codeWrong, { ver_code: [MOBILE_MESSAGES.codeWrong] });
      }
      if (!(await d.repo.consumeCode(user.id, counted.code_hash))) throw missing();
      const at = new Date(now());
      await d.repo.markVerified(user.id, at);
      await audit(user, meta, 'mobile.verified');
      return { message: MOBILE_MESSAGES.verified, mobile_verified_at: at.toISOString() };
    },

    /** smsOptIn (spec 001 §5): turning SMS on needs the consent box and a US/CA/MX number (SMS-03). */
    async optIn(user: UserRow, body: SmsOptInRequest, meta: CallMeta): Promise<string> {
      if (!body.enable_sms_notifications) {
        await d.repo.setSms(user.id, { enable_sms_notifications: false });
        await audit(user, meta, 'sms.opt_out');
        return MOBILE_MESSAGES.optedOut;
      }
      if (body.sms_consent !== true) {
        throw unprocessable(MOBILE_MESSAGES.consentRequired, { sms_consent: [MOBILE_MESSAGES.consentRequired] });
      }
      const input = body.mobile_number?.trim() || user.mobile_number;
      if (!input) throw unprocessable(MOBILE_MESSAGES.invalidNumber, { mobile_number: [MOBILE_MESSAGES.invalidNumber] });
      const number = smsDestination(input, 'mobile_number');
      const changed = number !== user.mobile_number;
      await d.repo.setSms(user.id, { enable_sms_notifications: true, mobile_number: number, reset_verified: changed });
      // The audit entry is the record of the consent: who, when, from where, for which number.
      await audit(user, meta, 'sms.opt_in', { consent: true, number_changed: changed });
      return MOBILE_MESSAGES.optedIn;
    },
  };
}
export type MobileVerificationService = ReturnType<typeof createMobileVerificationService>;
