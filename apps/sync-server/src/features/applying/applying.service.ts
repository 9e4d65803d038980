import { randomUUID } from 'node:crypto';
import { APPLY_ROLES, type ApplyRequest, APPLYING_MESSAGES as M, MSG, PARTNER_MAIN, PARTNER_SIM } from '@simvisit/schema';
import type { Config } from '../../config';
import type { UserRow } from '../../db/types';
import { notFound, tooManyRequests, unprocessable } from '../../http/errors';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import { type EmailedLinksService, LINK_PURPOSES, mintEmailedLink } from '../../platform/emailed-links';
import type { FileStore } from '../../platform/files';
import type { MailService } from '../../platform/mail';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords';
import type { RateLimitService } from '../../platform/rate-limit';
import type { PartnersService } from '../partners';
import type { RegistrationFieldsService } from '../registration-fields';
import type { UsersService } from '../users';
import { applicantConfirmationMail } from './applicant-account';
import type { ApplyingRepository } from './applying.repository';
import { checkHeadshot, checkResume } from './applying-files';

/** How long an account that applied may wait for its email's confirmation before it is removed (decision 0060). */
export const UNCONFIRMED_RETENTION_MS = LINK_PURPOSES.application_confirmation.ttlMs;
/** Accounts one run of the cleanup removes; the next run takes the rest. */
const CLEANUP_BATCH = 100;
/** Where a profile image is served from (features/profile), to find its file. */
const PROFILE_IMAGE_PREFIX = '/api/files/profile-images/';
/** The partners whose login page invites applications (spec 000 §2.3): the main brand and the simulation brand. */
const APPLYING_PARTNERS = new Set([PARTNER_MAIN, PARTNER_SIM]);

export interface ApplyMeta {
  ip: string;
  host?: string;
  requestId: string;
}

export interface ApplyFiles {
  resume: Buffer | null;
  headshot: Buffer | null;
}

interface Deps {
  repo: ApplyingRepository;
  users: UsersService;
  partners: PartnersService;
  registrationFields: RegistrationFieldsService;
  files: FileStore;
  limits: RateLimitService;
  links: EmailedLinksService;
  audit: AuditService;
  mail: MailService;
  config: Config;
}

