import { REGISTRATION_MESSAGES as M, MSG, type RegisterRequest, seatsTaken, takesRegistrations } from '@simvisit/schema';
import type { Config } from '../../config';
import type { PartnerRow, UserRow } from '../../db/types';
import { HttpError, notFound, tooManyRequests, unprocessable } from '../../http/errors';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import { type EmailedLinksService, mintEmailedLink } from '../../platform/emailed-links';
import type { MailMessage, MailService } from '../../platform/mail';
import { hashPassword } from '../../platform/passwords';
import type { RateLimitService } from '../../platform/rate-limit';
import type { PartnersService } from '../partners';
import type { RegistrationFieldsService } from '../registration-fields';
import type { UsersService } from '../users';
import type { RegistrationRepository } from './registration.repository';

/** Confirmation and notice mails one address may receive in an hour (issue 21 item 17, decision 0080). */
export const RECIPIENT_MAILS = 5;
/** Expired registrations one run of the job removes; the next run takes the rest. */
const CLEANUP_BATCH = 100;

export interface RegisterMeta {
  ip: string;
  host?: string;
  requestId: string;
}

interface Deps {
  repo: RegistrationRepository;
  users: UsersService;
  partners: PartnersService;
  registrationFields: RegistrationFieldsService;
  /** whether the brand still asks this user for its passcode (features/passcode, pre-approved emails pass) */
  passcodeApproved: (user: UserRow, partner: PartnerRow) => Promise<boolean>;
  limits: RateLimitService;
  links: EmailedLinksService;
  audit: AuditService;
  mail: MailService;
  config: Config;
}

