import { MSG } from '@simvisit/schema';
import type { PartnerRow, UserRow } from '../../db/types';
import { fieldError, tooManyRequests } from '../../http/errors';
import { safeEqual, sha256 } from '../../lib/crypto';
import type { RateLimitService } from '../../platform/rate-limit';
import type { PasscodeRepository } from './passcode.repository';

/**
 * Brand passcodes (spec 000 §2.5). An approval remembers which passcode it was given for, so a rotated
 * passcode asks again. Super admins, who manage the passcodes, are never gated.
 */
export function createPasscodeService(
  repo: PasscodeRepository,
  limits: RateLimitService,
  /** An email on the partner's pre-approved list skips its passcode, also after a rotation (issue 13 item 1). */
  isPreApproved: (partnerId: number, email: string) => Promise<boolean> = async () => false,
) {
  return {
    async isApproved(user: UserRow, partner: PartnerRow | null | undefined): Promise<boolean> {
      if (!partner?.enable_password || !partner.password || user.super_admin) return true;
      if (await isPreApproved(partner.id, user.email)) return true;
      const approval = await repo.approval(user.id, partner.id);
      return approval?.passcode_hash === sha256(partner.password);
    },
    async submit(user: UserRow, partner: PartnerRow | null | undefined, passcode: string): Promise<string> {
      if (!partner?.enable_password || !partner.password) return MSG.passcodeNotRequired;
      const limit = { key: `passcode:${user.id}`, max: 5, windowSeconds: 60 };
      // Counted before comparing, atomically, so concurrent guesses cannot all pass the limit (AUTH-02).
      const state = await limits.hit(limit);
      if (state.limited) throw tooManyRequests(MSG.passcodeThrottled(state.retryAfter), state.retryAfter);
      if (!safeEqual(passcode.trim(), partner.password)) throw fieldError('passcode', MSG.passcodeWrong);
      await limits.clear(limit.key);
      await repo.approve(user.id, partner.id, sha256(partner.password));
      return MSG.passcodeAccepted;
    },
  };
}
export type PasscodeService = ReturnType<typeof createPasscodeService>;
