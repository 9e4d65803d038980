import { randomUUID } from 'node:crypto';
import {
  fieldErrors,
  firstMessage,
  ianaZone,
  isProfileField,
  isSmsCapable,
  PROFILE_FIELD_RULES,
  PROFILE_MESSAGES,
  type ProfileField,
  TIME_ZONE_MESSAGES,
  zoneTitle,
} from '@simvisit/schema';
import type { UserRow, UserUpdate } from '../../db/types';
import { fieldError, notFound, unprocessable } from '../../http/errors';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { FileStore } from '../../platform/files';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { SessionsService } from '../../platform/sessions';
import { isLookupField, type ProfileRepository } from './profile.repository';
import { toProfilePng } from './profile-image';

interface Deps {
  repo: ProfileRepository;
  audit: AuditService;
  sessions: SessionsService;
  files: FileStore;
}

/** The signed-in user's own profile (spec 000 §2.13): one allowlisted field at a time (AUTHZ-08). */
export function createProfileService(d: Deps) {
  return {
    async updateField(user: UserRow, field: string, value: unknown, currentPassword: string | undefined) {
      if (!isProfileField(field)) throw fieldError(field.slice(0, 64), PROFILE_MESSAGES.notEditable);
      const parsed = PROFILE_FIELD_RULES[field].safeParse(value);
      if (!parsed.success) {
        const message = firstMessage(fieldErrors(parsed.error.issues));
        throw fieldError(field, message);
      }
      const next = parsed.data as unknown;
      const changes: UserUpdate = { [field as ProfileField]: next } as UserUpdate;

      if (isLookupField(field) && next !== null && !(await d.repo.lookupExists(field, next as number))) {
        throw fieldError(field, PROFILE_MESSAGES.unknownOption);
      }
      if (field === 'email') {
        if (!currentPassword) throw fieldError('current_password', PROFILE_MESSAGES.currentPasswordRequired);
        if (!(await verifyPassword(user.password, currentPassword))) {
          throw fieldError('current_password', PROFILE_MESSAGES.currentPasswordWrong);
        }
        if (await d.repo.emailTaken(next as string, user.id)) throw fieldError('email', PROFILE_MESSAGES.emailTaken);
      }
      if (field === 'mobile_number' && next !== user.mobile_number) {
        // A new number has to be verified again (SMS-03); no number means no SMS.
        changes.mobile_verified_at = null;
        if (next === null) changes.enable_sms_notifications = false;
      }
      if (field === 'enable_sms_notifications' && next === true && !isSmsCapable(user.mobile_number)) {
        throw unprocessable(PROFILE_MESSAGES.smsTitle, { enable_sms_notifications: [PROFILE_MESSAGES.smsContent] });
      }
      await d.repo.update(user.id, changes);
      await d.audit.record({
        action: 'profile.update',
        actor_user_id: user.id,
        target_type: 'user',
        target_id: user.id,
        details: { field },
      });
      return next;
    },

    /**
     * The profile's zone by its IANA name (docs/decisions/0086): the device's at first sign-in, or on switching.
     * A real zone missing from the curated list joins it, so the profile page's picker can show it.
     */
    async setTimeZone(user: UserRow, timezone: string): Promise<string> {
      const zone = ianaZone(timezone);
      if (!zone) throw fieldError('timezone', TIME_ZONE_MESSAGES.invalid);
      const timezoneId = await d.repo.timeZoneId(zone, zoneTitle(zone, clock.now()));
      if (timezoneId !== user.timezone_id) {
        await d.repo.update(user.id, { timezone_id: timezoneId });
        await d.audit.record({
          action: 'profile.update',
          actor_user_id: user.id,
          target_type: 'user',
          target_id: user.id,
          details: { field: 'timezone_id' },
        });
      }
      return zone;
    },

    /** A dynamic registration field of the default set or the user's partner; select values must be options. */
    async updateCustomField(user: UserRow, partnerId: number | null, fieldId: number, value: string | number | null) {
      const field = await d.repo.registrationField(fieldId);
      if (!field || (field.partner_id !== 0 && field.partner_id !== partnerId)) throw notFound();
      let stored = value === null ? null : String(value).trim();
      if (stored === '') stored = null;
      if (field.required && stored === null) throw fieldError('value', `The ${field.title} field is required.`);
      if (field.field_type === 'select' && stored !== null) {
        const options = await d.repo.selectValues(field.id);
        const match = options.find((o) => String(o.id) === stored || o.title === stored);
        if (!match) throw fieldError('value', PROFILE_MESSAGES.unknownOption);
        stored = match.title;
      }
      if (stored !== null && stored.length > (field.field_type === 'textbox' ? 2000 : 255)) {
        throw fieldError('value', 'The value is too long.');
      }
      await d.repo.saveCustomValue(user.id, field.id, stored);
      return stored;
    },

    /** Changing one's password needs the current one; other sessions are signed out. */
    async updatePassword(user: UserRow, sessionId: string, current: string, next: string) {
      if (!(await verifyPassword(user.password, current))) {
        throw fieldError('current_password', PROFILE_MESSAGES.currentPasswordWrong);
      }
      await d.repo.update(user.id, { password: await hashPassword(next) });
      await d.sessions.destroyOthers(user.id, sessionId);
      await d.audit.record({ action: 'auth.password_changed', actor_user_id: user.id, target_type: 'user', target_id: user.id });
    },

    async updateImage(user: UserRow, data: Buffer): Promise<string> {
      const result = await toProfilePng(data);
      if (!result.ok) throw fieldError('image', result.message);
      const name = `${randomUUID()}.png`;
      await d.files.put(`profile-images/${name}`, result.png);
      const location = `/api/files/profile-images/${name}`;
      await d.repo.update(user.id, { image: location });
      await d.audit.record({ action: 'profile.image', actor_user_id: user.id, target_type: 'user', target_id: user.id });
      return location;
    },

    profileImage: (name: string) => d.files.get(`profile-images/${name}`),
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