/** A learner's own registration at a partner (issue 13 item 1, docs/decisions/0051). */
export function createRegistrationService(d: Deps) {
  async function partnerOf(host: string | undefined, slug: string | null | undefined) {
    const partner = await d.partners.bySlug(d.partners.requestSlug(host, slug));
    if (!partner || !takesRegistrations(partner.id)) throw notFound(M.unknownPartner);
    return partner;
  }

  /**
   * Mails an address at most RECIPIENT_MAILS times an hour, whoever asks (issue 21 item 17): over that the caller
   * is answered as usual, so the answer says nothing about the address, but no mail goes out.
   */
  async function mailCapped(message: MailMessage) {
    const state = await d.limits.hit({ key: `mail-to:${message.to.toLowerCase()}`, max: RECIPIENT_MAILS, windowSeconds: 3600 });
    if (!state.limited) await d.mail.queue(message);
  }

  async function sendConfirmation(to: { email: string; first_name: string }, token: string, partner: PartnerRow) {
    const link = `${d.config.appUrl}/register/confirm/${token}?${new URLSearchParams({ partner_slug: partner.slug })}`;
    await mailCapped({
      to: to.email,
      subject: `${d.config.productName}: Confirm your email address`,
      text: [
        `Hello ${to.first_name},`,
        '',
        `Thank you for registering with ${partner.long_name}. Please confirm your email address to finish your registration:`,
        '',
        link,
        '',
        'This link will expire in 7 days.',
        'If you did not register, no further action is required.',
      ].join('\n'),
    });
  }

  /**
   * The partner where the user's registration waits for its emailed link: the newest link never spent (expired
   * ones count: a new link is what the learner asks for then) whose learner role there is not approved yet.
   */
  async function pendingOf(userId: number) {
    const link = await d.links.newestUnspent('registration_confirmation', userId);
    if (!link?.partner_id) return undefined;
    return (await d.repo.unapprovedLearnerAt(userId, link.partner_id)) ? { partnerId: link.partner_id } : undefined;
  }

  async function waitsAt(userId: number, partnerId: number) {
    return (await pendingOf(userId))?.partnerId === partnerId;
  }

  /** An email that already has an account: a new link if it waits for one here, else a note (decision 0006). */
  async function alreadyRegistered(user: UserRow, partner: PartnerRow) {
    if (await waitsAt(user.id, partner.id)) {
      const link = await d.links.issue('registration_confirmation', user.id, partner.id);
      await sendConfirmation(user, link.token, partner);
      return;
    }
    await mailCapped({
      to: user.email,
      subject: `${d.config.productName}: You already have an account`,
      text: [
        `Hello ${user.first_name},`,
        '',
        `Someone (perhaps you) tried to register at ${partner.long_name} with this email address, which already has an account.`,
        `Sign in at ${d.config.appUrl}/login?partner_slug=${partner.slug}, or reset your password there if you forgot it.`,
        'If it was not you, no further action is required.',
      ].join('\n'),
    });
  }

  return {
    async form(host: string | undefined, slug: string | undefined) {
      const partner = await partnerOf(host, slug);
      return {
        partner: { id: partner.id, slug: partner.slug, long_name: partner.long_name },
        registration_fields: await d.registrationFields.activeFor(partner.id),
        // The same test the passcode gate makes (features/passcode): a passcode is on and set.
        passcode_required: Boolean(partner.enable_password && partner.password),
      };
    },

    /**
     * Every check first, then one transaction: a refused registration stores nothing. A taken email answers like
     * a new one (decision 0006) after the same hashing work; a partner without a seat left is said plainly.
     */
    async register(input: RegisterRequest, meta: RegisterMeta): Promise<string> {
      const state = await d.limits.hit({ key: `register:${meta.ip}`, max: 5, windowSeconds: 600 });
      if (state.limited) throw tooManyRequests(MSG.tooManyRequests, state.retryAfter);
      const partner = await partnerOf(meta.host, input.partner_slug);
      const custom = await d.registrationFields.check(partner.id, input.custom_fields);
      const first = Object.values(custom.errors)[0]?.[0];
      if (first) throw unprocessable(first, custom.errors);
      const email = input.email.toLowerCase();
      const existing = await d.users.byEmail(email);
      // An account still waiting for its link is nobody's yet: this registration replaces it (issue 21 item 13).
      const replaces = existing ? await d.repo.waiting({ userId: existing.id, limit: 10 }) : [];
      const full = seatsTaken(partner);
      if (full && !replaces.some((w) => w.partnerId === partner.id)) throw new HttpError(409, M.noSeats(partner.long_name));

      // Both paths hash the password once and then mail and audit the same way, so the time of the answer does
      // not tell a taken address from a new one (AUTH-01, issue 21 item 8).
      const passwordHash = await hashPassword(input.password);
      if (existing && replaces.length === 0) {
        await alreadyRegistered(existing, partner);
        await d.audit.record({
          action: 'registration.email_taken',
          partner_id: partner.id,
          ip: meta.ip,
          request_id: meta.requestId,
          details: { user_id: existing.id },
        });
        return M.registered(input.email);
      }
      const link = mintEmailedLink('registration_confirmation');
      const created = await d.repo
        .createLearner({
          partnerId: partner.id,
          email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          customValues: custom.values,
          confirmation: link,
          now: link.createdAt,
          replaces,
        })
        .catch((err: unknown) => {
          // Two registrations with one email at the same moment: the loser is answered like any taken email.
          if (err instanceof Error && /unique|duplicate/i.test(err.message)) return null;
          throw err;
        });
      if (!created) return M.registered(input.email);
      // The last seat went to someone else between the check above and the guarded update.
      if (!created.ok) throw new HttpError(409, M.noSeats(partner.long_name));
      await sendConfirmation({ email, first_name: input.first_name }, link.token, partner);
      await d.audit.record({
        action: 'registration.registered',
        actor_user_id: created.userId,
        partner_id: partner.id,
        target_type: 'user',
        target_id: created.userId,
        ip: meta.ip,
        request_id: meta.requestId,
        details: replaces.length > 0 ? { replaced_unconfirmed: true } : undefined,
      });
      return M.registered(input.email);
    },

    /**
     * The timed job (issue 21 item 2): registrations none of whose links can be followed any more give their seat
     * back, and their accounts, which never proved their address, are removed. Answers how many.
     */
    async removeExpired(now: Date = clock.now()): Promise<number> {
      let removed = 0;
      for (const w of await d.repo.waiting({ expiredBy: now, limit: CLEANUP_BATCH })) {
        if (!(await d.repo.removeWaiting(w))) continue;
        removed++;
        // The audit keeps the id, not the email: the person asked for nothing to be kept.
        await d.audit.record({
          action: 'registration.expired_removed',
          actor_user_id: null,
          partner_id: w.partnerId,
          target_type: 'user',
          target_id: w.userId,
          details: { rule: 'confirmation link expired; seat given back' },
        });
      }
      return removed;
    },

    /** Whether the signed-in user's registration still waits for its emailed link (the dashboard's notice). */
    async confirmationPending(user: UserRow): Promise<boolean> {
      return (await pendingOf(user.id)) !== undefined;
    },

    /** A new link for the signed-in learner's waiting registration, 3 per 10 minutes as the applicant's (0047). */
    async resend(user: UserRow, meta: RegisterMeta): Promise<string> {
      await d.links.resend({
        purpose: 'registration_confirmation',
        subjectId: user.id,
        meta: { ...meta, actorUserId: user.id },
        find: async () => {
          const pending = await pendingOf(user.id);
          const partner = pending ? await d.partners.byId(pending.partnerId) : undefined;
          return partner && { partnerId: partner.id, partner, target: { type: 'user', id: user.id } };
        },
        nothingLeft: M.nothingToConfirm,
        send: (token, found) => sendConfirmation(user, token, found.partner),
      });
      return M.resent(user.email);
    },

    /** The emailed link: single use, unexpired; grants the learner role. Answers whom to sign in, and where. */
    async confirm(token: string, meta: RegisterMeta) {
      const spent = await d.links.spend('registration_confirmation', token, { ip: meta.ip }, (trx, link) =>
        d.repo.approveLearner(trx, link.subjectId, link.partnerId ?? 0, clock.now()),
      );
      if (!spent?.link.partnerId) throw unprocessable(M.confirmInvalid, { token: [M.confirmInvalid] });
      const done = { userId: spent.link.subjectId, partnerId: spent.link.partnerId };
      const [user, partner] = await Promise.all([d.users.byId(done.userId), d.partners.byId(done.partnerId)]);
      await d.audit.record({
        action: 'registration.confirmed',
        actor_user_id: done.userId,
        partner_id: done.partnerId,
        target_type: 'user',
        target_id: done.userId,
        ip: meta.ip,
        request_id: meta.requestId,
      });
      const passcodeRequired = user && partner ? !(await d.passcodeApproved(user, partner)) : false;
      return { ...done, partnerSlug: partner?.slug ?? '', passcodeRequired };
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
