import {
  type ActivityKind,
  DETAIL_PAGE_SIZE,
  fullName,
  isSmsCapable,
  PARTNER_SIM,
  PROFILE_MESSAGES,
  ROLE,
  ROLE_BOXES,
  ROLE_FILTER_SUPER_ADMINS,
  trainingStatus,
  type UpdateRolesRequest,
  USER_LIST_PAGE_SIZE,
} from '@simvisit/schema';
import type { Config } from '../../config';
import type { UserRow } from '../../db/types';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import { randomToken, sha256 } from '../../lib/crypto';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { MailService } from '../../platform/mail';
import { hashPassword } from '../../platform/passwords';
import type { SessionsService } from '../../platform/sessions';
import type { AvailabilityService } from '../availability';
import type { NotificationsService } from '../notifications';
import type { UsersService } from '../users';
import type { UserManagementRepository } from './user-management.repository';

const AUTO_LOGIN_TTL_MS = 15 * 60 * 1000;

/** The caller: the session's user, partner and permissions there (the same shape the sync rules use). */
export type Caller = Actor;

interface Deps {
  repo: UserManagementRepository;
  users: UsersService;
  sessions: SessionsService;
  audit: AuditService;
  mail: MailService;
  notifications: NotificationsService;
  availability: AvailabilityService;
  config: Config;
  /** the user's training sessions (features/training-sessions, created later: called at request time) */
  trainingSessionsOf: (
    userId: number,
    offset: number,
    limit: number,
  ) => Promise<{ items: { id: number; local_time: string; role: string; status: string }[]; total: number }>;
}

/**
 * User management (spec 000 §2.14). An admin reaches only users holding a role at a partner they administer
 * (admins and head trainers: the current partner; client admins: the partners assigned to them); super
 * admins reach everyone, and only super admins reach super admins (AUTHZ-07, PWD-05). Anyone else is 404.
 */
