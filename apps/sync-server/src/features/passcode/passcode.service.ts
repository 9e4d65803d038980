import { MSG } from '@simvisit/schema';
import type { PartnerRow, UserRow } from '../../db/types';
import { fieldError, tooManyRequests } from '../../http/errors';
import { safeEqual, sha256 } from '../../lib/crypto';
import type { Limit, RateLimitService } from '../../platform/rate-limit';
import type { PasscodeRepository } from './passcode.repository';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Wrong passcodes allowed a day, on top of 5 a minute per account (decision 0079). Per address: a class behind
 * one campus address mistypes far fewer than 30 in a day, while one guesser is stopped at 30 however many free
 * accounts they register. Per partner: 100 a day bounds guessers spread over many addresses to a few hundred
 * guesses a week against a code like `NORTH-2026`, and is still far above what a partner's learners mistype.
 */
export const PASSCODE_CAPS = { perAddress: 30, perPartner: 100 } as const;
export type PasscodeCap = 'address' | 'partner';

const accountLimit = (user: UserRow): Limit => ({ key: `passcode:${user.id}`, max: 5, windowSeconds: 60 });
const addressLimit = (ip: string): Limit => ({ key: `passcode-ip:${ip}`, max: PASSCODE_CAPS.perAddress, windowSeconds: DAY_SECONDS });
const partnerLimit = (partner: PartnerRow): Limit => ({
  key: `passcode-partner:${partner.id}`,
  max: PASSCODE_CAPS.perPartner,
  windowSeconds: DAY_SECONDS,
});

/**
 * Brand passcodes (spec 000 §2.5). An approval remembers which passcode it was given for, so a rotated
 * passcode asks again. Super admins, who manage the passcodes, are never gated.
 */
export function createPasscodeService(
  repo: PasscodeRepository,
  limits: RateLimitService,
  /** An email on the partner's pre-approved list skips its passcode, also after a rotation (issue 13 item 1). */
  isPreApproved: (partnerId: number, email: string) => Promise<boolean> = async () => false,
  /** A daily cap has tripped (once a day per cap): the partner's client admins are told (issue 21 item 3). */
  capTripped: (partner: PartnerRow, cap: PasscodeCap, max: number) => Promise<unknown> = async () => {},
) {
  return {
    async isApproved(user: UserRow, partner: PartnerRow | null | undefined): Promise<boolean> {
      if (!partner?.enable_password || !partner.password || user.super_admin) return true;
      if (await isPreApproved(partner.id, user.email)) return true;
      const approval = await repo.approval(user.id, partner.id);
      return approval?.passcode_hash === sha256(partner.password);
    },
    async submit(user: UserRow, partner: PartnerRow | null | undefined, passcode: string, ip: string): Promise<string> {
      if (!partner?.enable_password || !partner.password) return MSG.passcodeNotRequired;
      // Counted before comparing, atomically, so concurrent guesses cannot all pass a limit (AUTH-02): the account's
      // minute first, then the address's day, then the partner's; a refused guess is not counted by the next one,
      // so a guesser stopped by their own limits does not use up the partner's day for its learners.
      const account = await limits.hit(accountLimit(user));
      if (account.limited) throw tooManyRequests(MSG.passcodeThrottled(account.retryAfter), account.retryAfter);
      for (const [cap, limit] of [
        ['address', addressLimit(ip)],
        ['partner', partnerLimit(partner)],
      ] as const) {
        const state = await limits.hit(limit);
        if (state.tripped) await capTripped(partner, cap, limit.max);
        if (state.limited) throw tooManyRequests(MSG.passcodeCapped, state.retryAfter);
      }
      if (!safeEqual(passcode.trim(), partner.password)) throw fieldError('passcode', MSG.passcodeWrong);
      // The daily caps count wrong passcodes only: a right one gives its count back.
      await Promise.all([
        limits.clear(accountLimit(user).key),
        limits.refund(addressLimit(ip).key),
        limits.refund(partnerLimit(partner).key),
      ]);
      await repo.approve(user.id, partner.id, sha256(partner.password));
      return MSG.passcodeAccepted;
    },
  };
}
export type PasscodeService = ReturnType<typeof createPasscodeService>;
