import {
  type BrandPassword,
  type BrandPasswordsResponse,
  generateBrandPassword,
  isRotationDue,
  BRAND_PASSWORD_MESSAGES as M,
  rotationEndDateError,
  type SaveBrandPassword,
  type SaveBrandPasswordResponse,
} from '@simvisit/schema';
import type { Config } from '../../config';
import type { PartnerRow } from '../../db/types';
import { fieldError, notFound } from '../../http/errors';
import type { AuditRequest } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { MailService } from '../../platform/mail';
import type { BrandPasswordRow, BrandPasswordsRepository } from './brand-passwords.repository';

function toBrandPassword(row: BrandPasswordRow): BrandPassword {
  return { ...row, password_rotated_at: row.password_rotated_at?.toISOString() ?? null };
}

/**
 * Manage Passwords (spec 002 §2.14; decision 0059). Only super admins reach it (the route's gate, AUTHZ-14), and
 * they administer every partner. The passcode itself never goes into an audit entry (LOG-01); rotation mails
 * it to the partner's client admins, who hand it to their learners.
 */
export function createBrandPasswordsService(d: { repo: BrandPasswordsRepository; mail: MailService; config: Config }) {
  const { repo } = d;

  async function tellClientAdmins(partner: BrandPasswordRow, password: string): Promise<number> {
    const admins = await repo.clientAdmins(partner.id);
    const until = partner.rotation_end_date ? ` until ${partner.rotation_end_date}` : '';
    const every = partner.rotation_frequency === 1 ? 'every day' : `every ${partner.rotation_frequency} days`;
    for (const admin of admins) {
      // Stored in the outbox before the next one: a lost mail would leave learners locked out.
      await d.mail.queue({
        to: admin.email,
        subject: `${d.config.productName}: ${M.rotatedSubject(partner.long_name)}`,
        text:
          `Hello ${admin.first_name},\n\n` +
          `The passcode learners of ${partner.long_name} enter to use ${d.config.productName} has changed. ` +
          `The new passcode is:\n\n${password}\n\n` +
          `Learners who entered the old one will be asked for this one when they next open the app. ` +
          `It changes ${every}${until}; each new passcode is sent to you like this one.\n\n` +
          `${d.config.appUrl}/login?partner_slug=${encodeURIComponent(partner.slug)}`,
      });
    }
    return admins.length;
  }

  return {
    /**
     * A daily cap on wrong passcodes tripped at the partner (features/passcode, decision 0079): its client admins
     * hear it once a day per cap, with what it means for their learners and what they can do. The passcode itself
     * is not in the mail: nothing here needs it.
     */
    async tellGuessingCapped(partner: PartnerRow, cap: 'address' | 'partner', max: number): Promise<number> {
      const admins = await repo.clientAdmins(partner.id);
      const what =
        cap === 'partner'
          ? `More than ${max} wrong passcodes were entered for ${partner.long_name} today. ` +
            'Passcode entry for your learners is paused until the day is over.'
          : `More than ${max} wrong passcodes for ${partner.long_name} came from one network address today. ` +
            'Passcode entry from that address is paused until the day is over.';
      for (const admin of admins) {
        await d.mail.queue({
          to: admin.email,
          subject: `${d.config.productName}: ${M.guessingSubject(partner.long_name)}`,
          text:
            `Hello ${admin.first_name},\n\n${what} Someone may be trying to guess your brand passcode.\n\n` +
            'Learners who already entered the passcode, and learners on your pre-approved email list, are not affected. ' +
            `If you think the passcode has been shared or guessed, ask ${d.config.productName} support to change it.\n\n` +
            `${d.config.appUrl}/login?partner_slug=${encodeURIComponent(partner.slug)}`,
        });
      }
      return admins.length;
    },

    /** GET api/partner/passwords */
    async list(): Promise<BrandPasswordsResponse> {
      return { partners: (await repo.all()).map(toBrandPassword) };
    },

    /** POST api/partner/save-password: the combinations are checked by the request's schema; the past here. */
    async save(request: AuditRequest, req: SaveBrandPassword): Promise<SaveBrandPasswordResponse> {
      const now = clock.now();
      const pastDate = req.rotate_password ? rotationEndDateError(req.rotation_end_date, now) : null;
      if (pastDate) throw fieldError('rotation_end_date', pastDate);
      const current = await repo.byId(req.partner_id);
      if (!current) throw notFound(M.partnerNotFound);
      const settings = {
        enable_password: req.enable_password,
        password: req.password ?? null,
        rotate_password: req.rotate_password,
        rotation_frequency: req.rotate_password ? (req.rotation_frequency ?? null) : null,
        rotation_end_date: req.rotate_password ? (req.rotation_end_date ?? null) : null,
      };
      const passwordChanged = settings.password !== current.password;
      // Rotation counts from the last change; turning it on starts the count now, so it never rotates at once.
      const startsRotating = settings.rotate_password && !current.rotate_password;
      const row = await repo.save(current.id, settings, passwordChanged || startsRotating ? now : null, {
        action: 'partner.password_settings_updated',
        actor_user_id: request.userId,
        partner_id: current.id,
        ip: request.ip,
        request_id: request.requestId,
        target_type: 'partner',
        target_id: current.id,
        details: {
          enable_password: settings.enable_password,
          password_changed: passwordChanged,
          rotate_password: settings.rotate_password,
          rotation_frequency: settings.rotation_frequency,
          rotation_end_date: settings.rotation_end_date,
        },
      });
      if (!row) throw notFound(M.partnerNotFound);
      return { message: M.saved, partner: toBrandPassword(row) };
    },

    /**
     * The timed job (run with the visit jobs, decision 0059): a new generated passcode for every partner whose
     * rotation is due, mailed to its client admins. Safe with several runners: each change is a compare and swap,
     * so a passcode due once is rotated (and mailed) once. Returns the partners rotated.
     */
    async rotateDue(now: Date = clock.now()): Promise<number[]> {
      const rotated: number[] = [];
      for (const partner of await repo.rotating(now.toISOString().slice(0, 10))) {
        if (!isRotationDue(partner, now)) continue;
        const password = generateBrandPassword();
        const won = await repo.rotate(partner.id, partner.password_rotated_at, password, now, {
          action: 'partner.password_rotated',
          actor_user_id: null,
          partner_id: partner.id,
          target_type: 'partner',
          target_id: partner.id,
          details: { rotation_frequency: partner.rotation_frequency, rotation_end_date: partner.rotation_end_date },
        });
        if (!won) continue;
        rotated.push(partner.id);
        await tellClientAdmins(partner, password);
      }
      return rotated;
    },
  };
}
export type BrandPasswordsService = ReturnType<typeof createBrandPasswordsService>;