/** Applying for a role (issue 12 item 1, docs/decisions/0047). */
export function createApplyingService(d: Deps) {
  async function partnerOf(host: string | undefined, slug: string | null | undefined) {
    const partner = await d.partners.bySlug(d.partners.requestSlug(host, slug));
    if (!partner || !APPLYING_PARTNERS.has(partner.id)) throw notFound(M.unknownPartner);
    return partner;
  }

  async function sendConfirmation(to: { email: string; first_name: string }, token: string, slug: string) {
    await d.mail.queue(applicantConfirmationMail(d.config, to, token, slug, 'application'));
  }

  /** The answer to an email that already has an account: a note to that mailbox, nothing changed (decision 0006). */
  async function alreadyRegistered(user: UserRow, slug: string) {
    const unconfirmed = await d.repo.unconfirmedOf(user.id);
    if (unconfirmed) {
      const link = await d.links.issue('application_confirmation', user.id, unconfirmed.partner_id);
      await sendConfirmation(user, link.token, slug);
      return;
    }
    await d.mail.queue({
      to: user.email,
      subject: `${d.config.productName}: You already have an account`,
      text: [
        `Hello ${user.first_name},`,
        '',
        'Someone (perhaps you) applied for a role with this email address, which already has an account.',
        `Sign in at ${d.config.appUrl}/login?partner_slug=${slug}, or reset your password there if you forgot it.`,
        'If it was not you, no further action is required.',
      ].join('\n'),
    });
  }

  /** The files of an account whose rows are gone already (a file that cannot be removed is only logged). */
  async function removeFiles(account: { resume_path: string | null; headshot_path: string | null; image: string | null }) {
    const image = account.image?.startsWith(PROFILE_IMAGE_PREFIX)
      ? `profile-images/${account.image.slice(PROFILE_IMAGE_PREFIX.length)}`
      : null;
    for (const key of [account.resume_path, account.headshot_path, image]) {
      if (key) await d.files.remove(key).catch((err) => console.error('[applying] file not removed', key, err));
    }
  }

  return {
    async form(host: string | undefined, slug: string | undefined) {
      const partner = await partnerOf(host, slug);
      return {
        partner: { id: partner.id, slug: partner.slug, long_name: partner.long_name },
        roles: APPLY_ROLES.map((r) => ({ key: r.key, label: r.label })),
        registration_fields: await d.registrationFields.activeFor(partner.id),
      };
    },

    /**
     * Every check first (fields, registration fields, both files), then the writes: a refused application stores
     * nothing. A taken email answers exactly like a new one (decision 0006) and spends the same hashing work.
     */
    /** Counted before the body is read, so refused attempts count too (like the contact form, decision 0006). */
    async countAttempt(meta: ApplyMeta) {
      const state = await d.limits.hit({ key: `apply:${meta.ip}`, max: 5, windowSeconds: 600 });
      if (state.limited) throw tooManyRequests(MSG.tooManyRequests, state.retryAfter);
    },

    async apply(input: ApplyRequest, files: ApplyFiles, meta: ApplyMeta): Promise<string> {
      const partner = await partnerOf(meta.host, input.partner_slug);
      const errors: Record<string, string[]> = {};
      const timezone = await d.repo.timezone(input.timezone_id);
      if (!timezone?.short_name) errors.timezone_id = [M.timezone];
      const custom = await d.registrationFields.check(partner.id, input.custom_fields);
      Object.assign(errors, custom.errors);
      const resume = checkResume(files.resume);
      if (!resume.ok) errors.resume = [resume.message];
      const headshot = await checkHeadshot(files.headshot);
      if (!headshot.ok) errors.headshot = [headshot.message];
      const first = Object.values(errors)[0]?.[0];
      if (first) throw unprocessable(first, errors);

      const email = input.email.toLowerCase();
      let existing = await d.users.byEmail(email);
      // An account still waiting for its link is nobody's yet: this application replaces it (issue 21 item 13).
      const waiting = existing ? await d.repo.waitingAccount(existing.id) : undefined;
      if (waiting && (await d.repo.deleteUnconfirmed(waiting.id))) {
        await removeFiles(waiting);
        await d.audit.record({
          action: 'applying.unconfirmed_replaced',
          actor_user_id: null,
          partner_id: partner.id,
          target_type: 'user',
          target_id: waiting.id,
          ip: meta.ip,
          request_id: meta.requestId,
        });
        existing = undefined;
      }
      if (existing) {
        await verifyPassword(await dummyHash(), input.password);
        await alreadyRegistered(existing, partner.slug);
        await d.audit.record({
          action: 'applying.email_taken',
          actor_user_id: null,
          partner_id: partner.id,
          ip: meta.ip,
          request_id: meta.requestId,
          details: { user_id: existing.id },
        });
        return M.applied(input.email);
      }
      const resumePath = `resumes/${randomUUID()}.pdf`;
      const headshotPath = `headshots/${randomUUID()}.png`;
      await d.files.put(resumePath, (resume as { data: Buffer }).data);
      await d.files.put(headshotPath, (headshot as { data: Buffer }).data);
      const chosen = APPLY_ROLES.filter((r) => input.roles.includes(r.key));
      const link = mintEmailedLink('application_confirmation');
      const created = await d.repo
        .createApplicant({
          partnerId: partner.id,
          email,
          passwordHash: await hashPassword(input.password),
          firstName: input.first_name,
          lastName: input.last_name,
          experience: input.experience,
          timezone: { id: timezone!.id, zone: timezone!.short_name! },
          resumePath,
          headshotPath,
          roleIds: [...new Set(chosen.map((r) => r.role_id))],
          grants: chosen.map((r) => ({ roleId: r.role_id, partnerId: r.partner_id ?? partner.id })),
          availabilities: input.availabilities,
          customValues: custom.values,
          confirmation: link,
          now: link.createdAt,
        })
        .catch(async (err: unknown) => {
          // Two applications with one email at the same moment: the loser is answered like any taken email.
          if (err instanceof Error && /unique|duplicate/i.test(err.message)) return null;
          throw err;
        });
      if (!created) return M.applied(input.email);
      await sendConfirmation({ email, first_name: input.first_name }, link.token, partner.slug);
      await d.audit.record({
        action: 'applying.applied',
        actor_user_id: created.userId,
        partner_id: partner.id,
        target_type: 'application',
        target_id: created.applicationId,
        ip: meta.ip,
        request_id: meta.requestId,
        details: { roles: input.roles },
      });
      return M.applied(input.email);
    },

    /** The emailed link: single use, unexpired; submits the application. Answers who to sign in. */
    async confirm(token: string, meta: ApplyMeta) {
      const spent = await d.links.spend('application_confirmation', token, { ip: meta.ip }, (trx, link) =>
        d.repo.submitApplications(trx, link.subjectId, clock.now()),
      );
      if (!spent) throw unprocessable(M.confirmInvalid, { token: [M.confirmInvalid] });
      // An account made by a quote request has no application: the link's own partner is where it signs in.
      const done = { userId: spent.link.subjectId, ...spent.result, partnerId: spent.result.partnerId ?? spent.link.partnerId };
      for (const id of done.applicationIds) {
        await d.audit.record({
          action: 'applying.confirmed',
          actor_user_id: done.userId,
          partner_id: done.partnerId,
          target_type: 'application',
          target_id: id,
          ip: meta.ip,
          request_id: meta.requestId,
        });
      }
      return done;
    },

    async resend(user: UserRow, meta: ApplyMeta): Promise<string> {
      await d.links.resend({
        purpose: 'application_confirmation',
        subjectId: user.id,
        meta: { ...meta, actorUserId: user.id },
        find: async () => {
          const unconfirmed = await d.repo.unconfirmedOf(user.id);
          return unconfirmed && { partnerId: unconfirmed.partner_id, target: { type: 'application', id: unconfirmed.id } };
        },
        nothingLeft: M.nothingToConfirm,
        send: async (token, found) => sendConfirmation(user, token, (await d.partners.byId(found.partnerId))?.slug ?? 'sp'),
      });
      return M.resent(user.email);
    },

    /**
     * The timed cleanup (decision 0060): an account that applied and never confirmed its email is deleted with
     * its application and files once it is older than the retention and no confirmation link of it still works.
     */
    async removeUnconfirmed(now: Date = clock.now()): Promise<number> {
      const stale = await d.repo.staleUnconfirmed(new Date(now.getTime() - UNCONFIRMED_RETENTION_MS), now, CLEANUP_BATCH);
      let removed = 0;
      for (const account of stale) {
        if (!(await d.repo.deleteUnconfirmed(account.id))) continue;
        removed++;
        await removeFiles(account);
        // The audit keeps the id, not the email: the person asked for nothing to be kept.
        await d.audit.record({
          action: 'applying.unconfirmed_removed',
          actor_user_id: null,
          target_type: 'user',
          target_id: account.id,
          details: { rule: 'email not confirmed within the retention' },
        });
      }
      return removed;
    },
  };
}
export type ApplyingService = ReturnType<typeof createApplyingService>;
