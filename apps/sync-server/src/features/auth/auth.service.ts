import { type LoginRequest, MSG } from '@simvisit/schema';
import type { Config } from '../../config';
import type { UserRow } from '../../db/types';
import { fieldError, tooManyRequests } from '../../http/errors';
import { randomToken, sha256 } from '../../lib/crypto';
import type { AuditService } from '../../platform/audit';
import type { EmailedLinksService } from '../../platform/emailed-links';
import type { MailService } from '../../platform/mail';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../platform/passwords';
import type { RateLimitService } from '../../platform/rate-limit';
import type { SessionRecord, SessionsService } from '../../platform/sessions';
import type { PartnersService } from '../partners';
import type { UsersService } from '../users';
import type { AuthRepository } from './auth.repository';

const TOKEN_TTL_MS = 60 * 60 * 1000;

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  host?: string;
  requestId?: string;
}

interface Deps {
  repo: AuthRepository;
  users: UsersService;
  partners: PartnersService;
  sessions: SessionsService;
  limits: RateLimitService;
  links: EmailedLinksService;
  audit: AuditService;
  mail: MailService;
  config: Config;
}

/** Sign-in, sign-out, password reset and tokens (spec 000 §2.3–2.4, §7; SECURITY.md AUTH-*, PWD-*). */
export function createAuthService(d: Deps) {
  const loginLimits = (email: string, ip: string) => [
    { key: `login:${email.toLowerCase()}|${ip}`, max: 5, windowSeconds: 60 },
    { key: `login-account:${email.toLowerCase()}`, max: 100, windowSeconds: 3600 },
  ];

  /**
   * Counts this attempt before the slow password check, in one atomic upsert per limit, so concurrent attempts
   * cannot all pass a check made before any of them was counted (AUTH-02).
   */
  async function countLoginAttempt(email: string, ip: string) {
    for (const limit of loginLimits(email, ip)) {
      const state = await d.limits.hit(limit);
      if (state.limited) {
        const message = MSG.loginThrottled(state.retryAfter);
        throw tooManyRequests(message, state.retryAfter, { email: [message] });
      }
    }
  }

  return {
    async login(input: LoginRequest, session: SessionRecord | null, meta: RequestMeta) {
      await countLoginAttempt(input.email, meta.ip);
      const user = await d.users.byEmail(input.email);
      // Unknown emails are verified against a dummy hash so both failures take as long (AUTH-01).
      let ok = false;
      if (user) ok = await verifyPassword(user.password, input.password);
      else await verifyPassword(await dummyHash(), input.password);
      if (!user || !ok) {
        await d.audit.record({
          action: 'auth.login_failed',
          actor_user_id: user?.id ?? null,
          ip: meta.ip,
          request_id: meta.requestId ?? null,
          details: { email: input.email.toLowerCase() },
        });
        throw fieldError('email', MSG.loginFailed);
      }
      if (needsRehash(user.password)) await d.users.setPassword(user.id, await hashPassword(input.password));
      // The right password ends the short window and gives back its attempt in the account's hourly one.
      const [perAddress, perAccount] = loginLimits(input.email, meta.ip);
      await d.limits.clear(perAddress!.key);
      await d.limits.refund(perAccount!.key);
      const slug = d.partners.requestSlug(meta.host, input.slug);
      const partner = await d.partners.partnerForLogin(user, slug);
      const started = await d.sessions.rotateForUser(session, user.id, partner?.id ?? null, meta);
      await d.audit.record({
        action: 'auth.login',
        actor_user_id: user.id,
        partner_id: partner?.id ?? null,
        ip: meta.ip,
        request_id: meta.requestId ?? null,
      });
      return { ...started, user, partner };
    },

    async logout(session: SessionRecord, user: UserRow | null, meta: RequestMeta) {
      await d.sessions.destroy(session.id);
      await d.audit.record({
        action: 'auth.logout',
        actor_user_id: user?.id ?? null,
        partner_id: session.partner_id,
        ip: meta.ip,
        request_id: meta.requestId ?? null,
      });
    },

    /** Always the same neutral answer; the mail goes out in the background (PWD-03). */
    async forgotPassword(email: string, partnerSlug: string | null | undefined, meta: RequestMeta) {
      for (const limit of [
        { key: `forgot:${email.toLowerCase()}|${meta.ip}`, max: 3, windowSeconds: 60 },
        { key: `forgot-ip:${meta.ip}`, max: 20, windowSeconds: 60 },
      ]) {
        const state = await d.limits.hit(limit);
        if (state.limited) throw tooManyRequests(MSG.resetThrottled(state.retryAfter), state.retryAfter);
      }
      const user = await d.users.byEmail(email);
      if (!user) return MSG.forgotSent;
      const slug = d.partners.requestSlug(meta.host, partnerSlug);
      const known = await d.partners.bySlug(slug);
      const reset = await d.links.issue('password_reset', user.id, known?.id ?? null);
      const params = new URLSearchParams({ email: user.email, partner_slug: known ? known.slug : 'sp' });
      const link = `${d.config.appUrl}/reset-password/${reset.token}?${params}`;
      d.mail.send({
        to: user.email,
        subject: `${d.config.productName}: Reset your password`,
        text: [
          `Hello ${user.first_name},`,
          '',
          'You are receiving this email because we received a password reset request for your account.',
          '',
          `Reset your password: ${link}`,
          '',
          'This password reset link will expire in 60 minutes.',
          'If you did not request a password reset, no further action is required.',
        ].join('\n'),
      });
      await d.audit.record({
        action: 'auth.password_reset_requested',
        actor_user_id: user.id,
        ip: meta.ip,
        request_id: meta.requestId ?? null,
      });
      return MSG.forgotSent;
    },

    /** Every failure answers the same 422; success revokes all sessions of the user (PWD-04). */
    async resetPassword(input: { token: string; email: string; password: string }, meta: RequestMeta) {
      const user = await d.users.byEmail(input.email);
      // The link must be this email's: another user's link is refused like an unknown one, and stays unspent.
      // Spending it spends every other reset link of the user too, so no older one works either; of two resets
      // with one link at the same moment, one sets the password.
      const reset = await d.links.spend('password_reset', input.token, { ip: meta.ip, subjectId: user?.id ?? null });
      if (!user || !reset) throw fieldError('email', MSG.resetInvalid);
      await d.users.setPassword(user.id, await hashPassword(input.password));
      await d.sessions.destroyAllForUser(user.id);
      await d.audit.record({
        action: 'auth.password_reset',
        actor_user_id: user.id,
        ip: meta.ip,
        request_id: meta.requestId ?? null,
      });
      return MSG.resetDone;
    },

    /** A short-lived read-only bearer token (GET api/auth/user/token). */
    async issueToken(user: UserRow): Promise<string> {
      const token = `${user.id}|${randomToken(30)}`;
      await d.repo.insertToken(user.id, sha256(token), new Date(Date.now() + TOKEN_TTL_MS));
      return token;
    },

    async userOfToken(token: string): Promise<UserRow | null> {
      if (token.length > 200) return null;
      const row = await d.repo.tokenUser(sha256(token), new Date());
      return row ? ((await d.users.byId(row.user_id)) ?? null) : null;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