export function createUserManagementService(d: Deps) {
  async function administered(caller: Caller): Promise<number[] | null> {
    if (caller.user.super_admin) return null;
    if (caller.partnerId === null) return [];
    const here = (await d.users.grants(caller.user.id))
      .filter((g) => g.is_approved && g.partner_id === caller.partnerId)
      .map((g) => g.role_id);
    const set = new Set<number>();
    if (here.includes(ROLE.admin) || here.includes(ROLE.head_trainer)) set.add(caller.partnerId);
    if (here.includes(ROLE.client_admin)) for (const p of await d.repo.clientAdminPartners(caller.user.id)) set.add(p.id);
    return [...set];
  }

  async function target(caller: Caller, userId: number): Promise<UserRow> {
    const user = await d.repo.inScope(await administered(caller), userId);
    if (!user) throw notFound('User not found.');
    return user;
  }

  const audit = (caller: Caller, action: string, userId: number, details?: Record<string, unknown>) =>
    d.audit.record({
      action,
      actor_user_id: caller.user.id,
      partner_id: caller.partnerId,
      target_type: 'user',
      target_id: userId,
      details: details ?? null,
    });

  /** A page of a user's activity; visits and training sessions come with their features. */
  async function activityOf(userId: number, kind: ActivityKind, pageStart: number) {
    if (kind === 'training_sessions') return d.trainingSessionsOf(userId, pageStart, DETAIL_PAGE_SIZE);
    if (kind !== 'interviews') return { items: [], total: 0 };
    const rows = await d.repo.interviewsOf(userId, pageStart, DETAIL_PAGE_SIZE);
    return {
      items: rows.map((i) => ({
        id: i.id,
        local_time: i.start_at.toISOString(),
        role: i.applicant_user_id === userId ? 'Applicant' : 'Trainer',
        status: trainingStatus(i),
      })),
      total: await d.repo.countInterviews(userId),
    };
  }

  return {
    administered,

    async activity(caller: Caller, userId: number, kind: ActivityKind, pageStart: number) {
      const user = await target(caller, userId);
      return activityOf(user.id, kind, pageStart);
    },

    async list(caller: Caller, q: { role_id: number; email_string: string; page_start: number }) {
      const superAdmins = q.role_id === ROLE_FILTER_SUPER_ADMINS;
      if (superAdmins && !caller.user.super_admin) throw forbidden();
      const { users, total } = await d.repo.list(
        await administered(caller),
        { roleId: q.role_id, superAdmins, email: q.email_string.trim() },
        { offset: q.page_start, limit: USER_LIST_PAGE_SIZE },
      );
      return {
        users: users.map((u) => ({ id: u.id, name: fullName(u), email: u.email, image_location: u.image })),
        total,
      };
    },

    async detail(caller: Caller, userId: number) {
      const user = await target(caller, userId);
      const scope = await administered(caller);
      const grants = await d.users.grants(user.id);
      const partnerIds = [...new Set(grants.map((g) => g.partner_id))].filter((id) => scope === null || scope.includes(id));
      const partners = await d.repo.partnersByIds(partnerIds);
      const canLink = user.auto_login && (caller.user.super_admin || caller.permissions.includes('user.edit'));
      const withLinks = [];
      for (const p of partners) {
        let al_link: string | null = null;
        if (canLink) {
          const token = randomToken();
          await d.repo.insertAutoLogin({
            user_id: user.id,
            partner_id: p.id,
            token_hash: sha256(token),
            created_by: caller.user.id,
            expires_at: new Date(Date.now() + AUTO_LOGIN_TTL_MS),
          });
          al_link = `${d.config.appUrl}/auto-login/${token}`;
        }
        withLinks.push({ id: p.id, long_name: p.long_name, slug: p.slug, is_sim: p.is_sim, al_link });
      }
      const allPartners = scope === null ? await d.repo.allPartners() : await d.repo.partnersByIds(scope);
      const clientPartners = await d.repo.clientAdminPartners(user.id);
      const viewerZone = await d.availability.zoneOf(caller.user.id);
      const interviews = await activityOf(user.id, 'interviews', 0);
      return {
        user: {
          id: user.id,
          name: fullName(user),
          email: user.email,
          mobile_number: user.mobile_number,
          mobile_verified_at: user.mobile_verified_at ? user.mobile_verified_at.toISOString() : null,
          image_location: user.image,
          auto_login: user.auto_login,
          enable_email_notifications: user.enable_email_notifications,
          enable_sms_notifications: user.enable_sms_notifications,
          resume: user.resume_path ? `/api/user/${user.id}/resume` : null,
          headshot: user.headshot_path ? `/api/user/${user.id}/headshot` : null,
          super_admin: user.super_admin ? 1 : 0,
          user_roles: grants.filter((g) => scope === null || scope.includes(g.partner_id)),
          partners: withLinks,
          visits: [],
          visits_total: 0,
          ...(await (async () => {
            const training = await activityOf(user.id, 'training_sessions', 0);
            return { training_sessions: training.items, training_sessions_total: training.total };
          })()),
          interviews: interviews.items,
          interviews_total: interviews.total,
          availabilities: await d.availability.list(user.id, viewerZone),
        },
        partners: allPartners.filter((p) => !p.is_sim).map((p) => ({ id: p.id, long_name: p.long_name, slug: p.slug })),
        sim_partners: allPartners.filter((p) => p.is_sim).map((p) => ({ id: p.id, long_name: p.long_name, slug: p.slug })),
        client_partners: clientPartners.filter((p) => !p.is_sim).map((p) => p.id),
        sim_client_partners: clientPartners.filter((p) => p.is_sim).map((p) => p.id),
      };
    },

    async notificationSettings(
      caller: Caller,
      userId: number,
      s: { enable_email: boolean; enable_sms: boolean; enable_autologin: boolean },
    ) {
      const user = await target(caller, userId);
      if (s.enable_sms && !isSmsCapable(user.mobile_number)) {
        throw unprocessable(PROFILE_MESSAGES.smsTitle, { enable_sms: [PROFILE_MESSAGES.smsContent] });
      }
      await d.repo.updateUser(user.id, {
        enable_email_notifications: s.enable_email,
        enable_sms_notifications: s.enable_sms,
        auto_login: s.enable_autologin,
      });
      await audit(caller, 'user.notification_settings', user.id, s);
    },

    /** Sets another user's password: their sessions end and they are told (PWD-05). */
    async setPassword(caller: Caller, userId: number, password: string) {
      const user = await target(caller, userId);
      await d.repo.updateUser(user.id, { password: await hashPassword(password) });
      await d.sessions.destroyAllForUser(user.id);
      await audit(caller, 'user.password_set', user.id);
      await d.notifications.create(user.id, {
        title: 'Your password was changed',
        content: 'An administrator set a new password for your account. Contact support if you did not expect this.',
        icon: 'warning',
        color: 'yellow',
        type: 'dismiss',
        payload: null,
      });
      d.mail.send({
        to: user.email,
        subject: `${d.config.productName}: your password was changed`,
        text: `Hello ${user.first_name},\n\nAn administrator set a new password for your ${d.config.productName} account.\nIf you did not expect this, contact ${d.config.supportEmail}.`,
      });
    },

    /**
     * The role editor: each changed box needs its user_role.* permission; client-admin partners must be
     * partners the caller administers. Nothing is written unless everything is allowed (AUTHZ-07).
     */
    async updateRoles(caller: Caller, req: UpdateRolesRequest) {
      const user = await target(caller, req.user_id);
      if (caller.partnerId === null) throw forbidden();
      const scope = await administered(caller);
      const grants = await d.users.grants(user.id);
      const has = (roleId: number, partnerId: number) =>
        grants.find((g) => g.role_id === roleId && g.partner_id === partnerId && g.is_approved);
      const may = (permission: string) => caller.user.super_admin || caller.permissions.includes(permission);
      const upserts: { role_id: number; partner_id: number; pay_rate: number | null }[] = [];
      const deletes: { role_id: number; partner_id: number }[] = [];
      const changes: string[] = [];
      for (const box of ROLE_BOXES) {
        const want = req[box.key];
        const rate = box.rate ? req[box.rate] : undefined;
        if (want === undefined && rate === undefined) continue;
        const partnerId = box.sim ? PARTNER_SIM : caller.partnerId;
        const current = has(box.roleId, partnerId);
        const enabled = want ?? !!current;
        const nextRate = rate === undefined ? (current?.pay_rate ?? null) : rate;
        const changed = enabled !== !!current || (enabled && nextRate !== (current?.pay_rate ?? null));
        if (!changed) continue;
        if (!may(box.permission)) throw forbidden(`You may not change the ${box.key.replace(/_/g, ' ')}.`);
        if (scope !== null && !box.sim && !scope.includes(partnerId)) throw forbidden();
        if (enabled) upserts.push({ role_id: box.roleId, partner_id: partnerId, pay_rate: box.rate ? nextRate : null });
        else deletes.push({ role_id: box.roleId, partner_id: partnerId });
        changes.push(`${box.key}:${enabled ? 'on' : 'off'}`);
      }
      const clientPartners: { sim: boolean; partnerIds: number[] }[] = [];
      for (const [key, sim] of [
        ['client_admin_partners', false],
        ['simclusive_client_admin_partners', true],
      ] as const) {
        const ids = req[key];
        if (ids === undefined) continue;
        if (!may('user_role.client_admin')) throw forbidden();
        const unique = [...new Set(ids)];
        const partners = await d.repo.partnersByIds(unique);
        if (partners.length !== unique.length || partners.some((p) => p.is_sim !== sim)) {
          throw unprocessable('Choose partners from the list.', { [key]: ['Choose partners from the list.'] });
        }
        if (scope !== null && unique.some((id) => !scope.includes(id))) throw forbidden();
        clientPartners.push({ sim, partnerIds: unique });
        changes.push(`${key}:${unique.join(',')}`);
      }
      await d.repo.saveRoles(user.id, { upserts, deletes, clientPartners }, clock.now());
      await audit(caller, 'user.roles_updated', user.id, { changes });
    },

    /** GET /auto-login/{token}: once, before it expires, for its user and partner (AUTH-07). */
    async consumeAutoLogin(token: string) {
      if (token.length > 100) return null;
      const row = await d.repo.consumeAutoLogin(sha256(token), new Date());
      if (!row) return null;
      const user = await d.users.byId(row.user_id);
      if (!user?.auto_login) return null;
      return { user, partnerId: row.partner_id };
    },

    /** A private file of a user in scope (UP-05). */
    async privateFile(caller: Caller, userId: number, kind: 'resume' | 'headshot') {
      const user = caller.user.id === userId ? caller.user : await target(caller, userId);
      const key = kind === 'resume' ? user.resume_path : user.headshot_path;
      if (!key) throw notFound();
      return key;
    },
  };
}
export type UserManagementService = ReturnType<typeof createUserManagementService>;
